-- Rosters (issue 48.4, ADR 065): imports of a plain CSV or a OneRoster 1.2 CSV zip, their parsed rows (never the
-- file), and the links from a roster's identifiers to Lyceum users and classes (what makes a second import a no-op).
CREATE TABLE "roster_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"format" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"send_password_mail" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"preview" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "roster_imports_status_check" CHECK ("roster_imports"."status" in ('preview', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "roster_imports_created_idx" ON "roster_imports" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "roster_import_rows" (
	"import_id" uuid NOT NULL,
	"seq" bigserial NOT NULL,
	"stage" integer NOT NULL,
	"file" text NOT NULL,
	"line" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "roster_import_rows_import_id_stage_seq_pk" PRIMARY KEY("import_id","stage","seq")
);
--> statement-breakpoint
ALTER TABLE "roster_import_rows" ADD CONSTRAINT "roster_import_rows_import_id_roster_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."roster_imports"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "roster_links" (
	"kind" text NOT NULL,
	"sourced_id" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_links_kind_sourced_id_pk" PRIMARY KEY("kind","sourced_id")
);
--> statement-breakpoint
CREATE INDEX "roster_links_target_idx" ON "roster_links" USING btree ("target_id");
