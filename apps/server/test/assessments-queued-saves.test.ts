import { ASSESSMENT_MESSAGES, type AttemptForStudent, type SaveAnswerResult } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptAnswers } from '../src/db/schema/index.js';
import { setUpQuiz, startAttempt } from './assessment-helpers.js';
import { countQueries } from './course-helpers.js';
import { bearer, useTestApp } from './helper.js';

/**
 * Saves that survive the network (issue 49, ADR 059): the web app keeps answers while offline and sends them later,
 * resending any whose answer it never got, from one or several tabs. Each save carries `seq` (later change, higher
 * number): a resent save is applied once, an older one never replaces a newer one, and the deadline + grace is
 * judged by the time the save reaches the server, whatever the client's number says.
 */
const START = Date.parse('2026-12-07T09:00:00Z');
let nowMs = START;
const ctx = useTestApp({ clock: () => nowMs, env: { JOB_RUNNER: 'off' } });
const MINUTE = 60_000;

const SHORT = {
  title: 'Tree name',
  content: { type: 'short_answer' as const, body: {}, key: { mode: 'auto' as const, accepted: ['B-tree'] } },
};

type Quiz = Awaited<ReturnType<typeof setUpQuiz>>;

async function begin(settings: Parameters<typeof setUpQuiz>[1] = {}) {
  nowMs = START;
  const quiz = await setUpQuiz(ctx, settings, [SHORT]);
  const res = await startAttempt(ctx, quiz);
  expect(res.statusCode, res.body).toBe(201);
  return { quiz, attempt: res.json<AttemptForStudent>(), q: quiz.questions[0]!.id };
}

function save(quiz: Quiz, attempt: AttemptForStudent, questionId: string, response: unknown, seq?: number) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/attempts/${attempt.id}/answers/${questionId}`,
    headers: bearer(quiz.student.token),
    payload: seq === undefined ? { response } : { response, seq },
  });
}

async function stored(attemptId: string, questionId: string) {
  const [row] = await ctx.database.db
    .select({ response: attemptAnswers.response, version: attemptAnswers.version })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)));
  return row ?? null;
}

async function view(quiz: Quiz, attempt: AttemptForStudent) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/attempts/${attempt.id}`,
    headers: bearer(quiz.student.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AttemptForStudent>();
}

describe('queued saves (ADR 059)', () => {
  it('applies a save resent five times once, one after the other or all at once', async () => {
    const { quiz, attempt, q } = await begin();
    const seq = START + 1_000;
    const resent = [];
    // The question's first save reads its shape; a numbered save after it is still one statement (ADR 025's bench).
    expect((await save(quiz, attempt, q, { text: 'B' }, seq - 1)).statusCode).toBe(200);
    const statements = await countQueries(ctx.database, async () => {
      resent.push(await save(quiz, attempt, q, { text: 'B-tree' }, seq));
    });
    expect(statements).toHaveLength(1);
    for (let k = 1; k < 5; k += 1) resent.push(await save(quiz, attempt, q, { text: 'B-tree' }, seq));
    expect(resent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(resent.map((r) => r.json<SaveAnswerResult>().applied)).toEqual([true, false, false, false, false]);
    expect(resent.map((r) => r.json<SaveAnswerResult>().savesCount)).toEqual([2, 2, 2, 2, 2]);
    expect(await stored(attempt.id, q)).toEqual({ response: { text: 'B-tree' }, version: 2 });

    // Five copies of the next change arriving together (a flaky network's retries): one is applied.
    const together = await Promise.all(
      Array.from({ length: 5 }, () => save(quiz, attempt, q, { text: 'B+tree' }, seq + 1)),
    );
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(together.filter((r) => r.json<SaveAnswerResult>().applied)).toHaveLength(1);
    expect(await stored(attempt.id, q)).toEqual({ response: { text: 'B+tree' }, version: 3 });
    expect((await view(quiz, attempt)).savesCount).toBe(3);
  });

  it('never lets an older save (another tab, a late retry) replace or clear a newer answer', async () => {
    const { quiz, attempt, q } = await begin();
    // Tab B's later answer arrives first; tab A's earlier one, queued while offline, arrives after it.
    const newer = await save(quiz, attempt, q, { text: 'from tab B, later' }, START + 20_000);
    expect(newer.json<SaveAnswerResult>()).toMatchObject({ applied: true, savesCount: 1 });
    const older = await save(quiz, attempt, q, { text: 'from tab A, earlier' }, START + 10_000);
    expect(older.statusCode).toBe(200);
    expect(older.json<SaveAnswerResult>()).toMatchObject({ applied: false, savesCount: 1 });
    const olderClear = await save(quiz, attempt, q, null, START + 15_000);
    expect(olderClear.json<SaveAnswerResult>().applied).toBe(false);
    expect((await view(quiz, attempt)).questions[0]!.response).toEqual({ text: 'from tab B, later' });

    // A newer clear removes it, and a retry of an answer given before the clear does not bring it back.
    const cleared = await save(quiz, attempt, q, null, START + 30_000);
    expect(cleared.json<SaveAnswerResult>()).toMatchObject({ applied: true, savesCount: 2 });
    const stale = await save(quiz, attempt, q, { text: 'from tab B, later' }, START + 20_000);
    expect(stale.json<SaveAnswerResult>().applied).toBe(false);
    expect(await stored(attempt.id, q)).toBeNull();
    const after = await view(quiz, attempt);
    expect(after.questions[0]!.response).toBeNull();
    expect(after.savesCount).toBe(2);
  });

  it('accepts a queued save up to deadline + grace by its arrival, whatever number it carries, and refuses it after', async () => {
    const { quiz, attempt, q } = await begin({ timeLimitMinutes: 10 });
    const givenInTime = START + 5 * MINUTE;
    nowMs = START + 10 * MINUTE + 30_000;
    const inGrace = await save(quiz, attempt, q, { text: 'just in time' }, givenInTime);
    expect(inGrace.json<SaveAnswerResult>()).toMatchObject({ applied: true, remainingSeconds: 0 });
    // Given "before the deadline" by the client's number, but arriving after deadline + grace: refused.
    nowMs = START + 10 * MINUTE + 31_000;
    const late = await save(quiz, attempt, q, { text: 'too late' }, givenInTime + 1);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(ASSESSMENT_MESSAGES.deadlinePassed);
    expect(await stored(attempt.id, q)).toEqual({ response: { text: 'just in time' }, version: 1 });
    // Once the overdue attempt was submitted (here by reading it), a late save still says the time is over.
    expect((await view(quiz, attempt)).status).not.toBe('in_progress');
    const afterSubmit = await save(quiz, attempt, q, { text: 'too late' }, givenInTime + 2);
    expect(afterSubmit.statusCode).toBe(409);
    expect(afterSubmit.json<{ message: string }>().message).toBe(ASSESSMENT_MESSAGES.deadlinePassed);
    // A resend of the save that was applied in time is still answered as saved (its answer is the one kept).
    const resent = await save(quiz, attempt, q, { text: 'just in time' }, givenInTime);
    expect(resent.statusCode).toBe(200);
    expect(resent.json<SaveAnswerResult>().applied).toBe(false);
  });

  it('keeps saves without a number working as before (the last to arrive wins), and refuses a bad number', async () => {
    const { quiz, attempt, q } = await begin();
    expect((await save(quiz, attempt, q, { text: 'one' }, START + 5_000)).json<SaveAnswerResult>().applied).toBe(true);
    const plain = await save(quiz, attempt, q, { text: 'two' });
    expect(plain.json<SaveAnswerResult>()).toMatchObject({ applied: true, savesCount: 2 });
    expect(await stored(attempt.id, q)).toEqual({ response: { text: 'two' }, version: 2 });
    for (const seq of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2])
      expect((await save(quiz, attempt, q, { text: 'three' }, seq)).statusCode).toBe(400);
  });
});
