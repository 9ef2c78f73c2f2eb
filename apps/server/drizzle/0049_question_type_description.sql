-- A description item (ADR 051, issue 54.12): text between questions, worth 0 points, that takes no answer.
ALTER TABLE "questions" DROP CONSTRAINT "questions_type_check";--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_description_points_check" CHECK ("questions"."type" <> 'description' or "questions"."points" = 0);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_type_check" CHECK ("questions"."type" in ('multiple_choice', 'true_false', 'fill_blank', 'short_answer', 'essay', 'matching', 'ordering', 'numeric', 'task', 'description'));