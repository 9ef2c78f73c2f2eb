-- The student's To do (GET /api/me/todo, issue 49, ADR 057) kept by each app process per student until the database
-- says something it shows changed (docs/kept-pages.md). Most of what it shows already tells a channel: the student's
-- completions and enrolments (lyceum_students 0031, lyceum_learner_enrolments 0044), their classes and memberships
-- (lyceum_users 0036/0037), the classes' assignments, learners and accommodations (lyceum_class_results 0041), the
-- courses' items, sections, assessments and titles (lyceum_courses 0038/0039/0040). What did not: the mistake cards
-- due today, the student's time zone (the end of their day), the course activity that orders "continue", and a
-- course's status (only published courses are continued) on the course's channel. Each tells them here.
CREATE OR REPLACE FUNCTION "notify_row_student"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lyceum_students', OLD."student_id"::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lyceum_students', NEW."student_id"::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "mistake_cards_student_insert_delete" AFTER INSERT OR DELETE ON "mistake_cards"
FOR EACH ROW EXECUTE FUNCTION "notify_row_student"();
--> statement-breakpoint
CREATE TRIGGER "mistake_cards_student_update" AFTER UPDATE ON "mistake_cards"
FOR EACH ROW WHEN (OLD."due" IS DISTINCT FROM NEW."due" OR OLD."student_id" IS DISTINCT FROM NEW."student_id")
EXECUTE FUNCTION "notify_row_student"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_student_activity" AFTER UPDATE OF "last_activity_at" ON "enrolments"
FOR EACH ROW WHEN (OLD."last_activity_at" IS DISTINCT FROM NEW."last_activity_at")
EXECUTE FUNCTION "notify_row_student"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_user_student"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_students', NEW."id"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_student_time_zone" AFTER UPDATE OF "time_zone" ON "users"
FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
EXECUTE FUNCTION "notify_user_student"();
--> statement-breakpoint
CREATE TRIGGER "courses_status_course_change" AFTER UPDATE OF "status" ON "courses"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "notify_course_heading_change"();
