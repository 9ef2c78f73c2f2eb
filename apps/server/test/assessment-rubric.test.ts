import type { AttemptForStudent, InboxAnswer, InboxPage, Rubric } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { EVERY_TYPE, saveAnswer, setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { bearer, useTestApp, type TestUser } from './helper.js';

/**
 * A rubric attached to an assessment (an assignment's, ADR 043) scores the answers a person grades in it that have no
 * rubric of their own: the grading inbox offers it, grading by its levels gives the scaled score, and the teacher's
 * view of the attempt shows it (issue 54.5).
 */
const ctx = useTestApp();

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) {
  const res = await ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

describe('a rubric attached to an assessment', () => {
  it('scores its essays in the inbox, by its levels scaled to the points, and shows in the attempt view', async () => {
    const essayBody = EVERY_TYPE.find((q) => q.content.type === 'essay')!;
    const quiz = await setUpQuiz(ctx, { kind: 'assignment' }, [{ ...essayBody, points: 4 }]);
    const { teacher, student, courseId } = quiz;
    const essay = quiz.questions[0]!;
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    expect((await saveAnswer(ctx, student, attempt, essay.id, { html: '<p>Joins</p>' })).statusCode).toBe(200);
    expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);

    const rubric = await call<Rubric>('POST', `/api/courses/${courseId}/rubrics`, teacher, {
      title: 'Assignment rubric',
      attachTo: { type: 'assessment', id: quiz.assessment.id },
      criteria: [
        {
          title: 'Argument',
          levels: [
            { title: 'Weak', points: 0 },
            { title: 'Strong', points: 3 },
          ],
        },
      ],
    });
    const inbox = await call<InboxPage>('GET', `/api/grading/inbox?courseId=${courseId}`, teacher);
    const item = inbox.items.find((i) => i.attemptId === attempt.id)!;
    expect(item.rubricId).toBe(rubric.id);

    const graded = await call<InboxAnswer>('PUT', `/api/attempts/${attempt.id}/answers/${essay.id}/grade`, teacher, {
      version: item.version,
      rubric: { selections: { [rubric.criteria[0]!.id]: rubric.criteria[0]!.levels[1]!.id } },
    });
    // 3 of 3 rubric points on a 4-point essay.
    expect(graded).toMatchObject({ score: 4, rubric: { total: 3, selections: expect.any(Object) } });

    const view = await call<{ questions: { rubric: { id: string } | null }[] }>(
      'GET',
      `/api/courses/${courseId}/assessments/${quiz.assessment.id}/attempts/${attempt.id}`,
      teacher,
    );
    expect(view.questions[0]!.rubric?.id).toBe(rubric.id);
  });
});
