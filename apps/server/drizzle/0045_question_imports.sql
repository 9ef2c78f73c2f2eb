CREATE TABLE "question_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"created_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"written" integer DEFAULT 0 NOT NULL,
	"questions" jsonb NOT NULL,
	"report" jsonb NOT NULL,
	"created_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "question_imports_status_check" CHECK ("question_imports"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "question_imports" ADD CONSTRAINT "question_imports_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_imports" ADD CONSTRAINT "question_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_imports_course_idx" ON "question_imports" USING btree ("course_id");