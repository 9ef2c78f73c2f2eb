-- A course's gradebook frame (its assessments in curriculum order, their points, rules and dates, the weights, the
-- course's title and teacher) kept by each app process until the database says it changed (issue 20, ADR 019
-- session 22; lib/gradebook.ts keptGradebookFrames): an assessment or the gradebook's weights written or deleted tells
-- its course on `lyceum_courses`, as a section or an item does (0038), and so does a course whose title or teacher
-- changes. Not the course's other writes: its kept rating and enrolment counters change with every review and
-- enrolment and say nothing about the frame. The tables' triggers call 0038's function, which names the `course_id`
-- of the changed rows.
CREATE TRIGGER "assessments_frame_insert" AFTER INSERT ON "assessments"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "assessments_frame_update" AFTER UPDATE ON "assessments"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "assessments_frame_delete" AFTER DELETE ON "assessments"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "gradebook_settings_frame_insert" AFTER INSERT ON "gradebook_settings"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "gradebook_settings_frame_update" AFTER UPDATE ON "gradebook_settings"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "gradebook_settings_frame_delete" AFTER DELETE ON "gradebook_settings"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_course_heading_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_courses', NEW."id"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_frame_update" AFTER UPDATE OF "title", "teacher_id" ON "courses"
FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."teacher_id" IS DISTINCT FROM NEW."teacher_id")
EXECUTE FUNCTION "notify_course_heading_change"();
