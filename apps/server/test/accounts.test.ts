import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Profile } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { AdminInputSchema, createOrPromoteAdmin } from '../src/features/accounts/admin-bootstrap.js';
import { createOutboxMailer } from '../src/lib/mailer.js';
import { bearer, createUser, decodePayload, PASSWORD, uniqueEmail, useTestApp, type TestUser } from './helper.js';
import { trackSends } from './mail-helper.js';

const outbox = mkdtempSync(path.join(tmpdir(), 'lyceum-outbox-'));
const mail = trackSends(createOutboxMailer({ dir: outbox, from: 'Lyceum <no-reply@lyceum.test>' }));
const ctx = useTestApp({ mailer: mail.mailer });

const ROLES = ['student', 'teacher', 'admin'] as const;

function getMe(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
}

function patchMe(token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(token), payload });
}

function changePassword(token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/me/password', headers: bearer(token), payload });
}

function login(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

function issuePaths(body: { issues?: { path: string }[] }) {
  return (body.issues ?? []).map((issue) => issue.path);
}

const NO_SECRETS = /passwordHash|password_hash|\$argon2/;

describe('My Account: profile', () => {
  it.each(ROLES)('lets a %s edit every field, and reload sees the new values', async (role) => {
    const account = await createUser(ctx, role);
    const suffix = account.user.id.slice(0, 8);
    const changes = {
      firstname: 'Marie',
      lastname: 'Curie',
      username: `marie-${suffix}`,
      email: uniqueEmail('marie'),
      phone: '+33 1 23 45 67 89',
      expertise: 'Radioactivity',
      pincode: '75005',
      address: '11 rue Pierre et Marie Curie',
      city: 'Paris',
      country: 'France',
      aboutInfo: 'Physicist and chemist.',
      personalWebsite: 'https://example.org/curie',
      githubProfile: 'https://github.com/mcurie',
    };
    const res = await patchMe(account.token, { ...changes, currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Update successful!', user: { ...changes, role } });
    expect(res.body).not.toMatch(NO_SECRETS);

    const reloaded = await getMe(account.token);
    expect(reloaded.statusCode).toBe(200);
    expect(reloaded.json()).toMatchObject({ ...changes, role, id: account.user.id });

    // The fresh token carries the new names and keeps the session's expiry; the old token still works.
    const fresh = decodePayload(res.json().token);
    expect(fresh.user).toMatchObject({ username: changes.username, firstname: 'Marie', lastname: 'Curie' });
    expect(fresh.exp).toBe(decodePayload(account.token).exp);
    expect((await getMe(res.json().token)).statusCode).toBe(200);
    // The new e-mail logs in.
    expect((await login(changes.email.toUpperCase(), PASSWORD)).statusCode).toBe(200);
  });

  it('leaves absent fields as they are, and clears optional fields given as empty', async () => {
    const student = await createUser(ctx, 'student');
    await patchMe(student.token, { city: 'Oslo', expertise: 'Maths', githubProfile: 'https://github.com/x' });
    const res = await patchMe(student.token, { expertise: '', githubProfile: '' });
    expect(res.statusCode).toBe(200);
    const user: Profile = res.json().user;
    expect(user).toMatchObject({ city: 'Oslo', expertise: '', githubProfile: '', firstname: 'Test' });
    expect((await patchMe(student.token, {})).json().user).toMatchObject({ city: 'Oslo' });
  });

  it('keeps the language chosen in My Account, and at sign-in; refuses one Lyceum does not speak (issue 47)', async () => {
    const student = await createUser(ctx, 'student');
    expect((await getMe(student.token)).json()).toMatchObject({ language: null });
    const chosen = await patchMe(student.token, { language: 'ar' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user).toMatchObject({ language: 'ar' });
    expect((await login(student.email, PASSWORD)).json().user).toMatchObject({ language: 'ar' });
    const refused = await patchMe(student.token, { language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(issuePaths(refused.json())).toEqual(['language']);
    expect((await getMe(student.token)).json()).toMatchObject({ language: 'ar' });
    // null goes back to the browser's language.
    expect((await patchMe(student.token, { language: null })).json().user).toMatchObject({ language: null });
  });

  it('trims values and adds https:// to a link typed without a scheme', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const res = await patchMe(teacher.token, { city: '  Lagos  ', personalWebsite: ' example.com/me ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ city: 'Lagos', personalWebsite: 'https://example.com/me' });
  });

  it.each([
    ['an empty first name', { firstname: '' }, 'firstname', 'firstname is required'],
    ['a blank last name', { lastname: '   ' }, 'lastname', 'lastname is required'],
    ['an empty username', { username: '' }, 'username', 'username is required'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', 'email must be a valid email address'],
    ['an empty e-mail', { email: '' }, 'email', 'email is required'],
    ['letters as a phone number', { phone: 'call me maybe' }, 'phone', 'phone must be a phone number'],
    ['a three-digit phone number', { phone: '123' }, 'phone', 'phone must be a phone number'],
    ['a postal code with symbols', { pincode: '<b>1</b>' }, 'pincode', 'pincode must be a postal code'],
    ['a javascript: link', { personalWebsite: 'javascript:alert(1)' }, 'personalWebsite', 'must be an http(s) URL'],
    ['an ftp: link', { githubProfile: 'ftp://example.com' }, 'githubProfile', 'must be an http(s) URL'],
    ['an over-long about text', { aboutInfo: 'x'.repeat(5001) }, 'aboutInfo', 'at most 5000 characters'],
    ['an over-long city', { city: 'x'.repeat(201) }, 'city', 'at most 200 characters'],
    ['a wrong type', { expertise: 42 }, 'expertise', 'expertise is invalid'],
  ])('answers 400 for %s and changes nothing', async (_label, payload, field, message) => {
    const student = await createUser(ctx, 'student');
    const res = await patchMe(student.token, { city: 'Changed', ...payload });
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toContain(field);
    expect(res.json().message).toContain(message);
    expect((await getMe(student.token)).json().city).toBe('');
  });

  it("refuses another account's e-mail in any letter case with 409, and changes nothing", async () => {
    const [first, second] = [await createUser(ctx, 'student'), await createUser(ctx, 'teacher')];
    const res = await patchMe(second.token, {
      email: first.email.toUpperCase(),
      city: 'Rome',
      currentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'email is already used by another account' });
    expect((await getMe(second.token)).json()).toMatchObject({ email: second.email, city: '' });
  });

  it('lets users change the letter case of their own e-mail', async () => {
    const student = await createUser(ctx, 'student');
    const res = await patchMe(student.token, { email: student.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(student.email.toUpperCase());
  });

  it("refuses another account's username with 409", async () => {
    const [first, second] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    const res = await patchMe(second.token, { username: first.user.username });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('username is already taken');
    expect((await getMe(second.token)).json().username).toBe(second.user.username);
  });

  it('mails the old address when the e-mail changes', async () => {
    const student = await createUser(ctx, 'student');
    const newEmail = uniqueEmail('moved');
    expect((await patchMe(student.token, { email: newEmail, currentPassword: PASSWORD })).statusCode).toBe(200);
    await mail.settled();
    const notices = readdirSync(outbox).map((file) => readFileSync(path.join(outbox, file), 'utf8'));
    const notice = notices.find((text) => text.includes(`To: ${student.email}`));
    expect(notice).toBeDefined();
    expect(notice).toContain('Subject: Your Lyceum e-mail address was changed');
  });

  it('acts on the caller only: ids, roles and passwords in the body are ignored', async () => {
    const [victim, caller] = [await createUser(ctx, 'teacher'), await createUser(ctx, 'student')];
    const res = await patchMe(caller.token, {
      id: victim.user.id,
      role: 'admin',
      password: 'new-password-123',
      status: 'suspended',
      city: 'Mine',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: caller.user.id, role: 'student', status: 'active', city: 'Mine' });
    expect((await getMe(victim.token)).json().city).toBe('');
    expect((await login(caller.email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 without a token and with a revoked one', async () => {
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/me', payload: { city: 'x' } })).statusCode).toBe(401);
    const student = await createUser(ctx, 'student');
    await ctx.app.inject({ method: 'POST', url: '/api/me/logout-everywhere', headers: bearer(student.token) });
    const res = await patchMe(student.token, { city: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthorized: Invalid token');
  });

  it('answers a non-JSON body with 415', async () => {
    const student = await createUser(ctx, 'student');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...bearer(student.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('My Account: password change', () => {
  const NEW_PASSWORD = 'a-brand-new-passphrase';

  it('needs the current password, ends other sessions and keeps the caller signed in', async () => {
    const student = await createUser(ctx, 'student');
    const otherSession = (await login(student.email, PASSWORD)).json().token as string;
    const res = await changePassword(student.token, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/Password changed/);
    expect(res.body).not.toMatch(NO_SECRETS);
    const fresh = res.json().token as string;
    expect(decodePayload(fresh).exp).toBe(decodePayload(student.token).exp);

    expect((await getMe(student.token)).statusCode).toBe(401);
    expect((await getMe(otherSession)).statusCode).toBe(401);
    expect((await getMe(fresh)).statusCode).toBe(200);
    expect((await login(student.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(student.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a wrong current password with 400 and changes nothing', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const res = await changePassword(teacher.token, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'currentPassword is incorrect',
      issues: [{ path: 'currentPassword', message: 'is incorrect' }],
    });
    expect((await getMe(teacher.token)).statusCode).toBe(200);
    expect((await login(teacher.email, PASSWORD)).statusCode).toBe(200);
    expect((await login(teacher.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it.each([
    ['a confirmation that does not match', { confirmPassword: 'something-else-entirely' }, 'confirmPassword'],
    ['a short new password', { newPassword: 'short', confirmPassword: 'short' }, 'newPassword'],
    ['a common password', { newPassword: 'Password123', confirmPassword: 'Password123' }, 'newPassword'],
    ['a repeated character', { newPassword: 'aaaaaaaaaaaa', confirmPassword: 'aaaaaaaaaaaa' }, 'newPassword'],
    ['no current password', { currentPassword: '' }, 'currentPassword'],
  ])('answers 400 for %s and changes nothing', async (_label, overrides, field) => {
    const admin = await createUser(ctx, 'admin');
    const res = await changePassword(admin.token, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toContain(field);
    expect((await getMe(admin.token)).statusCode).toBe(200);
    expect((await login(admin.email, PASSWORD)).statusCode).toBe(200);
  });

  it('names the common-password rule in the message', async () => {
    const student = await createUser(ctx, 'student');
    const res = await changePassword(student.token, {
      currentPassword: PASSWORD,
      newPassword: 'qwertyuiop',
      confirmPassword: 'qwertyuiop',
    });
    expect(res.json().message).toBe('newPassword is one of the most common passwords; choose another');
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('My Account: log out everywhere', () => {
  async function sessions(account: TestUser, count: number): Promise<string[]> {
    const tokens = [];
    for (let i = 0; i < count; i += 1) tokens.push((await login(account.email, PASSWORD)).json().token as string);
    return tokens;
  }

  it.each(ROLES)('ends every %s session and hands the caller a fresh token', async (role) => {
    const account = await createUser(ctx, role);
    const others = await sessions(account, 2);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/logout-everywhere',
      headers: bearer(account.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('All other sessions have been signed out.');
    for (const token of [account.token, ...others]) expect((await getMe(token)).statusCode).toBe(401);
    expect((await getMe(res.json().token)).statusCode).toBe(200);
    // Logging in again works as usual.
    expect((await login(account.email, PASSWORD)).statusCode).toBe(200);
  });

  it("leaves other users' sessions alone", async () => {
    const [caller, bystander] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    await ctx.app.inject({ method: 'POST', url: '/api/me/logout-everywhere', headers: bearer(caller.token) });
    expect((await getMe(bystander.token)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/me/logout-everywhere' });
    expect(res.statusCode).toBe(401);
  });
});

describe('admin bootstrap (npm run admin:create)', () => {
  it('creates an admin who can log in', async () => {
    const email = uniqueEmail('boss');
    const input = AdminInputSchema.parse({ email, password: 'boss-password-2026', firstname: 'Bo' });
    const result = await createOrPromoteAdmin(ctx.database.db, input);
    expect(result).toMatchObject({ created: true, profile: { role: 'admin', email, firstname: 'Bo' } });
    const res = await login(email, 'boss-password-2026');
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
  });

  it('promotes an existing account, sets its password and ends its old sessions', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const input = AdminInputSchema.parse({ email: teacher.email.toUpperCase(), password: 'promoted-password-1' });
    const result = await createOrPromoteAdmin(ctx.database.db, input);
    expect(result).toMatchObject({ created: false, profile: { id: teacher.user.id, role: 'admin' } });
    expect((await getMe(teacher.token)).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, teacher.user.id));
    expect(row?.role).toBe('admin');
    expect((await login(teacher.email, 'promoted-password-1')).json().role).toBe('admin');
  });

  it('validates its input with the contract rules', () => {
    const result = AdminInputSchema.safeParse({ email: 'nope', password: 'password1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['email', 'password']);
  });
});
