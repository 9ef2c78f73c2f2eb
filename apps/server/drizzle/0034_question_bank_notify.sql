-- A course's question bank pages kept by each app process until the database says they changed (issue 20, ADR 019
-- session 19), kept under the course's teacher: a question written, changed, moved or deleted tells that teacher on
-- the teacher channel (migration 0032), whichever code path, process or command-line tool wrote it. A change of the
-- course's owner is told by 0032's course trigger; a deleted course takes its questions with it and is told there.
CREATE OR REPLACE FUNCTION "notify_question_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lyceum_teachers', c."teacher_id"::text) FROM "courses" c WHERE c."id" = OLD."course_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."course_id" IS DISTINCT FROM OLD."course_id") THEN
    PERFORM pg_notify('lyceum_teachers', c."teacher_id"::text) FROM "courses" c WHERE c."id" = NEW."course_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "questions_teacher_change" AFTER INSERT OR UPDATE OR DELETE ON "questions"
FOR EACH ROW EXECUTE FUNCTION "notify_question_change"();
