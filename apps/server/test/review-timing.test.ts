import type {
  ApiErrorBody,
  Assessment,
  AttemptForStudent,
  MistakeSummary,
  SubmitAttemptResult,
} from '@lyceum/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * Review timing (issue 54.3, ADR 046): a new assessment shows the correct answers after the student's last attempt
 * or the close date, never while they may still answer again; a release or a settings change that would show them
 * to students with attempts left asks the teacher to confirm, with how many.
 */

/** The server's clock: the real one, unless a test moves it. */
let nowMs: number | null = null;
const ctx = useTestApp({ clock: () => nowMs ?? Date.now() });
afterEach(() => {
  nowMs = null;
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
function ok<T>(res: { statusCode: number; body: string; json: <U>() => U }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

/** One multiple-choice question ("a" is right); students answer "b". */
const PICK_ONE = {
  title: 'Sorted structure',
  prompt: '<p>Which structure keeps keys sorted?</p>',
  content: {
    type: 'multiple_choice' as const,
    body: {
      choices: [
        { id: 'a', text: 'B-tree' },
        { id: 'b', text: 'Hash' },
      ],
    },
    key: { correct: ['a'] },
  },
};

const base = (quiz: QuizSetup) => `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}`;

/** A wrong attempt by `student`: started, answered "b", submitted unless `submit` is false. */
async function wrongAttempt(quiz: QuizSetup, student: TestUser = quiz.student, submit = true) {
  const attempt = ok<AttemptForStudent>(await call('POST', `${base(quiz)}/attempts`, student.token, {}), 201);
  const answer = { response: { chosen: ['b'] } };
  ok(await call('PUT', `/api/attempts/${attempt.id}/answers/${quiz.questions[0]!.id}`, student.token, answer));
  if (!submit) return { attempt, result: null };
  const submitted = ok<SubmitAttemptResult>(await call('POST', `/api/attempts/${attempt.id}/submit`, student.token));
  return { attempt, result: submitted.result };
}

/** The correct answer the student's review of an attempt shows (null while held back). */
async function keyShown(student: TestUser, attemptId: string) {
  const view = ok<AttemptForStudent>(await call('GET', `/api/attempts/${attemptId}`, student.token));
  return view.questions[0]!.review?.correctResponse ?? null;
}

async function enrolled(quiz: QuizSetup) {
  const student = await createUser(ctx, 'student');
  ok(await call('POST', `/api/courses/${quiz.courseId}/enrolment`, student.token));
  return student;
}

const KEY = { chosen: ['a'] };

describe('review timing: the correct answers after the last attempt or the close date (default)', () => {
  it('a new assessment holds the key back while an attempt is left or in progress, and shows it after the last', async () => {
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: 2 }, [PICK_ONE]);
    expect(quiz.assessment.releaseAnswers).toBe('after_last_attempt');

    const first = await wrongAttempt(quiz);
    expect(first.result!.released).toMatchObject({ score: true, answers: false });
    // The review can tell the student when the answers come.
    expect(first.result!.releaseAnswers).toBe('after_last_attempt');
    expect(await keyShown(quiz.student, first.attempt.id)).toBeNull();

    // The second attempt in progress: the first one's review still holds the key back.
    const second = await wrongAttempt(quiz, quiz.student, false);
    expect(await keyShown(quiz.student, first.attempt.id)).toBeNull();

    const submitted = ok<SubmitAttemptResult>(
      await call('POST', `/api/attempts/${second.attempt.id}/submit`, quiz.student.token),
    );
    expect(submitted.result.released.answers).toBe(true);
    expect(await keyShown(quiz.student, first.attempt.id)).toEqual(KEY);
    expect(await keyShown(quiz.student, second.attempt.id)).toEqual(KEY);
    // The mistake notebook follows the same release (point 2).
    expect(ok<MistakeSummary>(await call('GET', '/api/me/mistakes/summary', quiz.student.token)).total).toBe(1);
  });

  it('with unlimited attempts, shows the key once the close date passed (and not before)', async () => {
    const start = Date.now();
    nowMs = start;
    const dueAt = new Date(start + 30 * 60_000).toISOString();
    const closesAt = new Date(start + 60 * 60_000).toISOString();
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: null, dueAt, closesAt }, [PICK_ONE]);
    const { attempt } = await wrongAttempt(quiz);
    expect(await keyShown(quiz.student, attempt.id)).toBeNull();
    // Past the due date, before the close date: late attempts may still start, so the key waits.
    nowMs = start + 45 * 60_000;
    expect(await keyShown(quiz.student, attempt.id)).toBeNull();
    expect(ok<MistakeSummary>(await call('GET', '/api/me/mistakes/summary', quiz.student.token)).total).toBe(0);

    nowMs = start + 2 * 60 * 60_000;
    expect(await keyShown(quiz.student, attempt.id)).toEqual(KEY);
    expect(ok<MistakeSummary>(await call('GET', '/api/me/mistakes/summary', quiz.student.token)).total).toBe(1);
  });

  it('keeps the earlier timings valid: an assessment may still show the key after the due date or at once', async () => {
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: 1, releaseAnswers: 'after_due' }, [PICK_ONE]);
    expect(quiz.assessment.releaseAnswers).toBe('after_due');
    const saved = ok<Assessment>(
      await call('PATCH', base(quiz), quiz.teacher.token, {
        version: quiz.assessment.version,
        releaseAnswers: 'immediately',
      }),
    );
    expect(saved.releaseAnswers).toBe('immediately');
  });
});

describe('releasing the answers to students with attempts left asks for a confirmation', () => {
  it('the release answers 409 with how many students may still attempt, writes nothing, and goes ahead when confirmed', async () => {
    const quiz = await setUpQuiz(
      ctx,
      { attemptsAllowed: 2, releaseScore: 'manual', releaseAnswers: 'manual', releaseFeedback: 'manual' },
      [PICK_ONE],
    );
    const [done, fresh, working, another] = await Promise.all([
      enrolled(quiz),
      enrolled(quiz),
      enrolled(quiz),
      enrolled(quiz),
    ]);
    // One attempt of two submitted: counted (the main student and `another`).
    const left = await wrongAttempt(quiz);
    await wrongAttempt(quiz, another);
    // Both attempts used: not counted.
    await wrongAttempt(quiz, done);
    await wrongAttempt(quiz, done);
    // A first attempt in progress and nothing submitted (no review to read a key in), or not started: not counted.
    await wrongAttempt(quiz, working, false);
    void fresh;

    const refused = await call('POST', `${base(quiz)}/release`, quiz.teacher.token, { released: true });
    expect(refused.statusCode).toBe(409);
    const body = refused.json<ApiErrorBody>();
    expect(body.message).toContain('2 students who may still start another attempt');
    expect(body.issues).toEqual([{ path: 'confirm', message: body.message }]);
    // Nothing released.
    expect(ok<Assessment>(await call('GET', base(quiz), quiz.teacher.token)).releasedAt).toBeNull();
    expect(await keyShown(quiz.student, left.attempt.id)).toBeNull();

    const released = ok<Assessment>(
      await call('POST', `${base(quiz)}/release`, quiz.teacher.token, { released: true, confirm: true }),
    );
    expect(released.releasedAt).not.toBeNull();
    expect(await keyShown(quiz.student, left.attempt.id)).toEqual(KEY);
  });

  it('says "1 student", and releases at once when no student has attempts left', async () => {
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: 2, releaseScore: 'manual', releaseAnswers: 'manual' }, [
      PICK_ONE,
    ]);
    const first = await wrongAttempt(quiz);
    const refused = await call('POST', `${base(quiz)}/release`, quiz.teacher.token, { released: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().message).toContain('1 student who may still start another attempt');

    await wrongAttempt(quiz);
    ok(await call('POST', `${base(quiz)}/release`, quiz.teacher.token, { released: true }));
    expect(await keyShown(quiz.student, first.attempt.id)).toEqual(KEY);
  });

  it('an assignment of essays alone has no key to hand out: released without a question', async () => {
    const essay = {
      title: 'Explain MVCC',
      prompt: '<p>Explain MVCC.</p>',
      content: { type: 'essay' as const, body: { wordLimit: 300 }, key: {} },
    };
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: null, releaseScore: 'manual', releaseAnswers: 'manual' }, [
      essay,
    ]);
    const attempt = ok<AttemptForStudent>(await call('POST', `${base(quiz)}/attempts`, quiz.student.token, {}), 201);
    const answer = { response: { html: '<p>Versions.</p>' } };
    ok(await call('PUT', `/api/attempts/${attempt.id}/answers/${quiz.questions[0]!.id}`, quiz.student.token, answer));
    ok(await call('POST', `/api/attempts/${attempt.id}/submit`, quiz.student.token));
    ok(await call('POST', `${base(quiz)}/release`, quiz.teacher.token, { released: true }));
  });

  it('a settings save that would show the key asks too; the same save goes through once confirmed', async () => {
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: 3 }, [PICK_ONE]);
    const { attempt } = await wrongAttempt(quiz);
    // A change that keeps the key back saves without a question.
    const titled = ok<Assessment>(
      await call('PATCH', base(quiz), quiz.teacher.token, { version: quiz.assessment.version, title: 'Quiz A' }),
    );
    const change = { version: titled.version, releaseAnswers: 'immediately' };
    const refused = await call('PATCH', base(quiz), quiz.teacher.token, change);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().issues).toEqual([
      { path: 'confirm', message: expect.stringContaining('1 student who may still') },
    ]);
    expect(await keyShown(quiz.student, attempt.id)).toBeNull();

    // Nothing was saved (the version is still the one read), so the same change goes through once confirmed.
    const saved = ok<Assessment>(await call('PATCH', base(quiz), quiz.teacher.token, { ...change, confirm: true }));
    expect(saved.releaseAnswers).toBe('immediately');
    expect(await keyShown(quiz.student, attempt.id)).toEqual(KEY);
  });
});
