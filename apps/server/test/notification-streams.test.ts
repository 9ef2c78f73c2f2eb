import type { AddressInfo } from 'node:net';
import { NOTIFICATION_LIMITS, type LoginResponse, type Notification, type Question } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTokenService } from '../src/auth/tokens.js';
import { openDatabase } from '../src/db/client.js';
import { bearer, createUser, PASSWORD, TEST_SECRET, useTestApp, type TestUser } from './helper.js';
import { has, openStream, sse, type SseEvent, type SseReader } from './sse-helper.js';

/**
 * Issue 55.2: a live stream lives no longer than its session. The periodic check is set far beyond any test's
 * time, so what ends a stream here is the session change itself, heard at its commit (ADR 035).
 */
const ctx = useTestApp({ env: { SSE_CHECK_MS: '300000', JOB_RUNNER: 'off' } });

let teacher: TestUser;
let admin: TestUser;
let base: string;

beforeAll(async () => {
  [teacher, admin] = await Promise.all([createUser(ctx, 'teacher'), createUser(ctx, 'admin')]);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

const post = (url: string, token: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function login(email: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LoginResponse>().token;
}

async function ask(user: TestUser): Promise<Question> {
  const res = await post('/api/forum/questions', user.token, {
    question: 'Who still hears me?',
    description: 'After signing out.',
    tags: ['sessions'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Question>();
}

/** The teacher answers: the asker is notified (the notification is raised in the answer's transaction). */
async function answer(questionId: string, text: string): Promise<void> {
  const res = await post(`/api/forum/questions/${questionId}/answers`, teacher.token, { answer: text });
  expect(res.statusCode, res.body).toBe(201);
}

/** A stream of this token on the app at `at`, once it has said `ready`. */
async function liveStream(token: string, at = base): Promise<SseReader> {
  const res = await openStream(at, token);
  expect(res.status).toBe(200);
  const stream = sse(res);
  await stream.until(has('ready'));
  return stream;
}

const reasonOf = (events: SseEvent[]) => JSON.parse(events.find((e) => e.event === 'end')!.data) as unknown;
const bodies = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'notification')
    .map((e) => (JSON.parse(e.data) as { notification: Notification }).notification.body);

describe('live streams end with their session', () => {
  it('a logout ends this session’s stream at once; a notification raised afterwards reaches only the other session', async () => {
    const student = await createUser(ctx, 'student');
    const question = await ask(student);
    const other = await login(student.email);
    const leaving = await liveStream(student.token);
    const staying = await liveStream(other);

    expect((await post('/api/auth/logout', student.token)).statusCode).toBe(200);
    await answer(question.id, 'Raised after the logout.');

    const [ended, kept] = await Promise.all([leaving.until(has('end')), staying.until(has('notification'))]);
    expect(reasonOf(ended)).toEqual({ reason: 'signed-out' });
    expect(ended.map((e) => e.event)).toEqual(['ready', 'end']);
    expect(bodies(kept)).toEqual(['Raised after the logout.']);
    await staying.close();
  });

  it('"log out everywhere" ends the other sessions’ streams, and the caller’s, whose new token streams again', async () => {
    const student = await createUser(ctx, 'student');
    const question = await ask(student);
    const elsewhere = await liveStream(await login(student.email));
    const own = await liveStream(student.token);

    const res = await post('/api/me/logout-everywhere', student.token);
    expect(res.statusCode).toBe(200);
    const renewed = res.json<{ token: string }>().token;
    expect(reasonOf(await elsewhere.until(has('end')))).toEqual({ reason: 'signed-out' });
    expect(reasonOf(await own.until(has('end')))).toEqual({ reason: 'signed-out' });

    const again = await liveStream(renewed);
    await answer(question.id, 'For the renewed token.');
    expect(bodies(await again.until(has('notification')))).toEqual(['For the renewed token.']);
    await again.close();
    expect(bodies(elsewhere.events)).toEqual([]);
    expect(bodies(own.events)).toEqual([]);
  });

  it('a password change ends the other sessions’ streams with reason password-changed', async () => {
    const student = await createUser(ctx, 'student');
    const elsewhere = await liveStream(await login(student.email));
    const res = await post('/api/me/password', student.token, {
      currentPassword: PASSWORD,
      newPassword: 'a-new-unusual-passphrase',
      confirmPassword: 'a-new-unusual-passphrase',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(reasonOf(await elsewhere.until(has('end')))).toEqual({ reason: 'password-changed' });
  });

  it('a suspension by an admin ends every stream of the account with reason suspended', async () => {
    const student = await createUser(ctx, 'student');
    const streams = [await liveStream(student.token), await liveStream(await login(student.email))];
    expect((await post(`/api/admin/users/${student.user.id}/suspend`, admin.token)).statusCode).toBe(200);
    for (const stream of streams) expect(reasonOf(await stream.until(has('end')))).toEqual({ reason: 'suspended' });
  });

  it('another user’s logout leaves my stream open', async () => {
    const [me, someone] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    const question = await ask(me);
    const mine = await liveStream(me.token);
    expect((await post('/api/auth/logout', someone.token)).statusCode).toBe(200);
    await answer(question.id, 'Still here.');
    const events = await mine.until(has('notification'));
    expect(events.map((e) => e.event)).toEqual(['ready', 'notification']);
    await mine.close();
  });
});

describe('open streams per user', () => {
  it(`keeps ${NOTIFICATION_LIMITS.streamsPerUser} open: one more ends the oldest with reason too-many-streams`, async () => {
    const student = await createUser(ctx, 'student');
    const question = await ask(student);
    const streams: SseReader[] = [];
    for (let i = 0; i < NOTIFICATION_LIMITS.streamsPerUser; i += 1) streams.push(await liveStream(student.token));
    const newest = await liveStream(student.token);

    const [oldest, ...rest] = streams;
    expect(reasonOf(await oldest!.until(has('end')))).toEqual({ reason: 'too-many-streams' });
    // The others are still live: each of them, and the newest, gets the next notification.
    await answer(question.id, 'To the tabs still open.');
    for (const stream of [...rest, newest]) {
      expect(bodies(await stream.until(has('notification')))).toEqual(['To the tabs still open.']);
      expect(stream.events.some((e) => e.event === 'end')).toBe(false);
    }
    await Promise.all([...rest, newest].map((stream) => stream.close()));
  });
});

// Two app processes on one PostgreSQL database (PGlite allows one): registered on the postgres project alone.
if (inject('databaseUrl'))
  describe('several app processes', () => {
    it('a logout handled by one process ends the stream another process holds, before the next notification', async () => {
      const database = await openDatabase({ kind: 'postgres', url: ctx.database.url! });
      let other: FastifyInstance | null = null;
      try {
        other = await buildApp({ config: ctx.config, database, tokens: createTokenService(TEST_SECRET) });
        await other.listen({ port: 0, host: '127.0.0.1' });
        const there = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
        const student = await createUser(ctx, 'student');
        const question = await ask(student);
        const leaving = await liveStream(student.token, there);
        const staying = await liveStream(await login(student.email), there);

        expect((await post('/api/auth/logout', student.token)).statusCode).toBe(200);
        await answer(question.id, 'Raised by the first process.');

        const [ended, kept] = await Promise.all([leaving.until(has('end')), staying.until(has('notification'))]);
        expect(reasonOf(ended)).toEqual({ reason: 'signed-out' });
        expect(ended.map((e) => e.event)).toEqual(['ready', 'end']);
        expect(bodies(kept)).toEqual(['Raised by the first process.']);
        await staying.close();
      } finally {
        await other?.close();
        await database.close();
      }
    });
  });
