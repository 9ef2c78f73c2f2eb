ALTER TABLE "attempt_answers" DROP CONSTRAINT "attempt_answers_question_id_questions_id_fk";
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;