DROP INDEX "forum_questions_created_idx";--> statement-breakpoint
DROP INDEX "forum_questions_search_idx";--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', question || ' ' || description)) STORED;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "answer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "forum_questions_newest_idx" ON "forum_questions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_questions_score_idx" ON "forum_questions" USING btree ("score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_questions_unanswered_idx" ON "forum_questions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE answer_count = 0;--> statement-breakpoint
CREATE INDEX "forum_questions_search_idx" ON "forum_questions" USING gin ("search_vector");