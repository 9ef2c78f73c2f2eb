import type {
  Assessment,
  AttemptForStudent,
  BankQuestion,
  Gradebook,
  GradeConflict,
  InboxAnswer,
  InboxPage,
  MyAttemptRubrics,
  MyGrades,
  OverrideHistory,
  Rubric,
  Section,
  UpdatedBankQuestion,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * Issue 54 points 6, 7 and 9: rubric totals keep their precision on every screen, a grading conflict answers with
 * the grade that was saved, a key fix says how many attempts it regraded and shows the students, and an override's
 * history names who made it.
 */
const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
async function ok<T>(res: { statusCode: number; body: string; json: <U>() => U }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

let teacher: TestUser;
let admin: TestUser;
let students: TestUser[];
let courseId: string;
let essay: BankQuestion;
let choice: BankQuestion;
let quiz: Assessment;
let rubric: Rubric;
const attemptOf = new Map<string, string>();

const inboxItem = async (attemptId: string) => {
  const page = await ok<InboxPage>(
    await call('GET', `/api/grading/inbox?courseId=${courseId}&status=all&pageSize=100`, teacher.token),
  );
  return page.items.find((i) => i.attemptId === attemptId && i.questionId === essay.id)!;
};

beforeAll(async () => {
  [teacher, admin] = await Promise.all([createUser(ctx, 'teacher'), createUser(ctx, 'admin')]);
  await ctx.database.db
    .update(users)
    .set({ firstname: 'Grace', lastname: 'Hopper' })
    .where(eq(users.id, teacher.user.id));
  students = [];
  for (let i = 0; i < 3; i += 1) students.push(await createUser(ctx, 'student'));
  courseId = (await createCourse(ctx, teacher.token, { status: 'published', title: 'Precise grades' })).id;
  const section = await ok<Section>(
    await call('POST', `/api/courses/${courseId}/sections`, teacher.token, { title: 'Week 1' }),
    201,
  );
  essay = await ok<BankQuestion>(
    await call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
      title: 'Short essay',
      prompt: '<p>Why do we test?</p>',
      points: 1,
      content: { type: 'essay', body: {}, key: {} },
    }),
    201,
  );
  choice = await ok<BankQuestion>(
    await call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
      title: 'Capital',
      prompt: '<p>The capital of France?</p>',
      points: 1,
      content: {
        type: 'multiple_choice',
        body: {
          choices: [
            { id: 'a', text: 'Lyon' },
            { id: 'b', text: 'Paris' },
          ],
        },
        // A wrong key, fixed later.
        key: { correct: ['a'] },
      },
    }),
    201,
  );
  rubric = await ok<Rubric>(
    await call('POST', `/api/courses/${courseId}/rubrics`, teacher.token, {
      title: 'Three-point rubric',
      attachTo: { type: 'question', id: essay.id },
      criteria: [
        {
          title: 'Idea',
          levels: [
            { title: 'Missing', points: 0 },
            { title: 'Present', points: 1 },
            { title: 'Clear', points: 2 },
          ],
        },
        {
          title: 'Style',
          levels: [
            { title: 'Rough', points: 0 },
            { title: 'Fair', points: 0.5 },
            { title: 'Fine', points: 1 },
          ],
        },
      ],
    }),
    201,
  );
  const draft = await ok<Assessment>(
    await call('POST', `/api/courses/${courseId}/sections/${section.id}/assessments`, teacher.token, {
      title: 'Two-point quiz',
      points: 2,
      attemptsAllowed: 1,
      countingRule: 'highest',
      releaseScore: 'immediately',
      releaseFeedback: 'immediately',
      releaseAnswers: 'manual',
    }),
    201,
  );
  const parts = await ok<Assessment>(
    await call('PUT', `/api/courses/${courseId}/assessments/${draft.id}/parts`, teacher.token, {
      version: draft.version,
      parts: [{ mode: 'fixed', questionIds: [essay.id, choice.id] }],
    }),
  );
  quiz = await ok<Assessment>(
    await call('POST', `/api/courses/${courseId}/assessments/${draft.id}/publish`, teacher.token, {
      version: parts.version,
      published: true,
    }),
  );
  for (const [i, student] of students.entries()) {
    await ok(await call('POST', `/api/courses/${courseId}/enrolment`, student.token));
    const attempt = await ok<AttemptForStudent>(
      await call('POST', `/api/courses/${courseId}/assessments/${quiz.id}/attempts`, student.token, {}),
      201,
    );
    await ok(
      await call('PUT', `/api/attempts/${attempt.id}/answers/${essay.id}`, student.token, {
        response: { html: `<p>Essay ${i}: tests catch regressions.</p>` },
      }),
    );
    // Students 0 and 1 answer Paris (right, marked wrong by the bad key); student 2 answers Lyon.
    await ok(
      await call('PUT', `/api/attempts/${attempt.id}/answers/${choice.id}`, student.token, {
        response: { chosen: [i < 2 ? 'b' : 'a'] },
      }),
    );
    await ok(await call('POST', `/api/attempts/${attempt.id}/submit`, student.token));
    attemptOf.set(student.user.id, attempt.id);
  }
});

describe('rubric totals keep their precision (issue 54.6)', () => {
  it('2.5 of 3 rubric points on a 1-point essay is 0.83 in the grade, the gradebook, its CSV and My grades', async () => {
    const student = students[0]!;
    const attemptId = attemptOf.get(student.user.id)!;
    const item = await inboxItem(attemptId);
    const [idea, style] = rubric.criteria;
    const graded = await ok<InboxAnswer>(
      await call('PUT', `/api/attempts/${attemptId}/answers/${essay.id}/grade`, teacher.token, {
        version: item.version,
        rubric: { selections: { [idea!.id]: idea!.levels[2]!.id, [style!.id]: style!.levels[1]!.id } },
        comment: '<p>Clear idea, fair style.</p>',
      }),
    );
    expect(graded).toMatchObject({ score: 0.83, rubric: { total: 2.5, maxPoints: 3 } });
    expect((await inboxItem(attemptId)).score).toBe(0.83);

    // The quiz: 0.83 (essay) + 0 (choice, wrong key) of 2 question points on a 2-point quiz.
    const book = await ok<Gradebook>(await call('GET', `/api/courses/${courseId}/gradebook`, teacher.token));
    const row = book.items.find((r) => r.student.id === student.user.id)!;
    expect(row.cells[0]).toMatchObject({ points: 0.83, percent: 41.5 });
    const csv = (await call('GET', `/api/courses/${courseId}/gradebook.csv`, teacher.token)).body;
    expect(csv.split('\r\n').find((l) => l.includes(student.email))).toMatch(/,0\.83,,41\.5$/);
    const mine = await ok<MyGrades>(await call('GET', `/api/me/courses/${courseId}/grades`, student.token));
    expect(mine.cells[0]).toMatchObject({ points: 0.83, percent: 41.5 });
    const review = await ok<AttemptForStudent>(await call('GET', `/api/attempts/${attemptId}`, student.token));
    expect(review.questions.find((q) => q.question.id === essay.id)!.review).toMatchObject({ score: 0.83 });
  });

  it('a score typed by hand stays in half points', async () => {
    const attemptId = attemptOf.get(students[1]!.user.id)!;
    const item = await inboxItem(attemptId);
    const res = await call('PUT', `/api/attempts/${attemptId}/answers/${essay.id}/grade`, teacher.token, {
      version: item.version,
      score: 0.83,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('half point');
  });
});

describe('concurrent grading keeps both grades (issue 54.7)', () => {
  it("the second grader's 409 carries the grade the first one saved, with the version to save over it", async () => {
    const attemptId = attemptOf.get(students[1]!.user.id)!;
    const loaded = await inboxItem(attemptId);
    const url = `/api/attempts/${attemptId}/answers/${essay.id}/grade`;
    const first = await ok<InboxAnswer>(
      await call('PUT', url, admin.token, { version: loaded.version, score: 0.5, comment: '<p>First grader</p>' }),
    );
    const second = await call('PUT', url, teacher.token, {
      version: loaded.version,
      score: 1,
      comment: '<p>Second grader</p>',
    });
    expect(second.statusCode).toBe(409);
    const body = second.json<GradeConflict>();
    expect(body.message).toMatch(/graded this answer since you opened it/);
    expect(body.current).toMatchObject({
      attemptId,
      questionId: essay.id,
      score: 0.5,
      comment: '<p>First grader</p>',
      version: first.version,
    });
    // "Take mine": the second grader saves over it with the version the conflict gave.
    const mine = await ok<InboxAnswer>(
      await call('PUT', url, teacher.token, {
        version: body.current!.version,
        score: 1,
        comment: '<p>Second grader</p>',
      }),
    );
    expect(mine).toMatchObject({ score: 1, comment: '<p>Second grader</p>' });
  });
});

describe('a key fix regrades and says so (issue 54.9)', () => {
  it('answers how many attempts it regraded, and the students whose grade changed see "Grade changed"', async () => {
    const before = await ok<MyAttemptRubrics>(
      await call('GET', `/api/me/attempts/${attemptOf.get(students[0]!.user.id)!}/rubrics`, students[0]!.token),
    );
    expect(before.changes.filter((c) => c.questionId === choice.id)).toEqual([]);
    const fixed = await ok<UpdatedBankQuestion>(
      await call('PATCH', `/api/questions/${choice.id}`, teacher.token, {
        version: choice.version,
        content: { ...choice.content, key: { correct: ['b'] } },
      }),
    );
    // Every attempt's score on the question changed: 0 → 1 for Paris, 1 → 0 for Lyon.
    expect(fixed.regradedAttempts).toBe(3);
    const after = await ok<MyAttemptRubrics>(
      await call('GET', `/api/me/attempts/${attemptOf.get(students[0]!.user.id)!}/rubrics`, students[0]!.token),
    );
    expect(after.changes.filter((c) => c.questionId === choice.id)).toEqual([
      expect.objectContaining({ oldScore: 0, newScore: 1 }),
    ]);
    // A change of the title alone regrades nothing.
    const renamed = await ok<UpdatedBankQuestion>(
      await call('PATCH', `/api/questions/${choice.id}`, teacher.token, {
        version: fixed.version,
        title: 'Capital city',
      }),
    );
    expect(renamed.regradedAttempts).toBe(0);
  });
});

describe('override history records who (issue 54.9)', () => {
  it('names the teacher who made each override', async () => {
    const url = `/api/courses/${courseId}/gradebook/${quiz.id}/${students[2]!.user.id}/override`;
    await ok(await call('POST', url, teacher.token, { points: 1.5, reason: 'Oral exam' }), 201);
    const history = await ok<OverrideHistory>(
      await call(
        'GET',
        `/api/courses/${courseId}/gradebook/${quiz.id}/${students[2]!.user.id}/overrides`,
        teacher.token,
      ),
    );
    expect(history.items).toEqual([
      expect.objectContaining({ points: 1.5, reason: 'Oral exam', byUserId: teacher.user.id, byName: 'Grace Hopper' }),
    ]);
  });
});
