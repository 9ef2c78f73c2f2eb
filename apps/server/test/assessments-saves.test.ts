import type {
  AttemptForStudent,
  AttemptLogPage,
  BankQuestion,
  SaveAnswerResult,
  SubmitAttemptResult,
  TeacherClass,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptAnswers } from '../src/db/schema/index.js';
import { saveAnswer, setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { countQueries } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * The exam's hot path (ADR 025, "the exam bench, round 2"): a save is one statement after the session's, a new
 * attempt is started without a transaction or a second read, and every guarantee of a save still holds — the
 * server's deadline + grace, accommodations' extra time, the last of concurrent saves kept, none after a submit,
 * checks against the question as it is now, nothing told about other students' attempts.
 */
const START = Date.parse('2026-11-24T09:00:00Z');
let nowMs = START;
const ctx = useTestApp({ clock: () => nowMs, env: { JOB_RUNNER: 'off' } });
const MINUTE = 60_000;

const TRUE_FALSE = { title: 'Statement', content: { type: 'true_false' as const, body: {}, key: { answer: true } } };
const SHORT = {
  title: 'Tree name',
  content: { type: 'short_answer' as const, body: {}, key: { mode: 'auto' as const, accepted: ['B-tree'] } },
};
const CHOICE = {
  title: 'Pick one',
  content: {
    type: 'multiple_choice' as const,
    body: {
      multiple: false,
      choices: [
        { id: 'a', text: 'Alpha' },
        { id: 'b', text: 'Beta' },
      ],
    },
    key: { correct: ['a'] },
  },
};

async function start(quiz: Awaited<ReturnType<typeof setUpQuiz>>, student?: TestUser) {
  const res = await startAttempt(ctx, quiz, student);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AttemptForStudent>();
}

async function storedAnswer(attemptId: string, questionId: string) {
  const [row] = await ctx.database.db
    .select({ response: attemptAnswers.response, version: attemptAnswers.version })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)));
  return row;
}

describe('the cost of taking an exam', () => {
  it('saves an answer in one statement after the session check, and starts an attempt without reading it twice', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { timeLimitMinutes: 60 }, [TRUE_FALSE, SHORT]);
    let attempt: AttemptForStudent | undefined;
    const startStatements = await countQueries(ctx.database, async () => {
      attempt = await start(quiz);
    });
    // Enrolment, latest attempt, window, parts, questions, insert (the session aside): no transaction, no second read.
    expect(startStatements.length).toBeLessThanOrEqual(6);
    expect(startStatements.some((s) => /^\s*begin/i.test(s))).toBe(false);
    expect(attempt!.questions.map((q) => q.question.id)).toEqual(quiz.questions.map((q) => q.id));
    expect(attempt!.remainingSeconds).toBe(3600);

    const tf = quiz.questions[0]!.id;
    // The first save of a question reads its shape once for the whole process; later saves do not.
    expect((await saveAnswer(ctx, quiz.student, attempt!, tf, { answer: true })).statusCode).toBe(200);
    nowMs = START + MINUTE;
    let saved: SaveAnswerResult | undefined;
    const saveStatements = await countQueries(ctx.database, async () => {
      const res = await saveAnswer(ctx, quiz.student, attempt!, tf, { answer: false });
      expect(res.statusCode, res.body).toBe(200);
      saved = res.json<SaveAnswerResult>();
    });
    expect(saveStatements).toHaveLength(1);
    expect(saved).toEqual({
      questionId: tf,
      savedAt: new Date(START + MINUTE).toISOString(),
      savesCount: 2,
      remainingSeconds: 59 * 60,
      applied: true,
    });
    expect(await storedAnswer(attempt!.id, tf)).toEqual({ response: { answer: false }, version: 2 });
    // Clearing counts as a save and removes the answer.
    const cleared = await saveAnswer(ctx, quiz.student, attempt!, tf, null);
    expect(cleared.json<SaveAnswerResult>().savesCount).toBe(3);
    expect(await storedAnswer(attempt!.id, tf)).toBeUndefined();
    // The teacher's attempts log counts every save.
    const log = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/attempts`,
      headers: bearer(quiz.teacher.token),
    });
    expect(log.json<AttemptLogPage>().items[0]!.savesCount).toBe(3);
  });
});

describe('guarantees of a save', () => {
  it('refuses a save after deadline + 30 s, and counts an accommodation’s extra time into the deadline', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { timeLimitMinutes: 10 }, [TRUE_FALSE]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: bearer(quiz.teacher.token),
      payload: { name: 'Timed', courseIds: [quiz.courseId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cls = created.json<TeacherClass>();
    const extra = await createUser(ctx, 'student');
    for (const student of [quiz.student, extra]) {
      const joined = await ctx.app.inject({
        method: 'POST',
        url: '/api/classes/join',
        headers: bearer(student.token),
        payload: { code: cls.code },
      });
      expect(joined.statusCode, joined.body).toBeLessThan(300);
    }
    const acc = await ctx.app.inject({
      method: 'PUT',
      url: `/api/classes/${cls.id}/members/${extra.user.id}/accommodation`,
      headers: bearer(quiz.teacher.token),
      payload: { extraTimeMinutes: 5 },
    });
    expect(acc.statusCode, acc.body).toBe(200);
    const plain = await start(quiz);
    const longer = await start(quiz, extra);
    expect(longer.deadlineAt).toBe(new Date(START + 15 * MINUTE).toISOString());
    const q = quiz.questions[0]!.id;

    nowMs = START + 10 * MINUTE + 30_000;
    expect((await saveAnswer(ctx, quiz.student, plain, q, { answer: true })).statusCode).toBe(200);
    nowMs = START + 10 * MINUTE + 31_000;
    const late = await saveAnswer(ctx, quiz.student, plain, q, { answer: false });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/time/i);
    // The refused save changed nothing: the answer and the count are those of the last accepted save.
    expect(await storedAnswer(plain.id, q)).toEqual({ response: { answer: true }, version: 1 });
    // The accommodated student still has their five minutes.
    const withExtra = await saveAnswer(ctx, extra, longer, q, { answer: true });
    expect(withExtra.statusCode).toBe(200);
    expect(withExtra.json<SaveAnswerResult>().remainingSeconds).toBe(4 * 60 + 29);
    nowMs = START + 15 * MINUTE + 31_000;
    expect((await saveAnswer(ctx, extra, longer, q, { answer: false })).statusCode).toBe(409);
    expect(await storedAnswer(longer.id, q)).toEqual({ response: { answer: true }, version: 1 });
  });

  it('keeps the last of concurrent saves of one answer and counts each of them', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, {}, [SHORT]);
    const attempt = await start(quiz);
    const q = quiz.questions[0]!.id;
    const N = 30;
    const responses = await Promise.all(
      Array.from({ length: N }, (_, k) => saveAnswer(ctx, quiz.student, attempt, q, { text: `draft ${k}` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: N }, () => 200));
    const results = responses.map((r) => r.json<SaveAnswerResult>());
    // Each save was counted once, in the order the attempt row was locked...
    expect(results.map((r) => r.savesCount).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, k) => k + 1));
    // ...and the answer kept is the one of the save counted last.
    const last = results.findIndex((r) => r.savesCount === N);
    expect(await storedAnswer(attempt.id, q)).toEqual({ response: { text: `draft ${last}` }, version: N });
  });

  it('lands no save after a submit: every acknowledged save is in the graded attempt, the others are refused', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, {}, [TRUE_FALSE, SHORT]);
    const attempt = await start(quiz);
    const [tf, short] = [quiz.questions[0]!.id, quiz.questions[1]!.id];
    const sent = Array.from({ length: 40 }, (_, k) =>
      k % 2 ? { id: tf, response: { answer: k % 4 === 1 } } : { id: short, response: { text: `draft ${k}` } },
    );
    const [submitted, ...answered] = await Promise.all([
      submitAttempt(ctx, quiz.student, attempt.id),
      ...sent.map(({ id, response }) => saveAnswer(ctx, quiz.student, attempt, id, response)),
    ]);
    expect(submitted.statusCode).toBe(200);
    expect(answered.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const accepted = answered.flatMap((r, k) =>
      r.statusCode === 200 ? [{ ...sent[k]!, savesCount: r.json<SaveAnswerResult>().savesCount }] : [],
    );
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/attempts/${attempt.id}`,
      headers: bearer(quiz.student.token),
    });
    const after = view.json<AttemptForStudent>();
    expect(after.status).toBe('graded');
    expect(after.savesCount).toBe(accepted.length);
    // Each question holds the answer of its last acknowledged save, graded with the attempt.
    for (const id of [tf, short]) {
      const mine = accepted.filter((a) => a.id === id).sort((a, b) => b.savesCount - a.savesCount);
      const shown = after.questions.find((q) => q.question.id === id)!;
      expect(shown.response).toEqual(mine[0]?.response ?? null);
      expect((await storedAnswer(attempt.id, id))?.version ?? 0).toBe(mine.length);
    }
    expect(submitted.json<SubmitAttemptResult>().receipt.answered).toBe(
      after.questions.filter((q) => q.response !== null).length,
    );
  });

  it('checks an answer against the question as it is now, after the teacher changed it', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, {}, [CHOICE]);
    const attempt = await start(quiz);
    const q = quiz.questions[0]!;
    // The question's shape is now kept by the server.
    expect((await saveAnswer(ctx, quiz.student, attempt, q.id, { chosen: ['b'] })).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/questions/${q.id}`,
      headers: bearer(quiz.teacher.token),
      payload: {
        version: q.version,
        content: {
          type: 'multiple_choice',
          body: {
            multiple: false,
            choices: [
              { id: 'a', text: 'Alpha' },
              { id: 'c', text: 'Gamma' },
            ],
          },
          key: { correct: ['c'] },
        },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<BankQuestion>().version).toBe(q.version + 1);
    const gone = await saveAnswer(ctx, quiz.student, attempt, q.id, { chosen: ['b'] });
    expect(gone.statusCode).toBe(400);
    expect(gone.json<{ message: string }>().message).toBe(
      'Question 1: the answer names choices the question does not have',
    );
    const added = await saveAnswer(ctx, quiz.student, attempt, q.id, { chosen: ['c'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(await storedAnswer(attempt.id, q.id)).toEqual({ response: { chosen: ['c'] }, version: 2 });
  });

  it("tells nothing about another student's attempt or questions, whatever the answer's shape", async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, {}, [TRUE_FALSE]);
    const mine = await start(quiz);
    const q = quiz.questions[0]!.id;
    expect((await saveAnswer(ctx, quiz.student, mine, q, { answer: true })).statusCode).toBe(200);
    const other = await createUser(ctx, 'student');
    for (const response of [{ answer: false }, { answer: 'not a boolean' }, null]) {
      const res = await saveAnswer(ctx, other, mine, q, response);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Attempt not found');
    }
    // A question the attempt does not hold: 404 even when its shape is known and the answer does not fit it.
    const second = await setUpQuiz(ctx, {}, [TRUE_FALSE], { student: quiz.student });
    const foreign = second.questions[0]!.id;
    const theirs = await start(second);
    expect((await saveAnswer(ctx, quiz.student, theirs, foreign, { answer: true })).statusCode).toBe(200);
    for (const response of [{ answer: true }, { answer: 'not a boolean' }, null])
      expect((await saveAnswer(ctx, quiz.student, mine, foreign, response)).statusCode).toBe(404);
    expect(await storedAnswer(mine.id, q)).toEqual({ response: { answer: true }, version: 1 });
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/attempts/${mine.id}`,
      headers: bearer(quiz.student.token),
    });
    expect(view.json<AttemptForStudent>().savesCount).toBe(1);
  });
});
