-- The teacher dashboard's counters kept by each app process (issue 20, ADR 019 session 18, dashboards/service.ts),
-- as the student's are (migration 0031): at commit the database tells every process which teacher's counters
-- changed, whichever code path, process or command-line tool changed them. The payload is the teacher's id.
-- What the counters read: the teacher's courses (their status, owner, and the review count and rating sum that
-- migration 0003's triggers keep on them from the reviews) and the enrolments in those courses (student, status).
CREATE OR REPLACE FUNCTION "notify_teacher_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'courses' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('lyceum_teachers', OLD."teacher_id"::text);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."teacher_id" IS DISTINCT FROM OLD."teacher_id") THEN
      PERFORM pg_notify('lyceum_teachers', NEW."teacher_id"::text);
    END IF;
  ELSE
    -- An enrolment: the teacher of the course it was in and of the one it is in (one, unless it moved).
    PERFORM pg_notify('lyceum_teachers', c."teacher_id"::text)
       FROM "courses" c
      WHERE c."id" IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD."course_id" END,
                       CASE WHEN TG_OP <> 'DELETE' THEN NEW."course_id" END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_teacher_change" AFTER INSERT OR DELETE OR UPDATE OF "teacher_id", "status", "rating_count", "rating_sum" ON "courses"
FOR EACH ROW EXECUTE FUNCTION "notify_teacher_change"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_teacher_change" AFTER INSERT OR DELETE OR UPDATE OF "student_id", "course_id", "status" ON "enrolments"
FOR EACH ROW EXECUTE FUNCTION "notify_teacher_change"();
