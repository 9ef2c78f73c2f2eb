-- A rubric attached to an assessment scores its answers in the grading inbox and the gradebook (ADR 043): the course's
-- results pages (lyceum_course_results, 0042) must hear a rubric attached to or detached from an assessment, which
-- 0042's WHEN did not name. Found by the kept-page column test (db/kept-pages.ts, issue 45.3).
DROP TRIGGER "rubrics_results_update" ON "rubrics";
--> statement-breakpoint
CREATE TRIGGER "rubrics_results_update" AFTER UPDATE ON "rubrics"
FOR EACH ROW WHEN (OLD."question_id" IS DISTINCT FROM NEW."question_id"
  OR OLD."assessment_id" IS DISTINCT FROM NEW."assessment_id"
  OR OLD."max_points" IS DISTINCT FROM NEW."max_points" OR OLD."criteria" IS DISTINCT FROM NEW."criteria"
  OR OLD."course_id" IS DISTINCT FROM NEW."course_id")
EXECUTE FUNCTION "notify_row_course"('lyceum_course_results');
