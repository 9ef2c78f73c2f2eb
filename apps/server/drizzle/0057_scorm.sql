-- SCORM 1.2 / 2004 packages as lessons (issue 50.1, ADR 067): a lesson's package (one row; a replacement is a new
-- row), its files as bytea, and each learner's attempt per SCO (status, score and times as columns, CMI data kept).
CREATE TABLE "scorm_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"version" text NOT NULL,
	"schema_version" text NOT NULL,
	"title" text NOT NULL,
	"toc" jsonb NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_packages_version_check" CHECK ("scorm_packages"."version" in ('1.2', '2004'))
);
--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_packages_item_idx" ON "scorm_packages" USING btree ("item_id");
--> statement-breakpoint
CREATE TABLE "scorm_files" (
	"package_id" uuid NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "scorm_files_package_id_path_pk" PRIMARY KEY("package_id","path")
);
--> statement-breakpoint
ALTER TABLE "scorm_files" ADD CONSTRAINT "scorm_files_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "scorm_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"sco" text NOT NULL,
	"completion" text DEFAULT 'not attempted' NOT NULL,
	"success" text DEFAULT 'unknown' NOT NULL,
	"score_raw" double precision,
	"score_min" double precision,
	"score_max" double precision,
	"score_scaled" double precision,
	"progress_measure" double precision,
	"location" text DEFAULT '' NOT NULL,
	"suspend_data" text DEFAULT '' NOT NULL,
	"exit" text DEFAULT '' NOT NULL,
	"prior_seconds" double precision DEFAULT 0 NOT NULL,
	"session_seconds" double precision DEFAULT 0 NOT NULL,
	"session" text DEFAULT '' NOT NULL,
	"interactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"commits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_attempts_learner_idx" ON "scorm_attempts" USING btree ("item_id","student_id","sco");
--> statement-breakpoint
CREATE INDEX "scorm_attempts_student_idx" ON "scorm_attempts" USING btree ("student_id");
