-- A user's notification list kept by each app process until the database says it changed (issue 20, ADR 019 session
-- 19): a notification written, read, changed or deleted tells its user on `lyceum_users`, whichever code path,
-- process or command-line tool wrote it. Every pooled connection listens, so the process that made a change hears it
-- before its statement returns (db/client.ts). One notification per 150 users of a statement (an announcement to a
-- class writes hundreds in one insert), the ids comma-separated, as lib/events.ts does for the live streams.
CREATE OR REPLACE FUNCTION "notify_notifications_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  FOR ids IN
    SELECT string_agg("user_id"::text, ',')
      FROM (SELECT "user_id", (row_number() OVER (ORDER BY "user_id") - 1) / 150 AS "batch"
              FROM (SELECT DISTINCT "user_id" FROM "changed") AS "users") AS "numbered"
     GROUP BY "batch"
  LOOP
    PERFORM pg_notify('lyceum_users', ids);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_user_insert" AFTER INSERT ON "notifications"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_change"();
--> statement-breakpoint
CREATE TRIGGER "notifications_user_update" AFTER UPDATE ON "notifications"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_change"();
--> statement-breakpoint
CREATE TRIGGER "notifications_user_delete" AFTER DELETE ON "notifications"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_change"();
