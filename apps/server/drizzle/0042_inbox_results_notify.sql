-- The grading inbox's pages kept by each app process until the database says a course's answers to grade changed
-- (issue 20, ADR 019 session 24), on 0040's channel lyceum_course_results (payload the course's id), which the kept
-- gradebook already hears. An inbox page shows a submitted attempt's answers that need a person (the response, its
-- handed-in files, the grade, the comment, the rubric levels and its version), the question (title, type, prompt,
-- points) and its rubric, the student's name, and the course's, assessment's and item's titles and release (0038,
-- 0039: lyceum_courses). So: an answer of an attempt out of progress written or removed, its rubric levels or its
-- files, a question or a rubric changed, and a student's new name tell the course. An answer saved while its attempt
-- is in progress tells nothing: the trigger's WHEN lets the autosave's new response pass without running a function.
CREATE OR REPLACE FUNCTION "notify_answer_results"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  answer record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    answer := OLD;
  ELSE
    answer := NEW;
  END IF;
  PERFORM pg_notify('lyceum_course_results', a."course_id"::text)
     FROM "attempts" a WHERE a."id" = answer."attempt_id" AND a."status" <> 'in_progress';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "attempt_answers_results_insert" AFTER INSERT ON "attempt_answers"
FOR EACH ROW EXECUTE FUNCTION "notify_answer_results"();
--> statement-breakpoint
-- A grade, a comment or a need for a person changed, or the answer's version moved with its response unchanged (a
-- grade given again as it was): not an autosave, whose response changes.
CREATE TRIGGER "attempt_answers_results_update" AFTER UPDATE ON "attempt_answers"
FOR EACH ROW WHEN (OLD."manual_score" IS DISTINCT FROM NEW."manual_score"
  OR OLD."feedback" IS DISTINCT FROM NEW."feedback" OR OLD."needs_manual" IS DISTINCT FROM NEW."needs_manual"
  OR OLD."attempt_id" IS DISTINCT FROM NEW."attempt_id" OR OLD."question_id" IS DISTINCT FROM NEW."question_id"
  OR (OLD."version" IS DISTINCT FROM NEW."version" AND OLD."response" IS NOT DISTINCT FROM NEW."response"))
EXECUTE FUNCTION "notify_answer_results"();
--> statement-breakpoint
CREATE TRIGGER "attempt_answers_results_delete" AFTER DELETE ON "attempt_answers"
FOR EACH ROW EXECUTE FUNCTION "notify_answer_results"();
--> statement-breakpoint
CREATE TRIGGER "answer_rubric_scores_results_insert" AFTER INSERT ON "answer_rubric_scores"
FOR EACH ROW EXECUTE FUNCTION "notify_answer_results"();
--> statement-breakpoint
CREATE TRIGGER "answer_rubric_scores_results_update" AFTER UPDATE ON "answer_rubric_scores"
FOR EACH ROW EXECUTE FUNCTION "notify_answer_results"();
--> statement-breakpoint
CREATE TRIGGER "answer_rubric_scores_results_delete" AFTER DELETE ON "answer_rubric_scores"
FOR EACH ROW EXECUTE FUNCTION "notify_answer_results"();
--> statement-breakpoint
CREATE TRIGGER "submission_files_results_insert" AFTER INSERT ON "submission_files"
FOR EACH ROW EXECUTE FUNCTION "notify_answer_results"();
--> statement-breakpoint
CREATE TRIGGER "submission_files_results_delete" AFTER DELETE ON "submission_files"
FOR EACH ROW EXECUTE FUNCTION "notify_answer_results"();
--> statement-breakpoint
-- A question's title, type, prompt or points: its course (a bank's questions serve only their course's assessments).
CREATE TRIGGER "questions_results_update" AFTER UPDATE ON "questions"
FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."type" IS DISTINCT FROM NEW."type"
  OR OLD."prompt" IS DISTINCT FROM NEW."prompt" OR OLD."points" IS DISTINCT FROM NEW."points"
  OR OLD."course_id" IS DISTINCT FROM NEW."course_id")
EXECUTE FUNCTION "notify_row_course"('lyceum_course_results');
--> statement-breakpoint
-- A rubric made, changed (its question or its points) or removed: its course.
CREATE TRIGGER "rubrics_results_insert" AFTER INSERT ON "rubrics"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
CREATE TRIGGER "rubrics_results_update" AFTER UPDATE ON "rubrics"
FOR EACH ROW WHEN (OLD."question_id" IS DISTINCT FROM NEW."question_id"
  OR OLD."max_points" IS DISTINCT FROM NEW."max_points" OR OLD."course_id" IS DISTINCT FROM NEW."course_id")
EXECUTE FUNCTION "notify_row_course"('lyceum_course_results');
--> statement-breakpoint
CREATE TRIGGER "rubrics_results_delete" AFTER DELETE ON "rubrics"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_results"();
--> statement-breakpoint
-- A learner's new name or email (0041's function): also each course where they have an attempt, enrolled or not (an
-- unenrolment keeps the attempts, which the inbox still shows).
CREATE OR REPLACE FUNCTION "notify_learner_results"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lyceum_course_results', e."course_id"::text) FROM "enrolments" e WHERE e."student_id" = NEW."id";
  PERFORM pg_notify('lyceum_course_results', d."course_id"::text)
     FROM (SELECT DISTINCT a."course_id" FROM "attempts" a WHERE a."student_id" = NEW."id") d;
  PERFORM pg_notify('lyceum_class_results', m."class_id"::text) FROM "class_members" m WHERE m."student_id" = NEW."id";
  RETURN NULL;
END
$$;
