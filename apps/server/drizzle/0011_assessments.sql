CREATE TABLE "assessment_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"mode" text NOT NULL,
	"question_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"draw_tag" text,
	"draw_count" integer,
	CONSTRAINT "assessment_parts_mode_check" CHECK (("assessment_parts"."mode" = 'fixed') or ("assessment_parts"."mode" = 'draw' and "assessment_parts"."draw_tag" is not null and "assessment_parts"."draw_count" > 0))
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"kind" text DEFAULT 'quiz' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"points" numeric(8, 2) DEFAULT 100 NOT NULL,
	"passing_percent" numeric(5, 2) DEFAULT 50 NOT NULL,
	"time_limit_minutes" integer,
	"attempts_allowed" integer DEFAULT 1,
	"counting_rule" text DEFAULT 'highest' NOT NULL,
	"opens_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"late_penalty_percent_per_day" numeric(5, 2) DEFAULT 0 NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_choices" boolean DEFAULT false NOT NULL,
	"layout" text DEFAULT 'all' NOT NULL,
	"release_score" text DEFAULT 'immediately' NOT NULL,
	"release_answers" text DEFAULT 'after_due' NOT NULL,
	"release_feedback" text DEFAULT 'immediately' NOT NULL,
	"released_at" timestamp with time zone,
	"required_for_completion" text DEFAULT 'submitted' NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessments_kind_check" CHECK ("assessments"."kind" in ('quiz', 'exam', 'assignment')),
	CONSTRAINT "assessments_points_check" CHECK ("assessments"."points" >= 0),
	CONSTRAINT "assessments_passing_check" CHECK ("assessments"."passing_percent" between 0 and 100),
	CONSTRAINT "assessments_penalty_check" CHECK ("assessments"."late_penalty_percent_per_day" between 0 and 100),
	CONSTRAINT "assessments_limit_check" CHECK ("assessments"."time_limit_minutes" is null or "assessments"."time_limit_minutes" > 0),
	CONSTRAINT "assessments_attempts_check" CHECK ("assessments"."attempts_allowed" is null or "assessments"."attempts_allowed" > 0)
);
--> statement-breakpoint
CREATE TABLE "attempt_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"response" jsonb NOT NULL,
	"auto_score" numeric(8, 2),
	"manual_score" numeric(8, 2),
	"feedback" text DEFAULT '' NOT NULL,
	"grader_id" uuid,
	"needs_manual" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"auto_submitted" boolean DEFAULT false NOT NULL,
	"question_ids" uuid[] NOT NULL,
	"seed" integer NOT NULL,
	"saves_count" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"raw_score" numeric(10, 2),
	"max_score" numeric(10, 2),
	"penalty_percent" numeric(5, 2),
	"score" numeric(10, 2),
	"late" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempts_status_check" CHECK ("attempts"."status" in ('in_progress', 'submitted', 'needs_grading', 'graded'))
);
--> statement-breakpoint
CREATE TABLE "regrade_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"question_version" integer NOT NULL,
	"old_score" numeric(8, 2),
	"new_score" numeric(8, 2),
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_parts" ADD CONSTRAINT "assessment_parts_assessment_id_assessments_item_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_assessment_id_assessments_item_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_log" ADD CONSTRAINT "regrade_log_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_log" ADD CONSTRAINT "regrade_log_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_log" ADD CONSTRAINT "regrade_log_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_parts_assessment_idx" ON "assessment_parts" USING btree ("assessment_id","position");--> statement-breakpoint
CREATE INDEX "assessments_course_idx" ON "assessments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "attempt_answers_question_idx" ON "attempt_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_number_key" ON "attempts" USING btree ("assessment_id","student_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_open_key" ON "attempts" USING btree ("assessment_id","student_id") WHERE status = 'in_progress';--> statement-breakpoint
CREATE INDEX "attempts_student_idx" ON "attempts" USING btree ("student_id","started_at","id");--> statement-breakpoint
CREATE INDEX "attempts_assessment_idx" ON "attempts" USING btree ("assessment_id","started_at","id");--> statement-breakpoint
CREATE INDEX "attempts_overdue_idx" ON "attempts" USING btree ("deadline_at") WHERE status = 'in_progress';--> statement-breakpoint
CREATE INDEX "regrade_log_attempt_idx" ON "regrade_log" USING btree ("attempt_id","created_at");