-- The teacher dashboard's counters kept by each app process (issue 20, ADR 019 session 18, dashboards/service.ts),
-- as the student's are (migration 0031): at commit the database tells every process which teacher's counters
-- changed, whichever code path, process or command-line tool changed them. The payload is the teacher's id.
-- What the counters read: the teacher's courses (their status, owner, and the review count and rating sum that
-- migration 0003's triggers keep on them from the reviews) and the enrolments in those courses (student, status):
-- a review reaches the teacher through the course's counters, an enrolment added, removed or moved through the
-- course's enrolled count.
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
    -- An enrolment's student or status changed (its course too, sometimes: the counter below covers both courses).
    PERFORM pg_notify('lyceum_teachers', c."teacher_id"::text) FROM "courses" c WHERE c."id" = NEW."course_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_teacher_change" AFTER INSERT OR DELETE OR UPDATE OF "teacher_id", "status", "rating_count", "rating_sum" ON "courses"
FOR EACH ROW EXECUTE FUNCTION "notify_teacher_change"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_teacher_change" AFTER UPDATE OF "student_id", "status" ON "enrolments"
FOR EACH ROW EXECUTE FUNCTION "notify_teacher_change"();
--> statement-breakpoint
-- An enrolment added, removed or moved to another course already updates the course's enrolled count (migration
-- 0003): that update names the teacher, who is told from there, without a second trigger and lookup on the
-- enrolment's insert (the hot write of POST enrol).
CREATE OR REPLACE FUNCTION "courses_enrolments_counter"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  teacher uuid;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "courses" SET "enrolled_count" = "enrolled_count" - 1 WHERE "id" = OLD."course_id"
      RETURNING "teacher_id" INTO teacher;
    IF teacher IS NOT NULL THEN
      PERFORM pg_notify('lyceum_teachers', teacher::text);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "courses" SET "enrolled_count" = "enrolled_count" + 1 WHERE "id" = NEW."course_id"
      RETURNING "teacher_id" INTO teacher;
    IF teacher IS NOT NULL THEN
      PERFORM pg_notify('lyceum_teachers', teacher::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
