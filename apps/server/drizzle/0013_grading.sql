CREATE TABLE "answer_grade_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"old_score" numeric(8, 2),
	"new_score" numeric(8, 2),
	"grader_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_rubric_scores" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"rubric_id" uuid NOT NULL,
	"selections" jsonb NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"grader_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_rubric_scores_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "comment_bank" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"points" numeric(10, 2),
	"reason" text NOT NULL,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_overrides_points_check" CHECK ("grade_overrides"."points" is null or "grade_overrides"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gradebook_settings" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mistake_cards" (
	"student_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" text NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mistake_cards_student_id_question_id_pk" PRIMARY KEY("student_id","question_id"),
	CONSTRAINT "mistake_cards_state_check" CHECK ("mistake_cards"."state" in ('new', 'learning', 'review', 'relearning'))
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"max_points" numeric(10, 2) NOT NULL,
	"question_id" uuid,
	"assessment_id" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rubrics_one_target_check" CHECK ("rubrics"."question_id" is null or "rubrics"."assessment_id" is null)
);
--> statement-breakpoint
ALTER TABLE "answer_grade_log" ADD CONSTRAINT "answer_grade_log_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_grade_log" ADD CONSTRAINT "answer_grade_log_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_grade_log" ADD CONSTRAINT "answer_grade_log_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_rubric_scores" ADD CONSTRAINT "answer_rubric_scores_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_rubric_scores" ADD CONSTRAINT "answer_rubric_scores_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_rubric_scores" ADD CONSTRAINT "answer_rubric_scores_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_rubric_scores" ADD CONSTRAINT "answer_rubric_scores_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_bank" ADD CONSTRAINT "comment_bank_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_assessment_id_assessments_item_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gradebook_settings" ADD CONSTRAINT "gradebook_settings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_cards" ADD CONSTRAINT "mistake_cards_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_cards" ADD CONSTRAINT "mistake_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mistake_cards" ADD CONSTRAINT "mistake_cards_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_assessment_id_assessments_item_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("item_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_grade_log_attempt_idx" ON "answer_grade_log" USING btree ("attempt_id","question_id","created_at");--> statement-breakpoint
CREATE INDEX "comment_bank_teacher_idx" ON "comment_bank" USING btree ("teacher_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "grade_overrides_cell_idx" ON "grade_overrides" USING btree ("assessment_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "mistake_cards_due_idx" ON "mistake_cards" USING btree ("student_id","due");--> statement-breakpoint
CREATE INDEX "rubrics_course_idx" ON "rubrics" USING btree ("course_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rubrics_question_key" ON "rubrics" USING btree ("question_id") WHERE question_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rubrics_assessment_key" ON "rubrics" USING btree ("assessment_id") WHERE assessment_id is not null;