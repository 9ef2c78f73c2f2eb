import type { LoginResponse } from '@lyceum/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { countQueries } from './course-helpers.js';
import { bearer, createUser, decodePayload, PASSWORD, TEST_SECRET, useTestApp } from './helper.js';

/** Issue 13.4: per-session revocation on the server, and a 401 that says why a session ended. */
const ctx = useTestApp();

async function login(email: string, password = PASSWORD): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json<LoginResponse>().token;
}

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const logout = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

describe('sessions', () => {
  it('puts a session id in every token', async () => {
    const student = await createUser(ctx, 'student');
    const first = decodePayload(student.token);
    const second = decodePayload(await login(student.email));
    expect(first.sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(second.sid).not.toBe(first.sid);
  });

  it('logout ends this session only; its token answers 401 with reason signed-out on /api, v1 unchanged', async () => {
    const student = await createUser(ctx, 'student');
    const other = await login(student.email);
    const res = await logout(student.token);
    expect(res.statusCode).toBe(200);

    const after = await me(student.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      statusCode: 401,
      message: 'Unauthorized: Invalid token',
      reason: 'signed-out',
    });
    const v1 = await ctx.app.inject({ method: 'POST', url: '/view-student-details', headers: bearer(student.token) });
    expect(v1.statusCode).toBe(401);
    expect(v1.json()).toEqual({ success: false, message: 'Unauthorized: Invalid token' });

    expect((await me(other)).statusCode).toBe(200);
    // Logging out twice is harmless, but the ended token no longer authenticates.
    expect((await logout(student.token)).statusCode).toBe(401);
    expect((await logout('')).statusCode).toBe(401);
  });

  it('a v1 login creates a session that the /api logout ends', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const v1 = await ctx.app.inject({
      method: 'POST',
      url: '/user-Login',
      payload: { email: teacher.email, password: PASSWORD },
    });
    const token = v1.json().data.token as string;
    expect(decodePayload(token).sid).toEqual(expect.any(String));
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/view-teacher-details', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await logout(token)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/view-teacher-details', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('a password change ends the other sessions with reason password-changed; the caller stays signed in', async () => {
    const student = await createUser(ctx, 'student');
    const other = await login(student.email);
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(student.token),
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'a-new-unusual-passphrase',
        confirmPassword: 'a-new-unusual-passphrase',
      },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(change.json().token)).statusCode).toBe(200);
    const ended = await me(other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().reason).toBe('password-changed');
  });

  it('log out everywhere ends the other sessions with reason signed-out and keeps the caller', async () => {
    const student = await createUser(ctx, 'student');
    const other = await login(student.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/logout-everywhere',
      headers: bearer(student.token),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().token)).statusCode).toBe(200);
    expect((await me(other)).json()).toMatchObject({ statusCode: 401, reason: 'signed-out' });
  });

  it('a suspended account answers reason suspended', async () => {
    const [admin, student] = [await createUser(ctx, 'admin'), await createUser(ctx, 'student')];
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${student.user.id}/suspend`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(student.token)).json()).toMatchObject({ statusCode: 401, reason: 'suspended' });
  });

  it('an expired token answers reason expired; a forged one answers no reason', async () => {
    const student = await createUser(ctx, 'student');
    const claims = decodePayload(student.token);
    delete claims.iat;
    delete claims.exp;
    const now = Math.floor(Date.now() / 1000);
    const sign = (secret: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 60)
        .sign(new TextEncoder().encode(secret));
    expect((await me(await sign(TEST_SECRET))).json()).toMatchObject({ statusCode: 401, reason: 'expired' });
    const forged = await me(await sign('another-secret-that-is-long-enough-for-hs256'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().reason).toBeUndefined();
  });

  it('authenticates with one database query per request', async () => {
    const student = await createUser(ctx, 'student');
    await me(student.token);
    const statements = await countQueries(ctx.database, async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(student.token) });
      expect(res.statusCode).toBe(200);
    });
    // One to authenticate (session joined with its user), one for the profile itself.
    expect(statements).toHaveLength(2);
  });
});
