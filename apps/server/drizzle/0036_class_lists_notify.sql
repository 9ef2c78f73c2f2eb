-- The class lists kept by each app process until the database says they changed (issue 20, ADR 019 session 19): a
-- teacher's classes (lyceum_teachers, the teacher's id) and a student's "My classes" (lyceum_users, student ids
-- comma-separated, 150 to a NOTIFY). A class summary shows the class's own row, its member count and its owner's
-- name, so: a class changed tells its teachers and members; a member joining or leaving tells the class's teachers
-- and members (the count) and the student who left; a teacher added or removed tells that teacher; an owner's new name
-- tells the teachers and members of their classes. A deleted class takes its teachers and members with it, whose
-- triggers tell them.
CREATE OR REPLACE FUNCTION "notify_class_people"("class_ids" uuid[], "also" uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  "teacher" uuid;
  "ids" text;
BEGIN
  FOR "teacher" IN SELECT DISTINCT ct."teacher_id" FROM "class_teachers" ct WHERE ct."class_id" = ANY("class_ids") LOOP
    PERFORM pg_notify('lyceum_teachers', "teacher"::text);
  END LOOP;
  FOR "ids" IN
    SELECT string_agg("student_id"::text, ',')
      FROM (SELECT "student_id", (row_number() OVER (ORDER BY "student_id") - 1) / 150 AS "batch"
              FROM (SELECT m."student_id" FROM "class_members" m WHERE m."class_id" = ANY("class_ids")
                    UNION SELECT unnest("also")) AS "people"("student_id")) AS "numbered"
     GROUP BY "batch"
  LOOP
    PERFORM pg_notify('lyceum_users', "ids");
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_class_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'classes' THEN
    PERFORM "notify_class_people"(ARRAY(SELECT "id" FROM "changed"), '{}');
  ELSIF TG_TABLE_NAME = 'class_members' THEN
    PERFORM "notify_class_people"(ARRAY(SELECT DISTINCT "class_id" FROM "changed"),
                                  ARRAY(SELECT DISTINCT "student_id" FROM "changed"));
  ELSE
    PERFORM pg_notify('lyceum_teachers', t::text) FROM (SELECT DISTINCT "teacher_id" AS t FROM "changed") AS d;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "classes_people_update" AFTER UPDATE ON "classes"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_change"();
--> statement-breakpoint
CREATE TRIGGER "class_members_people_insert" AFTER INSERT ON "class_members"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_change"();
--> statement-breakpoint
CREATE TRIGGER "class_members_people_update" AFTER UPDATE ON "class_members"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_change"();
--> statement-breakpoint
CREATE TRIGGER "class_members_people_delete" AFTER DELETE ON "class_members"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_change"();
--> statement-breakpoint
CREATE TRIGGER "class_teachers_people_insert" AFTER INSERT ON "class_teachers"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_change"();
--> statement-breakpoint
CREATE TRIGGER "class_teachers_people_delete" AFTER DELETE ON "class_teachers"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_change"();
--> statement-breakpoint
-- A teacher's (or an admin's) new name: themselves (migration 0033), and the teachers and members of the classes
-- they own.
CREATE OR REPLACE FUNCTION "notify_teacher_profile_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_teachers', NEW."id"::text);
  PERFORM "notify_class_people"(ARRAY(SELECT c."id" FROM "classes" c WHERE c."owner_id" = NEW."id"), '{}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "users_teacher_change" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_teacher_change" AFTER UPDATE OF "firstname", "lastname", "username", "role", "profile_image_id"
  ON "users"
FOR EACH ROW WHEN (OLD."role" IN ('teacher', 'admin') OR NEW."role" IN ('teacher', 'admin'))
EXECUTE FUNCTION "notify_teacher_profile_change"();
