-- One way to tell users on `lyceum_users` (issue 20, ADR 019 session 20): `notify_users` sends the distinct ids it is
-- given, comma-separated, 150 to a NOTIFY, as lib/events.ts does for the live streams. Migrations 0035 (a user's
-- notifications) and 0036 (the people of a class) each batched the ids themselves; both now call it.
CREATE OR REPLACE FUNCTION "notify_users"("user_ids" uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  "ids" text;
BEGIN
  FOR "ids" IN
    SELECT string_agg("user_id"::text, ',')
      FROM (SELECT "user_id", (row_number() OVER (ORDER BY "user_id") - 1) / 150 AS "batch"
              FROM (SELECT DISTINCT u AS "user_id" FROM unnest("user_ids") AS u WHERE u IS NOT NULL) AS "users")
           AS "numbered"
     GROUP BY "batch"
  LOOP
    PERFORM pg_notify('lyceum_users', "ids");
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_notifications_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_users"(ARRAY(SELECT "user_id" FROM "changed"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_class_people"("class_ids" uuid[], "also" uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_teachers', t::text)
     FROM (SELECT DISTINCT ct."teacher_id" AS t FROM "class_teachers" ct WHERE ct."class_id" = ANY("class_ids")) AS d;
  PERFORM "notify_users"(ARRAY(SELECT m."student_id" FROM "class_members" m WHERE m."class_id" = ANY("class_ids"))
                         || "also");
END
$$;
