import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, decodePayload, TEST_SECRET, useTestApp } from './helper.js';

/** Issue 13.9 (and 13.5's token part): a correctly signed token with odd claims is a 401, never a 500 or a pass. */
const ctx = useTestApp();
const key = new TextEncoder().encode(TEST_SECRET);

async function sign(claims: Record<string, unknown>, iat: number, exp: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
}

const now = () => Math.floor(Date.now() / 1000);

async function me(token: string) {
  const api = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  const v1 = await ctx.app.inject({ method: 'POST', url: '/view-student-details', headers: bearer(token) });
  return { api, v1 };
}

describe('signed tokens with claims the server never issues', () => {
  it.each(['not-a-uuid', '', "1' or '1'='1", '00000000-0000-0000-0000-00000000000g'])(
    'answers 401 for sub %j on /api and v1',
    async (sub) => {
      const student = await createUser(ctx, 'student');
      const claims: Record<string, unknown> = { ...decodePayload(student.token), sub };
      delete claims.iat;
      delete claims.exp;
      const { api, v1 } = await me(await sign(claims, now(), now() + 3600));
      expect(api.statusCode).toBe(401);
      expect(api.json().message).toBe('Unauthorized: Invalid token');
      expect(v1.statusCode).toBe(401);
      expect(v1.json()).toEqual({ success: false, message: 'Unauthorized: Invalid token' });
    },
  );

  it('answers 401 for a token issued in the future (beyond a minute of clock skew)', async () => {
    const student = await createUser(ctx, 'student');
    const claims = decodePayload(student.token);
    delete claims.iat;
    delete claims.exp;
    const future = await sign(claims, now() + 3600, now() + 7200);
    const { api, v1 } = await me(future);
    expect(api.statusCode).toBe(401);
    expect(v1.statusCode).toBe(401);
    // A few seconds of skew between nodes is fine.
    const skewed = await sign(claims, now() + 5, now() + 3600);
    expect((await me(skewed)).api.statusCode).toBe(200);
  });

  it('answers 401 for a token that lives longer than the longest session (30 days)', async () => {
    const student = await createUser(ctx, 'student');
    const claims = decodePayload(student.token);
    delete claims.iat;
    delete claims.exp;
    const forever = await sign(claims, now(), now() + 400 * 24 * 3600);
    const { api, v1 } = await me(forever);
    expect(api.statusCode).toBe(401);
    expect(v1.statusCode).toBe(401);
  });
});
