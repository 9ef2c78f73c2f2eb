import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMemoryAttemptCounter } from '../src/lib/attempt-counter.js';
import { createUser, PASSWORD, uniqueEmail, useTestApp } from './helper.js';

const WINDOW = 15 * 60 * 1000;
const LOCKED = 'Too many failed login attempts. Try again in 15 minutes.';

let now = Date.now();
const ctx = useTestApp({ clock: () => now });

function login(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function failTimes(app: FastifyInstance, email: string, times: number) {
  const statuses = [];
  for (let i = 0; i < times; i += 1) statuses.push((await login(app, email, 'wrong-password-guess')).statusCode);
  return statuses;
}

describe('failed-login throttle per account', () => {
  it('answers the 11th attempt with 429 even with the right password, until the window ends', async () => {
    const student = await createUser(ctx, 'student');
    expect(await failTimes(ctx.app, student.email, 10)).toEqual(Array(10).fill(401));

    const locked = await login(ctx.app, student.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ statusCode: 429, message: LOCKED });

    now += WINDOW - 1000;
    expect((await login(ctx.app, student.email, PASSWORD)).statusCode).toBe(429);
    now += 1001;
    const after = await login(ctx.app, student.email, PASSWORD);
    expect(after.statusCode).toBe(200);
    expect(after.json().token).toEqual(expect.any(String));
  });

  it('counts the e-mail in any letter case as the same account', async () => {
    const teacher = await createUser(ctx, 'teacher');
    await failTimes(ctx.app, teacher.email.toUpperCase(), 5);
    await failTimes(ctx.app, `  ${teacher.email}  `, 5);
    expect((await login(ctx.app, teacher.email, PASSWORD)).statusCode).toBe(429);
  });

  it('throttles unknown e-mails the same way, so the answer tells nothing', async () => {
    const unknown = uniqueEmail('ghost');
    expect(await failTimes(ctx.app, unknown, 11)).toEqual([...Array(10).fill(401), 429]);
  });

  it('leaves other accounts alone', async () => {
    const [target, bystander] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    await failTimes(ctx.app, target.email, 10);
    expect((await login(ctx.app, target.email, PASSWORD)).statusCode).toBe(429);
    expect((await login(ctx.app, bystander.email, PASSWORD)).statusCode).toBe(200);
  });

  it('starts counting afresh after a successful login', async () => {
    const admin = await createUser(ctx, 'admin');
    await failTimes(ctx.app, admin.email, 9);
    expect((await login(ctx.app, admin.email, PASSWORD)).statusCode).toBe(200);
    expect(await failTimes(ctx.app, admin.email, 9)).toEqual(Array(9).fill(401));
    expect((await login(ctx.app, admin.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('in-process attempt counter', () => {
  it('opens a window at the first hit and forgets the key when it ends', async () => {
    let clock = 0;
    const counter = createMemoryAttemptCounter(() => clock);
    expect(await counter.hit('k', 100)).toBe(1);
    clock = 50;
    expect(await counter.hit('k', 100)).toBe(2);
    expect(await counter.count('k')).toBe(2);
    clock = 100;
    expect(await counter.count('k')).toBe(0);
    expect(await counter.hit('k', 100)).toBe(1);
    await counter.reset('k');
    expect(await counter.count('k')).toBe(0);
  });
});
