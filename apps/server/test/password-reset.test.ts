import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../src/db/schema/index.js';
import { createMailer, createSmtpMailer, type Mailer } from '../src/lib/mailer.js';
import { bearer, createUser, PASSWORD, uniqueEmail, useTestApp } from './helper.js';
import { resetLinkIn, startSmtpServer, trackSends } from './mail-helper.js';

const PUBLIC_URL = 'https://lyceum.test';
const HOUR = 60 * 60 * 1000;
const NEUTRAL =
  'If an account exists for that email, we have sent a link to reset its password. The link is valid for 1 hour.';
const LINK_INVALID = 'This reset link has expired or has already been used.';
const NEW_PASSWORD = 'reset-to-something-new';

// A real SMTP server receives the mail; the app is built before it starts, so its mailer delegates.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpMailer: Mailer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpMailer = createSmtpMailer({ url: smtp.url, from: 'Lyceum <no-reply@lyceum.test>' });
});
afterAll(async () => {
  smtpMailer?.close();
  await smtp?.close();
});

let now = Date.now();
const ctx = useTestApp({
  env: { PUBLIC_URL },
  clock: () => now,
  mailer: { send: (message) => smtpMailer.send(message), close: () => undefined },
});

function forgot(email: unknown) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
}

function reset(token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword, confirmPassword },
  });
}

function login(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function resetRowCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(passwordResets);
  return row?.n ?? 0;
}

/** Asks for a link and reads it from the mail the SMTP server received. */
async function requestLink(email: string) {
  const before = smtp.received.length;
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const mail = await smtp.waitFor(email, before);
  return { ...resetLinkIn(mail), mail };
}

describe('forgot password', () => {
  it('mails a single-use link to the account and answers with the neutral message', async () => {
    const student = await createUser(ctx, 'student');
    const { link, token, mail } = await requestLink(student.email.toUpperCase());
    expect(link).toBe(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(mail.raw).toMatch(/Subject: Reset your Lyceum password/);
    expect(mail.raw).toMatch(/within 1 hour/);

    // Only a SHA-256 digest of the token is stored, expiring in an hour.
    const rows = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, student.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime()).toBe(now + HOUR);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const student = await createUser(ctx, 'student');
    const unknown = uniqueEmail('nobody');
    const rowsBefore = await resetRowCount();
    const unknownRes = await forgot(unknown);
    expect(await resetRowCount()).toBe(rowsBefore);
    const knownRes = await forgot(student.email);
    expect(unknownRes.statusCode).toBe(200);
    expect(knownRes.statusCode).toBe(200);
    expect(unknownRes.body).toBe(knownRes.body);
    expect(unknownRes.json()).toEqual({ message: NEUTRAL });
    // The known address's mail arrives; the unknown one (asked for first) never got one.
    await smtp.waitFor(student.email);
    expect(smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('sends nothing to a suspended account, with the same answer', async () => {
    const student = await createUser(ctx, 'student');
    await ctx.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, student.user.id));
    const rowsBefore = await resetRowCount();
    const res = await forgot(student.email);
    expect(res.json()).toEqual({ message: NEUTRAL });
    expect(await resetRowCount()).toBe(rowsBefore);
  });

  it.each([
    ['a malformed e-mail', 'not-an-email'],
    ['no e-mail', undefined],
    ['a wrong type', 42],
  ])('answers 400 for %s', async (_label, email) => {
    const res = await forgot(email);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('email');
  });

  it('never refuses a reset request; one address gets at most one mail a minute (issue 13.3)', async () => {
    const student = await createUser(ctx, 'student');
    const before = await resetRowCount();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await forgot(student.email)).statusCode);
    expect(statuses).toEqual(Array(6).fill(200));
    expect((await forgot(student.email)).json().message).toBe(
      'If an account exists for that email, we have sent a link to reset its password. The link is valid for 1 hour.',
    );
    expect((await resetRowCount()) - before).toBe(1);
    now += 60 * 1000 + 1;
    expect((await forgot(student.email)).statusCode).toBe(200);
    expect((await resetRowCount()) - before).toBe(2);
  });
});

describe('reset password', () => {
  it('sets the new password once, then answers the link as used; old sessions end', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const { token } = await requestLink(teacher.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been reset. Please log in with your new password.');
    expect(res.body).not.toMatch(/\$argon2|passwordHash/);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(teacher.token) })).statusCode).toBe(
      401,
    );
    expect((await login(teacher.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(teacher.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'yet-another-password-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LINK_INVALID);
    expect((await login(teacher.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link after its hour, and changes nothing', async () => {
    const student = await createUser(ctx, 'student');
    const { token } = await requestLink(student.email);
    now += HOUR + 1000;
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LINK_INVALID);
    expect((await login(student.email, PASSWORD)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(student.token) })).statusCode).toBe(
      200,
    );
  });

  it('accepts a link just before its hour ends', async () => {
    const student = await createUser(ctx, 'student');
    const { token } = await requestLink(student.email);
    now += HOUR - 1000;
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('closes every other open link of the account once one is used', async () => {
    const student = await createUser(ctx, 'student');
    const first = await requestLink(student.email);
    now += 60 * 1000 + 1; // one reset mail a minute per address
    const second = await requestLink(student.email);
    expect(first.token).not.toBe(second.token);
    expect((await reset(second.token)).statusCode).toBe(200);
    expect((await reset(first.token, 'another-new-password-2')).json().message).toBe(LINK_INVALID);
  });

  it('closes open links when the password is changed in My Account', async () => {
    const student = await createUser(ctx, 'student');
    const { token } = await requestLink(student.email);
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(student.token),
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect((await reset(token, 'another-new-password-3')).statusCode).toBe(400);
  });

  it('answers an unknown token with the same 400', async () => {
    const res = await reset('A'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LINK_INVALID);
  });

  it.each([
    ['a confirmation that does not match', NEW_PASSWORD, 'not-the-same-password', 'confirmPassword'],
    ['a short password', 'short', 'short', 'newPassword'],
    ['a common password', 'iloveyou1', 'iloveyou1', 'newPassword'],
  ])('answers 400 for %s and keeps the link usable', async (_label, newPassword, confirmPassword, field) => {
    const student = await createUser(ctx, 'student');
    const { token } = await requestLink(student.email);
    const res = await reset(token, newPassword, confirmPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    expect((await login(student.email, PASSWORD)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('requires the token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('token is required');
  });
});

describe('mail delivery', () => {
  describe('when the SMTP server cannot be reached', () => {
    // Port 1 on localhost refuses connections: every send fails.
    const failing = trackSends(createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'x <x@lyceum.test>' }));
    const broken = useTestApp({ mailer: failing.mailer });

    it('still answers forgot-password with 200 and the neutral message', async () => {
      const student = await createUser(broken, 'student');
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: student.email },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: NEUTRAL });
      await failing.settled();
      // The app is still serving after the failed delivery.
      expect((await broken.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });

  describe('without SMTP_URL', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lyceum-data-'));
    // What buildApp makes when no SMTP_URL is configured.
    const outbox = trackSends(
      createMailer({ smtpUrl: undefined, mailFrom: 'Lyceum <no-reply@lyceum.local>', dataDir }),
    );
    const local = useTestApp({ env: { DATA_DIR: dataDir }, mailer: outbox.mailer });

    it('writes the reset mail as an .eml file to the outbox', async () => {
      const student = await createUser(local, 'student');
      await local.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: student.email } });
      await outbox.settled();
      const files = readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const text = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(text).toContain(`To: ${student.email}`);
      expect(text).toContain('Subject: Reset your Lyceum password');
      expect(text).toContain('From: Lyceum <no-reply@lyceum.local>');
    });
  });
});
