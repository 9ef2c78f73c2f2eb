import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createUser, PASSWORD, useTestApp } from './helper.js';

/** Issue 13.3: failed logins throttle the guessing client, not the account's owner. */
let now = Date.now();
const ctx = useTestApp({ clock: () => now });
const MINUTE = 60 * 1000;

function login(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

async function guess(email: string, times: number, remoteAddress: string) {
  const statuses = [];
  for (let i = 0; i < times; i += 1)
    statuses.push((await login(ctx.app, email, 'wrong-password-guess', remoteAddress)).statusCode);
  return statuses;
}

describe('lockout keyed on (account, client)', () => {
  it('locks out the guessing client only; the owner from another client logs in', async () => {
    const admin = await createUser(ctx, 'admin');
    expect(await guess(admin.email, 11, '203.0.113.10')).toEqual([...Array(10).fill(401), 429]);
    expect((await login(ctx.app, admin.email, PASSWORD, '203.0.113.10')).statusCode).toBe(429);
    expect((await login(ctx.app, admin.email, PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    // Also through v1.
    const v1 = await ctx.app.inject({
      method: 'POST',
      url: '/user-Login',
      remoteAddress: '198.51.100.21',
      payload: { email: admin.email, password: PASSWORD },
    });
    expect(v1.statusCode).toBe(200);
  });

  it('past the per-account ceiling, clients with failures wait with growing back-off; a clean client with the right password gets in', async () => {
    const student = await createUser(ctx, 'student');
    // 100 failures from 20 addresses reach the account ceiling.
    for (let c = 0; c < 20; c += 1) await guess(student.email, 5, `192.0.2.${c + 1}`);
    // A client that has failed here is held off even with the right password...
    expect((await login(ctx.app, student.email, PASSWORD, '192.0.2.1')).statusCode).toBe(429);
    // ...a fresh client's wrong guess is refused without a verdict...
    expect((await login(ctx.app, student.email, 'another-wrong-guess', '192.0.2.200')).statusCode).toBe(429);
    // ...and the owner, from a client with no recent failures, gets in.
    expect((await login(ctx.app, student.email, PASSWORD, '198.51.100.30')).statusCode).toBe(200);

    // The hold lasts 15 minutes the first time...
    now += 15 * MINUTE + 1000;
    expect(await guess(student.email, 1, '192.0.2.201')).toEqual([401]);
    // ...and twice as long the next time the ceiling is reached the same day.
    for (let c = 0; c < 20; c += 1) await guess(student.email, 5, `192.0.2.${c + 50}`);
    now += 15 * MINUTE + 1000;
    expect(await guess(student.email, 1, '192.0.2.202')).toEqual([429]);
    now += 15 * MINUTE + 1000;
    expect(await guess(student.email, 1, '192.0.2.203')).toEqual([401]);
  });
});

describe('reset mails', () => {
  const forgot = (email: string, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });

  it('never refuse the owner: requests past the per-account limit get the same answer, and mail resumes soon', async () => {
    const student = await createUser(ctx, 'student');
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await forgot(student.email, `203.0.113.${60 + i}`)).statusCode);
    expect(statuses).toEqual(Array(8).fill(200));
  });
});
