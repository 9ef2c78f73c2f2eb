-- A course's published outline kept by each app process until the database says it changed (issue 20, ADR 019
-- session 20; features/curriculum/service.ts): a section or an item written, moved or deleted tells its course on
-- `lyceum_courses` (the course's id), whichever code path, process or command-line tool wrote it. Statement-level
-- with transition tables: duplicating a section or reordering twenty items is one notification per course, not one
-- per row.
CREATE OR REPLACE FUNCTION "notify_course_outline_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_courses', c::text) FROM (SELECT DISTINCT "course_id" AS c FROM "changed") AS d;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "course_sections_outline_insert" AFTER INSERT ON "course_sections"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "course_sections_outline_update" AFTER UPDATE ON "course_sections"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "course_sections_outline_delete" AFTER DELETE ON "course_sections"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "course_items_outline_insert" AFTER INSERT ON "course_items"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "course_items_outline_update" AFTER UPDATE ON "course_items"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
--> statement-breakpoint
CREATE TRIGGER "course_items_outline_delete" AFTER DELETE ON "course_items"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_outline_change"();
