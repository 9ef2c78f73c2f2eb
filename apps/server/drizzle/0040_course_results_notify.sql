-- The teacher's gradebook pages kept by each app process until the database says a course's results changed (issue
-- 20, ADR 019 session 23): channel lyceum_course_results, payload the course's id. A gradebook page shows the
-- course's enrolled students (their names and emails), their attempts once submitted and the grade overrides in
-- force; its columns and weights are the frame (migrations 0038 and 0039, channel lyceum_courses). So: an enrolment
-- made or removed, an attempt submitted, graded, changed or removed once out of progress, an override set or
-- removed, and an enrolled student's new name or email tell the course. An answer saved during an attempt (the
-- attempt still in progress) and an enrolment's progress tell nothing.
CREATE OR REPLACE FUNCTION "notify_course_results"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'grade_overrides' THEN
    PERFORM pg_notify('lyceum_course_results', d."course_id"::text)
       FROM (SELECT DISTINCT s."course_id" FROM "changed" g JOIN "assessments" s ON s."item_id" = g."assessment_id") d;
  ELSIF TG_TABLE_NAME = 'attempts' THEN
    PERFORM pg_notify('lyceum_course_results', d."course_id"::text)
       FROM (SELECT DISTINCT "course_id" FROM "changed" WHERE "status" <> 'in_progress') d;
  ELSE
    PERFORM pg_notify('lyceum_course_results', d."course_id"::text) FROM (SELECT DISTINCT "course_id" FROM "changed") d;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "enrolments_results_insert" AFTER INSERT ON "enrolments"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
CREATE TRIGGER "enrolments_results_delete" AFTER DELETE ON "enrolments"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
CREATE TRIGGER "attempts_results_insert" AFTER INSERT ON "attempts"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
CREATE TRIGGER "attempts_results_delete" AFTER DELETE ON "attempts"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
CREATE TRIGGER "grade_overrides_results_insert" AFTER INSERT ON "grade_overrides"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
CREATE TRIGGER "grade_overrides_results_update" AFTER UPDATE ON "grade_overrides"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
CREATE TRIGGER "grade_overrides_results_delete" AFTER DELETE ON "grade_overrides"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
-- A row that names its course changed: its course (and the one it left) on the channel the trigger names.
CREATE OR REPLACE FUNCTION "notify_row_course"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], NEW."course_id"::text);
  IF OLD."course_id" <> NEW."course_id" THEN
    PERFORM pg_notify(TG_ARGV[0], OLD."course_id"::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An attempt changed: a row trigger, so that the answers saved while it is in progress (many a minute in an exam)
-- run no function at all.
CREATE TRIGGER "attempts_results_update" AFTER UPDATE ON "attempts"
FOR EACH ROW WHEN (OLD."status" <> 'in_progress' OR NEW."status" <> 'in_progress')
EXECUTE FUNCTION "notify_row_course"('lyceum_course_results');
--> statement-breakpoint
-- Every attempt started takes its anonymous number from its assessment's counter (migration 0024), an update of the
-- assessment that 0039's statement trigger took for a change of the frame: each start in an exam dropped the
-- course's kept outline and frame in every process. The counter is nothing either shows; every other update of an
-- assessment still tells its course.
DROP TRIGGER "assessments_frame_update" ON "assessments";
--> statement-breakpoint
CREATE TRIGGER "assessments_frame_update" AFTER UPDATE ON "assessments"
FOR EACH ROW WHEN (OLD."anon_counter" IS NOT DISTINCT FROM NEW."anon_counter")
EXECUTE FUNCTION "notify_row_course"('lyceum_courses');
--> statement-breakpoint
-- An enrolled student's new name or email: each course they are enrolled in.
CREATE OR REPLACE FUNCTION "notify_learner_results"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_course_results', e."course_id"::text) FROM "enrolments" e WHERE e."student_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_learner_results" AFTER UPDATE OF "firstname", "lastname", "username", "email" ON "users"
FOR EACH ROW WHEN (OLD."firstname" IS DISTINCT FROM NEW."firstname" OR OLD."lastname" IS DISTINCT FROM NEW."lastname"
  OR OLD."username" IS DISTINCT FROM NEW."username" OR OLD."email" IS DISTINCT FROM NEW."email")
EXECUTE FUNCTION "notify_learner_results"();
