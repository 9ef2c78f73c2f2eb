import type { LoginResponse } from '@lyceum/contract';
import { SignJWT } from 'jose';
import { describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTokenService } from '../src/auth/tokens.js';
import { openDatabase } from '../src/db/client.js';
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

  it('reads a session once; the next requests with the token are answered from the kept row', async () => {
    const student = await createUser(ctx, 'student');
    const read = async (token: string) => {
      let status = 0;
      const statements = await countQueries(
        ctx.database,
        async () => {
          status = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode;
        },
        { includeSession: true },
      );
      return { status, statements: statements.length };
    };
    // A new session: the session joined with its user, then the profile.
    const token = await login(student.email);
    expect(await read(token)).toEqual({ status: 200, statements: 2 });
    // The same session again: the profile alone.
    expect(await read(token)).toEqual({ status: 200, statements: 1 });
    expect(await read(token)).toEqual({ status: 200, statements: 1 });
  });
});

/**
 * The kept sessions (auth/session-cache.ts, migration 0030) end when the database says so: every change to what
 * authentication reads is refused on the very next request, whether the app or anything else made it.
 */
describe('kept sessions end with the database’s word', () => {
  const sql = (text: string, values: unknown[]) =>
    (ctx.database.db as unknown as { $client: { query: (t: string, v: unknown[]) => Promise<unknown> } }).$client.query(
      text,
      values,
    );
  const kept = async () => {
    const user = await createUser(ctx, 'student');
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    return user;
  };

  it('a suspension, a raised token version, a revoked session and a deleted account written in SQL', async () => {
    const suspended = await kept();
    await sql(`update users set status = 'suspended' where id = $1`, [suspended.user.id]);
    expect((await me(suspended.token)).json()).toMatchObject({ statusCode: 401, reason: 'suspended' });
    await sql(`update users set status = 'active' where id = $1`, [suspended.user.id]);
    expect((await me(suspended.token)).statusCode).toBe(200);

    const bumped = await kept();
    await sql('update users set token_version = token_version + 1 where id = $1', [bumped.user.id]);
    expect((await me(bumped.token)).json()).toMatchObject({ statusCode: 401, reason: 'signed-out' });

    const revoked = await kept();
    await sql(`update sessions set revoked_at = now(), revoked_reason = 'signed-out' where user_id = $1`, [
      revoked.user.id,
    ]);
    expect((await me(revoked.token)).json()).toMatchObject({ statusCode: 401, reason: 'signed-out' });

    const deleted = await kept();
    await sql('delete from users where id = $1', [deleted.user.id]);
    expect((await me(deleted.token)).statusCode).toBe(401);
  });

  it('a role change by an admin ends the kept session at once; other users keep theirs', async () => {
    const admin = await createUser(ctx, 'admin');
    const [changed, bystander] = [await kept(), await kept()];
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${changed.user.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'teacher' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(changed.token)).statusCode).toBe(401);
    const statements = await countQueries(
      ctx.database,
      async () => {
        expect((await me(bystander.token)).statusCode).toBe(200);
      },
      { includeSession: true },
    );
    expect(statements).toHaveLength(1);
  });

  // Two app processes on one PostgreSQL database (PGlite allows one): registered on the postgres project alone.
  if (inject('databaseUrl'))
    it('a logout in one app process is refused by another that kept the session', async () => {
      const database = await openDatabase({ kind: 'postgres', url: ctx.database.url! });
      const other = await buildApp({ config: ctx.config, database, tokens: createTokenService(TEST_SECRET) });
      try {
        const student = await createUser(ctx, 'student');
        const meThere = () => other.inject({ method: 'GET', url: '/api/me', headers: bearer(student.token) });
        expect((await meThere()).statusCode).toBe(200);
        expect((await meThere()).statusCode).toBe(200);
        expect((await logout(student.token)).statusCode).toBe(200);
        // The other process hears it over its own connections, a moment later.
        await vi.waitFor(async () => expect((await meThere()).statusCode).toBe(401), { timeout: 2000, interval: 20 });
      } finally {
        await other.close();
        await database.close();
      }
    });
});
