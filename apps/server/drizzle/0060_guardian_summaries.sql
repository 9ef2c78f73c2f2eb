-- Guardians, slice 3 (issue 52, ADR 070): a student's date of birth (the 18+ rule), a guardian's weekly summary
-- choice and per-child mute, and the weeks a summary went out (one row per guardian and ISO week: the key that
-- keeps two app processes from sending it twice).
ALTER TABLE "users" ADD COLUMN "date_of_birth" date;
--> statement-breakpoint
ALTER TABLE "guardian_links" ADD COLUMN "summary_muted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "guardian_settings" (
	"guardian_id" uuid PRIMARY KEY NOT NULL,
	"weekly_summary" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guardian_settings" ADD CONSTRAINT "guardian_settings_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "guardian_summaries" (
	"guardian_id" uuid NOT NULL,
	"iso_week" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_summaries_pkey" PRIMARY KEY ("guardian_id", "iso_week")
);
--> statement-breakpoint
ALTER TABLE "guardian_summaries" ADD CONSTRAINT "guardian_summaries_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
