-- A learner's "My Quiz Attempts" pages kept by each app process until the database says their attempts changed
-- (issue 20, ADR 019 session 24): channel lyceum_learner_attempts, payload the learner's id. A page shows the
-- learner's attempts across courses (number, status, start, deadline, submission and score) with their assessment's
-- and course's titles and release settings, which the courses' channel (lyceum_courses: 0038, 0039, 0040) tells. So:
-- an attempt started or removed, and an attempt changed out of progress or given a new deadline. The answers saved
-- while it is in progress run no function (the trigger's WHEN).
CREATE OR REPLACE FUNCTION "notify_learner_attempts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lyceum_learner_attempts', OLD."student_id"::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lyceum_learner_attempts', NEW."student_id"::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "attempts_learner_insert" AFTER INSERT ON "attempts"
FOR EACH ROW EXECUTE FUNCTION "notify_learner_attempts"();
--> statement-breakpoint
CREATE TRIGGER "attempts_learner_update" AFTER UPDATE ON "attempts"
FOR EACH ROW WHEN (OLD."status" <> 'in_progress' OR NEW."status" <> 'in_progress'
  OR OLD."deadline_at" IS DISTINCT FROM NEW."deadline_at" OR OLD."started_at" IS DISTINCT FROM NEW."started_at"
  OR OLD."number" IS DISTINCT FROM NEW."number" OR OLD."student_id" IS DISTINCT FROM NEW."student_id"
  OR OLD."assessment_id" IS DISTINCT FROM NEW."assessment_id")
EXECUTE FUNCTION "notify_learner_attempts"();
--> statement-breakpoint
CREATE TRIGGER "attempts_learner_delete" AFTER DELETE ON "attempts"
FOR EACH ROW EXECUTE FUNCTION "notify_learner_attempts"();
