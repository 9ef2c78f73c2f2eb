import type {
  Assessment,
  AttemptForStudent,
  BankQuestion,
  MistakeCardPage,
  MistakeSummary,
  PracticeResult,
  Section,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../src/db/schema/index.js';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/** The server's clock: the real one, unless a test moves it. */
let nowMs: number | null = null;
const ctx = useTestApp({ clock: () => nowMs ?? Date.now() });
afterEach(() => {
  nowMs = null;
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
function ok<T>(res: { statusCode: number; body: string; json: <U>() => U }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

let teacher: TestUser;
let student: TestUser;
let other: TestUser;
let wrong: BankQuestion;
let right: BankQuestion;
let attemptId: string;

beforeAll(async () => {
  [teacher, student, other] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
  ]);
  const courseId = (await createCourse(ctx, teacher.token, { status: 'published', title: 'Notebook' })).id;
  const section = ok<Section>(
    await call('POST', `/api/courses/${courseId}/sections`, teacher.token, { title: 'W1' }),
    201,
  );
  const mc = (title: string) =>
    call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
      title,
      prompt: `<p>${title}?</p>`,
      content: {
        type: 'multiple_choice',
        body: {
          choices: [
            { id: 'a', text: 'B-tree' },
            { id: 'b', text: 'Hash' },
          ],
        },
        key: { correct: ['a'] },
      },
    });
  wrong = ok<BankQuestion>(await mc('Sorted structure'), 201);
  right = ok<BankQuestion>(await mc('Range scans'), 201);
  const draft = ok<Assessment>(
    await call('POST', `/api/courses/${courseId}/sections/${section.id}/assessments`, teacher.token, {
      title: 'Quiz',
      releaseAnswers: 'immediately',
    }),
    201,
  );
  const parts = ok<Assessment>(
    await call('PUT', `/api/courses/${courseId}/assessments/${draft.id}/parts`, teacher.token, {
      version: draft.version,
      parts: [{ mode: 'fixed', questionIds: [wrong.id, right.id] }],
    }),
  );
  ok(
    await call('POST', `/api/courses/${courseId}/assessments/${draft.id}/publish`, teacher.token, {
      version: parts.version,
      published: true,
    }),
  );
  ok(await call('POST', `/api/courses/${courseId}/enrolment`, student.token));
  const attempt = ok<AttemptForStudent>(
    await call('POST', `/api/courses/${courseId}/assessments/${draft.id}/attempts`, student.token, {}),
    201,
  );
  attemptId = attempt.id;
  ok(
    await call('PUT', `/api/attempts/${attemptId}/answers/${wrong.id}`, student.token, { response: { chosen: ['b'] } }),
  );
  ok(
    await call('PUT', `/api/attempts/${attemptId}/answers/${right.id}`, student.token, { response: { chosen: ['a'] } }),
  );
  ok(await call('POST', `/api/attempts/${attemptId}/submit`, student.token));
});

describe('mistake notebook', () => {
  it('the question answered wrong lands in the notebook, due today; the right one does not', async () => {
    expect(ok<MistakeSummary>(await call('GET', '/api/me/mistakes/summary', student.token))).toEqual({
      dueToday: 1,
      total: 1,
    });
    const due = ok<MistakeCardPage>(await call('GET', '/api/me/mistakes/due', student.token));
    expect(due.items.map((card) => card.questionId)).toEqual([wrong.id]);
    // Served as for taking: never with its key.
    expect(JSON.stringify(due.items[0]!.question)).not.toMatch(/"correct"|"key"/);
    expect(ok<MistakeSummary>(await call('GET', '/api/me/mistakes/summary', other.token))).toEqual({
      dueToday: 0,
      total: 0,
    });
  });

  it('practice: "again" keeps it close, "good" moves it out of today’s list; grades never change', async () => {
    const [before] = await ctx.database.db.select().from(attempts).where(eq(attempts.id, attemptId));
    const url = `/api/me/mistakes/${wrong.id}/practice`;
    const missed = ok<PracticeResult>(await call('POST', url, student.token, { response: { chosen: ['b'] } }));
    expect(missed).toMatchObject({ correct: false, rating: 'again' });
    expect(Date.parse(missed.nextDue) - Date.now()).toBeLessThan(11 * 60_000);
    const got = ok<PracticeResult>(await call('POST', url, student.token, { response: { chosen: ['a'] } }));
    expect(got).toMatchObject({ correct: true, rating: 'good' });
    expect(Date.parse(got.nextDue)).toBeGreaterThan(Date.parse(missed.nextDue));
    const due = ok<MistakeCardPage>(await call('GET', '/api/me/mistakes/due', student.token));
    expect(due.total).toBe(0);
    const [after] = await ctx.database.db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(after!.score).toBe(before!.score);
    expect(after!.updatedAt).toEqual(before!.updatedAt);
  });

  it('another student cannot practise my card (404); a wrong shape is a 400; a teacher has no notebook (403)', async () => {
    const url = `/api/me/mistakes/${wrong.id}/practice`;
    expect((await call('POST', url, other.token, { response: { chosen: ['a'] } })).statusCode).toBe(404);
    expect((await call('POST', url, student.token, { response: { answer: true } })).statusCode).toBe(400);
    expect((await call('GET', '/api/me/mistakes/summary', teacher.token)).statusCode).toBe(403);
  });
});

/** One multiple-choice question ("a" is right) in a quiz of its own; the student answers "b". */
const PICK_ONE = {
  title: 'Q02 MC sorted structure',
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

async function wrongAttempt(quiz: QuizSetup) {
  const base = `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}`;
  const attempt = ok<AttemptForStudent>(await call('POST', `${base}/attempts`, quiz.student.token, {}), 201);
  const answer = { response: { chosen: ['b'] } };
  ok(await call('PUT', `/api/attempts/${attempt.id}/answers/${quiz.questions[0]!.id}`, quiz.student.token, answer));
  return attempt;
}

/** What the notebook shows the student: its counts, the due list and whether practice grades the question. */
async function notebook(quiz: QuizSetup) {
  const summary = ok<MistakeSummary>(await call('GET', '/api/me/mistakes/summary', quiz.student.token));
  const due = ok<MistakeCardPage>(await call('GET', '/api/me/mistakes/due', quiz.student.token));
  const practice = await call('POST', `/api/me/mistakes/${quiz.questions[0]!.id}/practice`, quiz.student.token, {
    response: { chosen: ['a'] },
  });
  return {
    total: summary.total,
    listed: due.items.map((card) => card.questionId),
    practice: practice.statusCode === 200 ? practice.json<PracticeResult>().correct : practice.statusCode,
  };
}

const hidden = { total: 0, listed: [], practice: 404 };

describe('mistake notebook and the release policy', () => {
  it('holds a wrong answer back while the answers are held back; shows it once released, hides it when taken back', async () => {
    const quiz = await setUpQuiz(
      ctx,
      { attemptsAllowed: 1, releaseScore: 'manual', releaseAnswers: 'manual', releaseFeedback: 'manual' },
      [PICK_ONE],
    );
    const attempt = await wrongAttempt(quiz);
    ok(await call('POST', `/api/attempts/${attempt.id}/submit`, quiz.student.token));
    // No attempts left, but nothing released: practice would tell "b" is wrong and "a" is right.
    expect(await notebook(quiz)).toEqual(hidden);

    const release = `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/release`;
    ok(await call('POST', release, quiz.teacher.token, { released: true }));
    expect(await notebook(quiz)).toEqual({ total: 1, listed: [quiz.questions[0]!.id], practice: true });

    ok(await call('POST', release, quiz.teacher.token, { released: false }));
    expect(await notebook(quiz)).toEqual(hidden);
  });

  it('never shows a mistake while attempts are left (answers released at once), nor during the last attempt', async () => {
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: 2, releaseAnswers: 'immediately' }, [PICK_ONE]);
    const first = await wrongAttempt(quiz);
    ok(await call('POST', `/api/attempts/${first.id}/submit`, quiz.student.token));
    // The review shows the key, but a second attempt is open to the student: the notebook waits.
    expect(await notebook(quiz)).toEqual(hidden);
    const second = await wrongAttempt(quiz);
    expect(await notebook(quiz)).toEqual(hidden);
    ok(await call('POST', `/api/attempts/${second.id}/submit`, quiz.student.token));
    expect(await notebook(quiz)).toEqual({ total: 1, listed: [quiz.questions[0]!.id], practice: true });
  });

  it('a wrong try shows the correct answer, and the feedback only once the feedback is released too', async () => {
    const withFeedback = {
      ...PICK_ONE,
      content: { ...PICK_ONE.content, key: { ...PICK_ONE.content.key, choiceFeedback: { b: 'Hashes scatter keys.' } } },
      feedback: { general: 'Sorted structures serve ranges.', correct: 'Right.', incorrect: 'Think of ranges.' },
    };
    const practise = async (releaseFeedback: 'immediately' | 'manual', chosen: string) => {
      const quiz = await setUpQuiz(
        ctx,
        { attemptsAllowed: 1, releaseScore: 'immediately', releaseAnswers: 'immediately', releaseFeedback },
        [withFeedback],
      );
      const attempt = await wrongAttempt(quiz);
      ok(await call('POST', `/api/attempts/${attempt.id}/submit`, quiz.student.token));
      // Opening the notebook lists the missed question (its card is made then).
      ok(await call('GET', '/api/me/mistakes/due', quiz.student.token));
      return ok<PracticeResult>(
        await call('POST', `/api/me/mistakes/${quiz.questions[0]!.id}/practice`, quiz.student.token, {
          response: { chosen: [chosen] },
        }),
      );
    };
    expect(await practise('immediately', 'b')).toMatchObject({
      correct: false,
      correctResponse: { chosen: ['a'] },
      feedback: {
        general: 'Sorted structures serve ranges.',
        outcome: 'Think of ranges.',
        choices: [{ choiceId: 'b', text: 'Hashes scatter keys.' }],
      },
    });
    // The answers are out, the feedback is held back: the key, no feedback.
    expect(await practise('manual', 'b')).toMatchObject({
      correct: false,
      correctResponse: { chosen: ['a'] },
      feedback: null,
    });
    // A right try needs no key.
    expect(await practise('immediately', 'a')).toMatchObject({ correct: true, correctResponse: null, feedback: null });
  });

  it('with unlimited attempts and the answers released at once, waits for the close date', async () => {
    const start = Date.now();
    nowMs = start;
    const closesAt = new Date(start + 60 * 60_000).toISOString();
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: null, releaseAnswers: 'immediately', closesAt }, [PICK_ONE]);
    const attempt = await wrongAttempt(quiz);
    ok(await call('POST', `/api/attempts/${attempt.id}/submit`, quiz.student.token));
    expect(await notebook(quiz)).toEqual(hidden);
    nowMs = start + 2 * 60 * 60_000;
    expect(await notebook(quiz)).toEqual({ total: 1, listed: [quiz.questions[0]!.id], practice: true });
  });
});
