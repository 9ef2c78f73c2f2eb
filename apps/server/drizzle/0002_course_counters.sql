DROP INDEX "courses_status_published_idx";--> statement-breakpoint
DROP INDEX "courses_category_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_average" double precision GENERATED ALWAYS AS (case when rating_count > 0 then round(rating_sum::numeric / rating_count, 1)::float8 end) STORED;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "enrolled_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_newest_idx" ON "courses" USING btree ("status","published_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_category_newest_idx" ON "courses" USING btree ("category","status","published_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_rating_idx" ON "courses" USING btree ("status","rating_average" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"published_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_updated_idx" ON "courses" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_popular_idx" ON "courses" USING btree ("status","enrolled_count" DESC NULLS LAST,"published_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);