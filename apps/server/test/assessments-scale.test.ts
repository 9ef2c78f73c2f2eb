import type { AttemptLogPage, MyAttemptPage } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { countQueries } from './course-helpers.js';
import { bearer, useTestApp } from './helper.js';

const ctx = useTestApp();
const ATTEMPTS = 10_000;
let quiz: QuizSetup;

beforeAll(async () => {
  quiz = await setUpQuiz(ctx, { attemptsAllowed: null, releaseScore: 'manual' }, [
    { title: 'Statement', content: { type: 'true_false', body: {}, key: { answer: true } } },
  ]);
  // 10,000 graded attempts of one student at one assessment, a minute apart.
  await ctx.database.db.execute(sql`
    insert into attempts (assessment_id, course_id, student_id, number, status, started_at, submitted_at,
                          question_ids, seed, raw_score, max_score, penalty_percent, score, ip)
    select ${quiz.assessment.id}::uuid, ${quiz.courseId}::uuid, ${quiz.student.user.id}::uuid, n, 'graded',
           timestamptz '2026-01-01' + n * interval '1 minute', timestamptz '2026-01-01' + n * interval '1 minute',
           array[${quiz.questions[0]!.id}::uuid], n, 1, 1, 0, 100, '10.0.0.1'
    from generate_series(1, ${ATTEMPTS}) as n`);
}, 120_000);

describe(`lists of ${ATTEMPTS} attempts`, () => {
  it("serves a page of the student's attempts in a constant number of queries, scores held back", async () => {
    let page: MyAttemptPage | undefined;
    const statements = await countQueries(ctx.database, async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/quiz-attempts?page=3&pageSize=50',
        headers: bearer(quiz.student.token),
      });
      expect(res.statusCode).toBe(200);
      page = res.json<MyAttemptPage>();
    });
    expect(page!.total).toBe(ATTEMPTS);
    expect(page!.items).toHaveLength(50);
    // Newest first: page 3 starts at attempt 10,000 − 100.
    expect(page!.items[0]!.number).toBe(ATTEMPTS - 100);
    // The teacher has not released scores.
    expect(page!.items.every((row) => row.score === null)).toBe(true);
    expect(statements.length).toBeLessThanOrEqual(4);
  });

  it("serves a page of the teacher's attempts log in a constant number of queries", async () => {
    let page: AttemptLogPage | undefined;
    const statements = await countQueries(ctx.database, async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/attempts?page=200&pageSize=50`,
        headers: bearer(quiz.teacher.token),
      });
      expect(res.statusCode).toBe(200);
      page = res.json<AttemptLogPage>();
    });
    expect(page!.total).toBe(ATTEMPTS);
    expect(page!.lastPage).toBe(200);
    expect(page!.items[49]).toMatchObject({ number: 1, ip: '10.0.0.1', score: 100 });
    expect(statements.length).toBeLessThanOrEqual(6);
  });
});
