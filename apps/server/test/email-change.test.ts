import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.js';
import { bearer, createUser, PASSWORD, uniqueEmail, useTestApp } from './helper.js';

/** Issue 13.4: a bearer token alone cannot move the account to another address; the old address can undo it. */
const sent: MailMessage[] = [];
let now = Date.now();
const ctx = useTestApp({
  clock: () => now,
  mailer: {
    async send(message) {
      sent.push(message);
    },
    close() {},
  },
});

const patchMe = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(token), payload });
const getMe = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const undo = (token: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/undo-email-change', payload: { token } });
const login = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

function undoTokenMailedTo(address: string): string {
  const mail = sent.find((m) => m.to === address && m.subject.includes('e-mail address was changed'));
  const match = mail && /\/undo-email-change\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no undo link mailed to ${address}`);
  return match[1];
}

describe('changing the e-mail needs the current password', () => {
  it('answers 400 without currentPassword, and with a wrong one; nothing changes', async () => {
    const student = await createUser(ctx, 'student');
    const missing = await patchMe(student.token, { email: uniqueEmail('thief'), city: 'Elsewhere' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: 'currentPassword', message: 'is required to change the e-mail' }]);
    const wrong = await patchMe(student.token, {
      email: uniqueEmail('thief'),
      city: 'Elsewhere',
      currentPassword: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'currentPassword', message: 'is incorrect' }]);
    expect((await getMe(student.token)).json()).toMatchObject({ email: student.email, city: '' });
  });

  it('does not ask for it when other fields change, or only the letter case of the e-mail', async () => {
    const student = await createUser(ctx, 'student');
    expect((await patchMe(student.token, { city: 'Oslo' })).statusCode).toBe(200);
    expect((await patchMe(student.token, { email: student.email.toUpperCase() })).statusCode).toBe(200);
  });
});

describe('undoing an e-mail change from the old address', () => {
  it('restores the old address, ends every session and closes open reset links; the link works once', async () => {
    const student = await createUser(ctx, 'student');
    const stolen = uniqueEmail('thief');
    const changed = await patchMe(student.token, { email: stolen, currentPassword: PASSWORD });
    expect(changed.statusCode).toBe(200);
    const token = undoTokenMailedTo(student.email);
    // Meanwhile the new address asks for a reset link.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: stolen } }))
        .statusCode,
    ).toBe(200);
    const resetMail = sent.find((m) => m.to === stolen && m.subject.includes('Reset'));
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(resetMail?.text ?? '')?.[1];

    const res = await undo(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringContaining('restored') });
    // Every session ended (the token the change answered too), with a reason.
    expect((await getMe(changed.json().token)).json()).toMatchObject({ statusCode: 401, reason: 'signed-out' });
    expect((await login(student.email)).statusCode).toBe(200);
    expect((await login(stolen)).statusCode).toBe(401);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, newPassword: 'taken-over-for-good', confirmPassword: 'taken-over-for-good' },
    });
    expect(reset.statusCode).toBe(400);

    expect((await undo(token)).statusCode).toBe(400);
  });

  it('refuses a link older than 7 days, an unknown one and a malformed body with 400', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const next = uniqueEmail('moved');
    expect((await patchMe(teacher.token, { email: next, currentPassword: PASSWORD })).statusCode).toBe(200);
    const token = undoTokenMailedTo(teacher.email);
    now += 7 * 24 * 60 * 60 * 1000 + 1000;
    expect((await undo(token)).statusCode).toBe(400);
    expect((await undo('x'.repeat(43))).statusCode).toBe(400);
    expect((await undo(42)).statusCode).toBe(400);
    expect((await undo('')).statusCode).toBe(400);
    expect((await login(next)).statusCode).toBe(200);
  });

  it('answers 409 when the old address was taken by another account meanwhile', async () => {
    const student = await createUser(ctx, 'student');
    const old = student.email;
    expect((await patchMe(student.token, { email: uniqueEmail('moved'), currentPassword: PASSWORD })).statusCode).toBe(
      200,
    );
    const token = undoTokenMailedTo(old);
    await createUser(ctx, 'student', { email: old });
    expect((await undo(token)).statusCode).toBe(409);
  });
});
