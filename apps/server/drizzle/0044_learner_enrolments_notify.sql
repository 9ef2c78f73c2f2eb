-- A student's own enrolment list ("My enrolled courses", GET /api/student/enrolments) kept by each app process until
-- the database says it changed (issue 20, ADR 019 session 25): channel lyceum_learner_enrolments, payload the
-- student's id. A page shows the student's enrolments (course, status, progress, place to resume, dates) with each
-- course's card, which the teachers' channel tells (lyceum_teachers: 0032, 0033 — a card's text, status, rating and
-- enrolled count, its teacher's name and picture). So: an enrolment added or removed, and one whose shown columns
-- change (the lesson a student opens moves the place to resume; the trigger's WHEN lets other writes through).
CREATE OR REPLACE FUNCTION "notify_learner_enrolments"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lyceum_learner_enrolments', OLD."student_id"::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lyceum_learner_enrolments', NEW."student_id"::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "enrolments_learner_insert" AFTER INSERT ON "enrolments"
FOR EACH ROW EXECUTE FUNCTION "notify_learner_enrolments"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_learner_update" AFTER UPDATE ON "enrolments"
FOR EACH ROW WHEN (OLD."student_id" IS DISTINCT FROM NEW."student_id" OR OLD."course_id" IS DISTINCT FROM NEW."course_id"
  OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."progress_percent" IS DISTINCT FROM NEW."progress_percent"
  OR OLD."completed_items" IS DISTINCT FROM NEW."completed_items" OR OLD."total_items" IS DISTINCT FROM NEW."total_items"
  OR OLD."last_item_id" IS DISTINCT FROM NEW."last_item_id" OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
  OR OLD."completed_at" IS DISTINCT FROM NEW."completed_at")
EXECUTE FUNCTION "notify_learner_enrolments"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_learner_delete" AFTER DELETE ON "enrolments"
FOR EACH ROW EXECUTE FUNCTION "notify_learner_enrolments"();
