-- A teacher's own course list ("My Courses", GET /api/teacher/courses) kept by each app process until the database
-- says it changed (issue 20, ADR 019 session 19), as the teacher's dashboard counters are (migration 0032). The list
-- shows each course's card: what 0032 already tells (owner, status, review count and rating sum, and the enrolled
-- count through the enrolment counter) and also the card's own text and dates. And the teacher's name and picture:
-- a change of those tells the teacher too. The payload is the teacher's id, on the same channel.
DROP TRIGGER "courses_teacher_change" ON "courses";
--> statement-breakpoint
CREATE TRIGGER "courses_teacher_change" AFTER INSERT OR DELETE OR UPDATE OF "teacher_id", "status", "rating_count",
  "rating_sum", "title", "category", "excerpt", "published_at", "held_at", "created_at", "updated_at" ON "courses"
FOR EACH ROW EXECUTE FUNCTION "notify_teacher_change"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_teacher_profile_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_teachers', NEW."id"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_teacher_change" AFTER UPDATE OF "firstname", "lastname", "username", "role", "profile_image_id"
  ON "users"
FOR EACH ROW WHEN (OLD."role" = 'teacher' OR NEW."role" = 'teacher')
EXECUTE FUNCTION "notify_teacher_profile_change"();
