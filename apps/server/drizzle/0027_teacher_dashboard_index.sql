-- The teacher dashboard's distinct students and active/completed counts read from the index alone (issue 20,
-- ADR 019 session 14): the student is the index's last column. Same name, same leading columns as before.
DROP INDEX "enrolments_course_idx";--> statement-breakpoint
CREATE INDEX "enrolments_course_idx" ON "enrolments" USING btree ("course_id","status","student_id");