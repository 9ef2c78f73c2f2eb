DROP INDEX "class_assignments_class_idx";--> statement-breakpoint
CREATE INDEX "attempt_answers_to_grade_idx" ON "attempt_answers" USING btree ("attempt_id","question_id") WHERE needs_manual and manual_score is null;--> statement-breakpoint
CREATE INDEX "attempts_first_submitted_idx" ON "attempts" USING btree ("assessment_id","student_id","submitted_at") WHERE status <> 'in_progress';--> statement-breakpoint
CREATE INDEX "class_assignments_class_due_idx" ON "class_assignments" USING btree ("class_id","due_at","created_at" DESC NULLS LAST,"id");