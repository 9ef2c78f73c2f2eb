-- A session's attendance sheet (GET /api/attendance/sessions/:id, issue 52) kept by each app process per class until
-- the database says what it shows changed (docs/kept-pages.md): channel lyceum_class_results, payload the class's id.
-- The sheet shows the class's members (their joining and leaving and their names already tell the class: 0041) and
-- each one's record at the session: a record marked, changed or removed tells the session's class here. Records of a
-- session deleted with it need no word: the session is gone, and its sheet with it.
CREATE OR REPLACE FUNCTION "notify_attendance_class"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_class_results', d."class_id"::text)
     FROM (SELECT DISTINCT s."class_id" FROM "changed" r JOIN "attendance_sessions" s ON s."id" = r."session_id") d;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "attendance_records_class_insert" AFTER INSERT ON "attendance_records"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_attendance_class"();
--> statement-breakpoint
CREATE TRIGGER "attendance_records_class_update" AFTER UPDATE ON "attendance_records"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_attendance_class"();
--> statement-breakpoint
CREATE TRIGGER "attendance_records_class_delete" AFTER DELETE ON "attendance_records"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_attendance_class"();
