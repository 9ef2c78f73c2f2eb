-- A teacher's own at-risk thresholds (issue 49 point 3, ADR 061): no row, the defaults of the contract.
CREATE TABLE "teacher_settings" (
	"teacher_id" uuid PRIMARY KEY NOT NULL,
	"inactive_days" integer NOT NULL,
	"missing_assignments" integer NOT NULL,
	"passing_percent" integer NOT NULL,
	"behind_points" integer NOT NULL,
	"absences" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_settings_bounds" CHECK ("inactive_days" between 1 and 365 and "missing_assignments" between 1 and 50
        and "passing_percent" between 1 and 100 and "behind_points" between 1 and 100
        and "absences" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "teacher_settings" ADD CONSTRAINT "teacher_settings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
