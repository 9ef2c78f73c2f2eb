-- A class's assignments page kept by each app process until the database says what it shows changed (issue 20, ADR
-- 019 session 23): channel lyceum_class_results, payload the class's id. The page shows the class's assignments (and
-- the learners each is for), its members, their accommodations, and who of them has completed each lesson; the
-- assessments' submissions come from lyceum_course_results (migration 0040) and the items', assessments' and
-- courses' own changes from lyceum_courses (0038, 0039), which the process maps to the classes it keeps pages of.
-- So: a member joining or leaving, an assignment set, changed or withdrawn, or its learners changed, an
-- accommodation set or cleared, a course added to or removed from the class, a member's lesson completed (or its
-- completion undone), and a member's new name tell the class.
CREATE OR REPLACE FUNCTION "notify_class_results"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'class_assignment_learners' THEN
    PERFORM pg_notify('lyceum_class_results', d."class_id"::text)
       FROM (SELECT DISTINCT a."class_id" FROM "changed" l JOIN "class_assignments" a ON a."id" = l."assignment_id") d;
  ELSIF TG_TABLE_NAME = 'item_completions' THEN
    PERFORM pg_notify('lyceum_class_results', d."class_id"::text)
       FROM (SELECT DISTINCT m."class_id" FROM "changed" c
               JOIN "course_items" i ON i."id" = c."item_id"
               JOIN "class_members" m ON m."student_id" = c."student_id"
               JOIN "class_courses" cc ON cc."class_id" = m."class_id" AND cc."course_id" = i."course_id") d;
  ELSE
    PERFORM pg_notify('lyceum_class_results', d."class_id"::text) FROM (SELECT DISTINCT "class_id" FROM "changed") d;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "class_members_results_insert" AFTER INSERT ON "class_members"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_members_results_update" AFTER UPDATE ON "class_members"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_members_results_delete" AFTER DELETE ON "class_members"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_assignments_results_insert" AFTER INSERT ON "class_assignments"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_assignments_results_update" AFTER UPDATE ON "class_assignments"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_assignments_results_delete" AFTER DELETE ON "class_assignments"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_assignment_learners_results_insert" AFTER INSERT ON "class_assignment_learners"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_assignment_learners_results_delete" AFTER DELETE ON "class_assignment_learners"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "accommodations_results_insert" AFTER INSERT ON "accommodations"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "accommodations_results_update" AFTER UPDATE ON "accommodations"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "accommodations_results_delete" AFTER DELETE ON "accommodations"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_courses_results_insert" AFTER INSERT ON "class_courses"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "class_courses_results_delete" AFTER DELETE ON "class_courses"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "item_completions_results_insert" AFTER INSERT ON "item_completions"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "item_completions_results_update" AFTER UPDATE ON "item_completions"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
CREATE TRIGGER "item_completions_results_delete" AFTER DELETE ON "item_completions"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_class_results"();
--> statement-breakpoint
-- A learner's new name or email (0040's function): each course they are enrolled in, and each class they belong to.
CREATE OR REPLACE FUNCTION "notify_learner_results"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_course_results', e."course_id"::text) FROM "enrolments" e WHERE e."student_id" = NEW."id";
  PERFORM pg_notify('lyceum_class_results', m."class_id"::text) FROM "class_members" m WHERE m."student_id" = NEW."id";
  RETURN NULL;
END
$$;
