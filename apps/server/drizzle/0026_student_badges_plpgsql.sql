-- student_badges as PL/pgSQL (ADR 030; issue 20, ADR 019 session 13): the same query, whose plan a SQL function
-- made anew on every call (PostgreSQL caches no plan of a SQL function's body across calls), while PL/pgSQL keeps
-- it for the session. It is part of the student dashboard, the landing of every student: 1,081 -> 519 us a call on
-- the embedded database.
CREATE OR REPLACE FUNCTION "student_badges"("p_student" uuid) RETURNS TABLE ("badge" text, "earned_at" timestamptz)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT 'first-lesson'::text, min(ic."completed_at") FROM "item_completions" ic WHERE ic."student_id" = p_student
  HAVING count(*) > 0
  UNION ALL
  SELECT 'first-course'::text, min(c."issued_at") FROM "certificates" c WHERE c."student_id" = p_student
  HAVING count(*) > 0
  UNION ALL
  SELECT 'five-courses'::text, (
    SELECT c."issued_at" FROM "certificates" c WHERE c."student_id" = p_student ORDER BY c."issued_at" OFFSET 4 LIMIT 1
  )
  WHERE (SELECT count(*) FROM "certificates" c WHERE c."student_id" = p_student) >= 5
  UNION ALL
  SELECT 'accepted-answer'::text, NULL::timestamptz
  WHERE EXISTS (
    SELECT 1 FROM "forum_answers" a JOIN "forum_questions" q ON q."id" = a."question_id" AND q."accepted_answer_id" = a."id"
    WHERE a."author_id" = p_student
  )
  UNION ALL
  SELECT 'week-streak'::text, (min(s."first_day") + 6)::timestamp AT TIME ZONE 'UTC'
  FROM (
    SELECT min(r."day") AS "first_day"
    FROM (
      SELECT d."day", d."day" - (row_number() OVER (ORDER BY d."day"))::integer AS "run"
      FROM (
        SELECT DISTINCT (ic."completed_at" AT TIME ZONE 'UTC')::date AS "day"
        FROM "item_completions" ic WHERE ic."student_id" = p_student
      ) d
    ) r
    GROUP BY r."run"
    HAVING count(*) >= 7
  ) s
  HAVING count(*) > 0;
END
$$;
