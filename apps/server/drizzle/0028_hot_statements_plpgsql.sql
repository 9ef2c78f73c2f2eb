-- The two statements of a student's landing as PL/pgSQL functions, for the embedded database (issue 20, ADR 019
-- session 14): the session of every authenticated request and the student dashboard's six counts. PGlite has no
-- prepared statements in its public API and planned them anew on every request; a PL/pgSQL body is planned once per
-- session, and PGlite has one session. Measured in a loop on the quick bench's data: the session 345 -> 205 us, the
-- dashboard 1,200 -> 640 us. On PostgreSQL the app keeps its named prepared statements (cheaper there than the
-- function call: the dashboard measured 2,500-2,750 -> 1,950-2,480 req/s through the functions), so the functions
-- exist on both and are read on the embedded database only (db/client.ts `plansEveryStatement`). The same queries
-- as the prepared statements, the same rows (dashboards.test.ts compares them on both databases).
CREATE OR REPLACE FUNCTION "session_user_row"("p_sid" uuid, "p_sub" uuid)
RETURNS TABLE (
  "id" uuid,
  "role" text,
  "username" text,
  "status" text,
  "token_version" integer,
  "revoked_at" timestamptz,
  "revoked_reason" text,
  "expires_at" timestamptz,
  "last_seen_at" timestamptz
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u."id", u."role", u."username", u."status", u."token_version",
         s."revoked_at", s."revoked_reason", s."expires_at", s."last_seen_at"
  FROM "sessions" s
  JOIN "users" u ON u."id" = s."user_id"
  WHERE s."id" = p_sid AND s."user_id" = p_sub
  LIMIT 1;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "student_dashboard_counters"("p_student" uuid)
RETURNS TABLE (
  "enrolled" integer,
  "active" integer,
  "completed" integer,
  "wishlist" integer,
  "reviews" integer,
  "badges" integer
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT
    (SELECT count(*)::int FROM "enrolments" e WHERE e."student_id" = p_student),
    (SELECT count(*)::int FROM "enrolments" e WHERE e."student_id" = p_student AND e."status" = 'active'),
    (SELECT count(*)::int FROM "enrolments" e WHERE e."student_id" = p_student AND e."status" = 'completed'),
    -- Wishlists hide courses that are no longer published (ADR 018).
    (SELECT count(*)::int FROM "wishlist_items" w
       JOIN "courses" c ON c."id" = w."course_id" AND c."status" = 'published'
      WHERE w."student_id" = p_student),
    (SELECT count(*)::int FROM "reviews" r WHERE r."student_id" = p_student),
    -- Computed from facts by the database (ADR 030): the same function the badge list reads.
    (SELECT count(*)::int FROM student_badges(p_student));
END
$$;
