import type {
  Assessment,
  AttemptForStudent,
  BankQuestion,
  Gradebook,
  InboxAnswer,
  InboxPage,
  ItemAnalysisReport,
  MyAttemptRubrics,
  MyGrades,
  Rubric,
  Section,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerGradeLog, attempts, users } from '../src/db/schema/index.js';
import { countQueries, createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
async function ok<T>(res: { statusCode: number; body: string; json: <U>() => U }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let students: TestUser[];
let courseId: string;
let essay: BankQuestion;
let choice: BankQuestion;
let quiz: Assessment;
/** Each student's attempt, in the order they submitted. */
const attemptOf = new Map<string, string>();

beforeAll(async () => {
  [teacher, otherTeacher, admin] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
  ]);
  students = [];
  for (let i = 0; i < 10; i += 1) students.push(await createUser(ctx, 'student'));
  // A student whose name a spreadsheet would run as a formula.
  await ctx.database.db.update(users).set({ firstname: '=HYPERLINK("x")' }).where(eq(users.id, students[9]!.user.id));
  courseId = (await createCourse(ctx, teacher.token, { status: 'published', title: 'Essays' })).id;
  const section = await ok<Section>(
    await call('POST', `/api/courses/${courseId}/sections`, teacher.token, { title: 'Week 1' }),
    201,
  );
  essay = await ok<BankQuestion>(
    await call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
      title: 'Why indexes?',
      prompt: '<p>Explain why databases use indexes.</p>',
      points: 4,
      content: { type: 'essay', body: {}, key: {} },
    }),
    201,
  );
  choice = await ok<BankQuestion>(
    await call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
      title: 'Index kind',
      prompt: '<p>Which structure keeps keys sorted?</p>',
      points: 2,
      content: {
        type: 'multiple_choice',
        body: {
          choices: [
            { id: 'a', text: 'B-tree' },
            { id: 'b', text: 'Hash' },
            { id: 'c', text: 'Heap' },
          ],
        },
        key: { correct: ['a'] },
      },
    }),
    201,
  );
  const draft = await ok<Assessment>(
    await call('POST', `/api/courses/${courseId}/sections/${section.id}/assessments`, teacher.token, {
      title: 'Essay quiz',
      points: 6,
      attemptsAllowed: null,
      countingRule: 'highest',
      releaseScore: 'manual',
      releaseFeedback: 'manual',
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
        response: { html: `<p>Essay number ${i}: indexes avoid full scans.</p>` },
      }),
    );
    await ok(
      await call('PUT', `/api/attempts/${attempt.id}/answers/${choice.id}`, student.token, {
        response: { chosen: [i < 7 ? 'a' : 'b'] },
      }),
    );
    await ok(await call('POST', `/api/attempts/${attempt.id}/submit`, student.token));
    // Distinct submission times, a minute apart, oldest first.
    await ctx.database.db
      .update(attempts)
      .set({ submittedAt: new Date(Date.UTC(2026, 2, 1, 9, i)) })
      .where(eq(attempts.id, attempt.id));
    attemptOf.set(student.user.id, attempt.id);
  }
});

const inbox = (token: string, query = '') => call('GET', `/api/grading/inbox?courseId=${courseId}${query}`, token);

describe('grading inbox', () => {
  it('lists the 10 essay answers that need a person, oldest submission first; the auto-graded choice is not there', async () => {
    const page = await ok<InboxPage>(await inbox(teacher.token, '&pageSize=20'));
    expect(page.total).toBe(10);
    expect(page.items.every((item) => item.questionId === essay.id && !item.graded)).toBe(true);
    expect(page.items.map((item) => item.attemptId)).toEqual(students.map((s) => attemptOf.get(s.user.id)));
    expect(page.items[0]).toMatchObject({
      course: { id: courseId, title: 'Essays' },
      assessment: { id: quiz.id, title: 'Essay quiz' },
      question: { title: 'Why indexes?', type: 'essay', points: 4 },
      response: { html: '<p>Essay number 0: indexes avoid full scans.</p>' },
      score: null,
      version: expect.any(Number),
    });
  });

  it('pages and filters by assessment, question and status', async () => {
    const second = await ok<InboxPage>(await inbox(teacher.token, '&pageSize=4&page=2'));
    expect(second.items).toHaveLength(4);
    expect(second.lastPage).toBe(3);
    const byQuestion = await ok<InboxPage>(await inbox(teacher.token, `&questionId=${choice.id}`));
    expect(byQuestion.total).toBe(0);
    const byAssessment = await ok<InboxPage>(await inbox(teacher.token, `&assessmentId=${quiz.id}&status=all`));
    expect(byAssessment.total).toBe(10);
    const graded = await ok<InboxPage>(await inbox(teacher.token, '&status=graded'));
    expect(graded.total).toBe(0);
  });

  it("another course's teacher: 403 with the course filter, nothing without it; a student 403", async () => {
    expect((await inbox(otherTeacher.token)).statusCode).toBe(403);
    const own = await ok<InboxPage>(await call('GET', '/api/grading/inbox', otherTeacher.token));
    expect(own.total).toBe(0);
    expect((await call('GET', '/api/grading/inbox', students[0]!.token)).statusCode).toBe(403);
    const all = await ok<InboxPage>(await call('GET', `/api/grading/inbox?assessmentId=${quiz.id}`, admin.token));
    expect(all.total).toBe(10);
  });

  it('a page costs a bounded number of queries, whatever its size', async () => {
    const statements = await countQueries(ctx.database, () => inbox(teacher.token, '&pageSize=100'));
    expect(statements.length).toBeLessThanOrEqual(4);
  });
});

describe('grading an answer', () => {
  it('refuses a score above the points, a third of a point, and an empty body; nothing changes', async () => {
    const [first] = (await ok<InboxPage>(await inbox(teacher.token))).items;
    const url = `/api/attempts/${first!.attemptId}/answers/${essay.id}/grade`;
    for (const body of [
      { version: first!.version, score: 4.5 },
      { version: first!.version, score: 1.25 },
      { version: first!.version, score: -1 },
      { version: first!.version },
      { version: first!.version, score: 2, comment: 'x\u0000' },
    ]) {
      expect((await call('PUT', url, teacher.token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ok<InboxPage>(await inbox(teacher.token))).total).toBe(10);
  });

  it("another course's teacher and a student get 403 and change nothing", async () => {
    const [first] = (await ok<InboxPage>(await inbox(teacher.token))).items;
    const url = `/api/attempts/${first!.attemptId}/answers/${essay.id}/grade`;
    const body = { version: first!.version, score: 1 };
    expect((await call('PUT', url, otherTeacher.token, body)).statusCode).toBe(403);
    expect((await call('PUT', url, students[0]!.token, body)).statusCode).toBe(403);
    expect((await ok<InboxPage>(await inbox(teacher.token))).total).toBe(10);
  });

  it('two teachers grading one answer at once: one wins, the other gets 409 and nothing is lost', async () => {
    const [first] = (await ok<InboxPage>(await inbox(teacher.token))).items;
    const url = `/api/attempts/${first!.attemptId}/answers/${essay.id}/grade`;
    const [a, b] = await Promise.all([
      call('PUT', url, teacher.token, { version: first!.version, score: 3, comment: '<p>Teacher</p>' }),
      call('PUT', url, admin.token, { version: first!.version, score: 1, comment: '<p>Admin</p>' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const graded = winner.json<InboxAnswer>();
    const log = await ctx.database.db
      .select()
      .from(answerGradeLog)
      .where(eq(answerGradeLog.attemptId, first!.attemptId));
    expect(log).toHaveLength(1);
    expect(log[0]!.newScore).toBe(graded.score);
    // The loser reloads and sees the winner's grade, then can change it with the new version.
    const again = await call('PUT', url, teacher.token, { version: graded.version, score: 3.5, comment: '<p>ok</p>' });
    expect(again.json<InboxAnswer>()).toMatchObject({ score: 3.5, comment: '<p>ok</p>', graded: true });
  });

  it('grades the rest by question, in order, with the keyboard flow (save and next); the attempts become graded', async () => {
    let page = await ok<InboxPage>(await inbox(teacher.token, `&questionId=${essay.id}`));
    let n = 0;
    while (page.items.length > 0) {
      const item = page.items[0]!;
      const saved = await ok<InboxAnswer>(
        await call('PUT', `/api/attempts/${item.attemptId}/answers/${essay.id}/grade`, teacher.token, {
          version: item.version,
          score: 2 + (n % 3) * 0.5,
          comment: '<p>Clear; <em>cite</em> a source.</p><img src=x onerror=alert(1)>',
        }),
      );
      expect(saved.comment).not.toContain('onerror');
      n += 1;
      page = await ok<InboxPage>(await inbox(teacher.token, `&questionId=${essay.id}`));
    }
    expect(n).toBe(9);
    const [row] = await ctx.database.db
      .select({ status: attempts.status, raw: attempts.rawScore, score: attempts.score })
      .from(attempts)
      .where(eq(attempts.id, attemptOf.get(students[1]!.user.id)!));
    // Student 1: essay 2 (first of the 9) + choice 2 of 6 question points → 4/6 of the quiz's 6 points.
    expect(row).toEqual({ status: 'graded', raw: 4, score: 4 });
  });
});

describe('rubric scoring and what the student sees', () => {
  let rubric: Rubric;
  let attemptId: string;

  it('scores an essay by rubric levels: the total scaled to the points, shown in the inbox', async () => {
    rubric = await ok<Rubric>(
      await call('POST', `/api/courses/${courseId}/rubrics`, teacher.token, {
        title: 'Essay rubric',
        attachTo: { type: 'question', id: essay.id },
        criteria: [
          {
            title: 'Argument',
            levels: [
              { title: 'Weak', points: 0 },
              { title: 'Strong', points: 6 },
            ],
          },
          {
            title: 'Sources',
            levels: [
              { title: 'None', points: 0 },
              { title: 'Cited', points: 2 },
            ],
          },
        ],
      }),
      201,
    );
    attemptId = attemptOf.get(students[2]!.user.id)!;
    const [item] = (await ok<InboxPage>(await inbox(teacher.token, `&status=graded&pageSize=100`))).items.filter(
      (i) => i.attemptId === attemptId,
    );
    expect(item!.rubricId).toBe(rubric.id);
    const selections = {
      [rubric.criteria[0]!.id]: rubric.criteria[0]!.levels[1]!.id,
      [rubric.criteria[1]!.id]: rubric.criteria[1]!.levels[0]!.id,
    };
    const graded = await ok<InboxAnswer>(
      await call('PUT', `/api/attempts/${attemptId}/answers/${essay.id}/grade`, teacher.token, {
        version: item!.version,
        rubric: { selections },
        comment: '<p>Strong argument.</p>',
      }),
    );
    // 6 of 8 rubric points on a 4-point essay = 3.
    expect(graded).toMatchObject({ score: 3, rubric: { total: 6, maxPoints: 8, selections } });
  });

  it('the student sees no rubric feedback before release; another student never sees it', async () => {
    const mine = await ok<MyAttemptRubrics>(
      await call('GET', `/api/me/attempts/${attemptId}/rubrics`, students[2]!.token),
    );
    expect(mine).toEqual({ released: false, items: [], changes: [] });
    expect((await call('GET', `/api/me/attempts/${attemptId}/rubrics`, students[3]!.token)).statusCode).toBe(404);
    const view = await call('GET', `/api/attempts/${attemptId}`, students[3]!.token);
    expect([403, 404]).toContain(view.statusCode);
  });

  it('after the teacher releases, the student sees score, feedback and the rubric levels', async () => {
    await ok(
      // Unlimited attempts: the teacher confirms showing the key to students who may try again (ADR 046).
      await call('POST', `/api/courses/${courseId}/assessments/${quiz.id}/release`, teacher.token, {
        released: true,
        confirm: true,
      }),
    );
    const mine = await ok<MyAttemptRubrics>(
      await call('GET', `/api/me/attempts/${attemptId}/rubrics`, students[2]!.token),
    );
    expect(mine.released).toBe(true);
    expect(mine.items[0]).toMatchObject({
      questionId: essay.id,
      rubric: { title: 'Essay rubric' },
      score: { total: 6 },
    });
    const view = await ok<AttemptForStudent>(await call('GET', `/api/attempts/${attemptId}`, students[2]!.token));
    const essayReview = view.questions.find((q) => q.question.id === essay.id)!.review;
    expect(essayReview).toMatchObject({ score: 3, feedback: { grader: '<p>Strong argument.</p>' } });
  });
});

describe('gradebook', () => {
  it('shows students × assessments with the counting score and the total, in ≤ 3 queries', async () => {
    let book: Gradebook | undefined;
    const statements = await countQueries(ctx.database, async () => {
      book = await ok<Gradebook>(await call('GET', `/api/courses/${courseId}/gradebook?pageSize=50`, teacher.token));
    });
    // The session check, the columns, the page of students with their attempts.
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(book!.total).toBe(10);
    expect(book!.columns).toEqual([
      expect.objectContaining({ assessmentId: quiz.id, points: 6, countingRule: 'highest' }),
    ]);
    const row = book!.items.find((r) => r.student.id === students[1]!.user.id)!;
    expect(row.cells[0]).toMatchObject({ points: 4, percent: 66.67, attempts: 1, pending: false, overridden: false });
    expect(row.totalPercent).toBe(66.67);
  });

  it("streams the same numbers as CSV, formula-safe; another teacher's request is a 403 JSON error", async () => {
    const res = await call('GET', `/api/courses/${courseId}/gradebook.csv`, teacher.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Student,Email,Essay quiz (6),Essay quiz: notes,Course total %');
    expect(lines).toHaveLength(11);
    const student1 = students[1]!;
    expect(lines.find((l) => l.includes(student1.email))).toMatch(/,4,,66\.67$/);
    expect(lines.some((l) => l.startsWith(`"'`) || l.includes(`'=HYPERLINK`))).toBe(true);
    expect(lines.some((l) => /(^|,)=/.test(l))).toBe(false);
    const denied = await call('GET', `/api/courses/${courseId}/gradebook.csv`, otherTeacher.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ statusCode: 403 });
  });

  it('an override with a reason replaces the cell and is kept in a history', async () => {
    const student = students[4]!;
    const url = `/api/courses/${courseId}/gradebook/${quiz.id}/${student.user.id}/override`;
    expect((await call('POST', url, teacher.token, { points: 5.5, reason: '' })).statusCode).toBe(400);
    expect((await call('POST', url, teacher.token, { points: 7, reason: 'Too much' })).statusCode).toBe(400);
    expect((await call('POST', url, otherTeacher.token, { points: 5, reason: 'Hijack' })).statusCode).toBe(403);
    await ok(await call('POST', url, teacher.token, { points: 5.5, reason: 'Oral re-take' }), 201);
    const history = await ok<{ items: { points: number | null; reason: string }[] }>(
      await call('POST', url, teacher.token, { points: 6, reason: 'Bonus for the project' }),
      201,
    );
    expect(history.items.map((h) => [h.points, h.reason])).toEqual([
      [6, 'Bonus for the project'],
      [5.5, 'Oral re-take'],
    ]);
    const book = await ok<Gradebook>(
      await call('GET', `/api/courses/${courseId}/gradebook?pageSize=50`, teacher.token),
    );
    const row = book.items.find((r) => r.student.id === student.user.id)!;
    expect(row.cells[0]).toMatchObject({ points: 6, percent: 100, overridden: true });
  });
});

describe('item analysis', () => {
  it('reports facility, discrimination and choice picks per question', async () => {
    const report = await ok<ItemAnalysisReport>(
      await call('GET', `/api/courses/${courseId}/assessments/${quiz.id}/item-analysis`, teacher.token),
    );
    expect(report.attempts).toBe(10);
    expect(report.groupSize).toBe(3);
    const mc = report.items.find((i) => i.questionId === choice.id)!;
    expect(mc.facility).toBe(0.7);
    expect(mc.choices).toEqual([
      { id: 'a', text: 'B-tree', key: true, picks: 7 },
      { id: 'b', text: 'Hash', key: false, picks: 3 },
      { id: 'c', text: 'Heap', key: false, picks: 0 },
    ]);
    expect(mc.flags).toContain('unused_distractor');
    expect(
      (await call('GET', `/api/courses/${courseId}/assessments/${quiz.id}/item-analysis`, otherTeacher.token))
        .statusCode,
    ).toBe(403);
  });
});

describe('what the student sees of their grades', () => {
  it('a regrade after release shows the student the old and the new score', async () => {
    const attemptId = attemptOf.get(students[3]!.user.id)!;
    const before = await ok<MyAttemptRubrics>(
      await call('GET', `/api/me/attempts/${attemptId}/rubrics`, students[3]!.token),
    );
    expect(before.changes).toEqual([]);
    const [item] = (await ok<InboxPage>(await inbox(teacher.token, `&status=all&pageSize=100`))).items.filter(
      (i) => i.attemptId === attemptId,
    );
    await ok(
      await call('PUT', `/api/attempts/${attemptId}/answers/${essay.id}/grade`, teacher.token, {
        version: item!.version,
        score: 1.5,
        comment: '<p>Regraded: the second half is off topic.</p>',
      }),
    );
    const after = await ok<MyAttemptRubrics>(
      await call('GET', `/api/me/attempts/${attemptId}/rubrics`, students[3]!.token),
    );
    expect(after.changes).toEqual([
      expect.objectContaining({ questionId: essay.id, oldScore: item!.score, newScore: 1.5 }),
    ]);
    expect(item!.score).not.toBe(1.5);
  });

  it('My grades: my own counting score and course total, overrides included; not enrolled → 403', async () => {
    const student1 = await ok<MyGrades>(await call('GET', `/api/me/courses/${courseId}/grades`, students[1]!.token));
    expect(student1.columns.map((c) => c.assessmentId)).toEqual([quiz.id]);
    expect(student1.cells[0]).toMatchObject({ points: 4, percent: 66.67, released: true, overridden: false });
    expect(student1.totalPercent).toBe(66.67);
    const student4 = await ok<MyGrades>(await call('GET', `/api/me/courses/${courseId}/grades`, students[4]!.token));
    expect(student4.cells[0]).toMatchObject({ points: 6, overridden: true });
    const stranger = await createUser(ctx, 'student');
    expect((await call('GET', `/api/me/courses/${courseId}/grades`, stranger.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/me/courses/${courseId}/grades`, teacher.token)).statusCode).toBe(403);
  });

  it('My grades hides a score that is not released yet and leaves it out of the total', async () => {
    await ok(
      await call('POST', `/api/courses/${courseId}/assessments/${quiz.id}/release`, teacher.token, { released: false }),
    );
    const mine = await ok<MyGrades>(await call('GET', `/api/me/courses/${courseId}/grades`, students[1]!.token));
    expect(mine.cells[0]).toMatchObject({ points: null, percent: null, released: false });
    expect(mine.totalPercent).toBeNull();
    await ok(
      // Unlimited attempts: the teacher confirms showing the key to students who may try again (ADR 046).
      await call('POST', `/api/courses/${courseId}/assessments/${quiz.id}/release`, teacher.token, {
        released: true,
        confirm: true,
      }),
    );
  });

  it("the teacher reads a cell's override history without changing it; another teacher 403", async () => {
    const url = `/api/courses/${courseId}/gradebook/${quiz.id}/${students[4]!.user.id}/overrides`;
    const history = await ok<{ items: { points: number | null; reason: string }[] }>(
      await call('GET', url, teacher.token),
    );
    expect(history.items.map((h) => h.reason)).toEqual(['Bonus for the project', 'Oral re-take']);
    expect((await call('GET', url, otherTeacher.token)).statusCode).toBe(403);
  });
});
