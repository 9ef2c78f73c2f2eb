import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.js';
import { V1_PATHS } from '#v1/transport.js';
import { bearer, createUser, decodePayload, useTestApp } from '../helper.js';
import { fails, ok, signToken as sign, v1, type Json } from './v1-helper.js';

const ALLOWED = 'https://v1.example.com';
const ctx = useTestApp({ env: { CORS_ORIGINS: ALLOWED } });

describe('v1 transport', () => {
  it('matches paths case-insensitively with one trailing slash, and keeps the two forum lists apart', async () => {
    ok(await v1(ctx, { method: 'GET', url: '/VIEW-COURSES/' }));
    ok(await v1(ctx, { method: 'GET', url: '/view-courses?page=2' }));
    expect((await ctx.app.inject({ method: 'HEAD', url: '/view-courses' })).statusCode).toBe(200);
    ok(await v1(ctx, { url: '/VIEW-FORUM-QUESTIONLIST/' }));
    fails(await v1(ctx, { url: '/view-forum-questionlist-studentid/' }), 401, 'Unauthorized: Token not provided');
    fails(await v1(ctx, { url: '/user-login', body: {} }), 400);
  });

  it('answers unknown paths, other methods and the four left-out routes with the v1 404', async () => {
    for (const url of ['/nope', '/register', '/login', '/upload-profile']) {
      fails(
        await v1(ctx, { url, body: { email: 'x@example.com', password: 'whatever-password' } }),
        404,
        'Route not found',
      );
    }
    fails(await v1(ctx, { method: 'GET', url: '/view-Users' }), 404, 'Route not found');
    fails(await v1(ctx, { method: 'GET', url: '/user-Login' }), 404, 'Route not found');
    const api = await ctx.app.inject({ method: 'POST', url: '/api/nope' });
    expect(api.json()).toMatchObject({ statusCode: 404 });
  });

  it('parses bodies: empty is {}, malformed is 400, over 1 MiB is 413, other types 415', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/view-Forum-QuestionList',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    ok(empty);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/user-Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    fails(malformed, 400, 'Malformed JSON body');
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/user-Login',
      headers: { 'content-type': 'application/json' },
      payload: `"${'x'.repeat(1024 * 1024 - 1)}"`,
    });
    fails(big, 413, 'Request body too large');
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/user-Login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    fails(text, 415, 'Unsupported content type');
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/add-course',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    fails(form, 415);
  });

  it('answers CORS preflights with 204, with headers only for allowed origins', async () => {
    const preflight = (origin: string, url: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    for (const url of [...V1_PATHS, '/uploads/undefined', '/uploads/0a1b2c.webp']) {
      const allowed = await preflight(ALLOWED, url);
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/Authorization/);
      expect(allowed.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
      expect(String(allowed.headers.vary)).toMatch(/Origin/);
      expect(allowed.headers['access-control-max-age']).toBe('600');
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
      const other = await preflight('https://evil.example.com', url);
      expect(other.statusCode).toBe(204);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
    const actual = await ctx.app.inject({ method: 'GET', url: '/view-courses', headers: { origin: ALLOWED } });
    expect(actual.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('answers 401 for missing, invalid, forged, expired and stale tokens', async () => {
    const student = await createUser(ctx, 'student');
    for (const token of ['null', 'undefined', '']) {
      fails(
        await v1(ctx, { url: '/view-student-details', body: { headers: { Authorization: token } } }),
        401,
        'Unauthorized: Token not provided',
      );
    }
    fails(
      await v1(ctx, { url: '/view-student-details', body: { headers: { Authorization: null } } }),
      401,
      'Unauthorized: Token not provided',
    );
    const payload = decodePayload(student.token);
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      'garbage',
      sign({ alg: 'HS256', typ: 'JWT' }, payload, 'another-secret-that-is-long-enough-1234'),
      sign({ alg: 'HS256', typ: 'JWT' }, { ...payload, iat: now - 100, exp: now - 10 }),
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${student.token.split('.')[1]}.`,
      sign(
        { alg: 'HS256', typ: 'JWT' },
        { ...payload, user: { ...(payload.user as object), role: 'admin' } },
        'x'.repeat(40),
      ),
    ];
    for (const token of forged) {
      fails(
        await v1(ctx, { url: '/view-student-details', token, placement: 'body' }),
        401,
        'Unauthorized: Invalid token',
      );
    }
    // The payload edited to claim admin, keeping the original signature.
    const [header, , signature] = student.token.split('.');
    const edited = Buffer.from(
      JSON.stringify({ ...payload, user: { ...(payload.user as object), role: 'admin' } }),
    ).toString('base64url');
    fails(
      await v1(ctx, { url: '/view-admin-details', token: `${header}.${edited}.${signature}`, placement: 'body' }),
      401,
      'Unauthorized: Invalid token',
    );
  });

  it('uses the role stored in the database, never the role a validly signed token claims', async () => {
    const student = await createUser(ctx, 'student');
    const payload = decodePayload(student.token);
    const claimsAdmin = sign(
      { alg: 'HS256', typ: 'JWT' },
      { ...payload, user: { ...(payload.user as object), role: 'admin' } },
    );
    fails(await v1(ctx, { url: '/view-admin-details', token: claimsAdmin, placement: 'body' }), 403);
    expect(ok(await v1(ctx, { url: '/view-student-details', token: claimsAdmin, placement: 'body' }))._id).toBe(
      student.user.id,
    );
  });

  it('answers 401 for the token of a user logged out everywhere, re-roled, suspended or deleted, and changes nothing', async () => {
    const admin = await createUser(ctx, 'admin');
    const adminAction = async (url: string, payload?: object) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(admin.token), payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    const [loggedOut, reRoled, suspended, deleted] = await Promise.all([
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
    ]);
    for (const user of [loggedOut, reRoled, suspended, deleted]) {
      ok(await v1(ctx, { url: '/view-student-details', token: user.token, placement: 'body' }));
    }

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/logout-everywhere',
      headers: bearer(loggedOut.token),
    });
    expect(out.statusCode).toBe(200);
    const newToken = out.json().token as string;
    await adminAction(`/api/admin/users/${reRoled.user.id}/role`, { role: 'teacher' });
    await adminAction(`/api/admin/users/${suspended.user.id}/suspend`);
    await ctx.database.db.delete(users).where(eq(users.id, deleted.user.id));

    for (const user of [loggedOut, reRoled, suspended, deleted]) {
      for (const placement of ['header', 'body'] as const) {
        fails(
          await v1(ctx, { url: '/view-student-details', token: user.token, placement }),
          401,
          'Unauthorized: Invalid token',
        );
      }
      const question = { questionDetails: { question: `Stale ${user.user.id}?`, description: 'd' } };
      fails(
        await v1(ctx, { url: '/add-question', token: user.token, body: question }),
        401,
        'Unauthorized: Invalid token',
      );
    }
    const listed = ok<Json[]>(await v1(ctx, { url: '/view-Forum-QuestionList' }));
    expect(listed.filter((q) => String(q.question).startsWith('Stale '))).toEqual([]);
    // The session that logged out everywhere carries on with its fresh token.
    ok(await v1(ctx, { url: '/view-student-details', token: newToken, placement: 'body' }));
  });

  it('shares tokens with /api both ways, and the v1 token payload holds no secret', async () => {
    const student = await createUser(ctx, 'student');
    const login = ok(await v1(ctx, { url: '/user-Login', body: { email: student.email, password: student.password } }));
    const payload = decodePayload(login.token);
    expect(payload.user).toMatchObject({ role: 'student', username: student.user.username, profileImage: null });
    // Nothing secret or private: no password or hash, no e-mail, no phone (the test users' phone is '+1 555 0000';
    // a bare 555 could be part of the expiry timestamp).
    expect(JSON.stringify(payload)).not.toMatch(/password|\$argon2|@example\.com|\+1 555|phone|email/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(login.token) })).statusCode).toBe(
      200,
    );
    ok(await v1(ctx, { url: '/view-student-details', token: student.token, placement: 'bearer-body' }));
  });

  it('lists every v1 route in the OpenAPI document under the tag v1', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const v1Paths = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>)
      .filter(([, ops]) => Object.values(ops).some((op) => op.tags?.includes('v1')))
      .map(([path]) => path);
    expect(v1Paths).toEqual(
      expect.arrayContaining([
        '/view-courses',
        '/user-Login',
        '/update-student-details',
        '/delete-answer-studentId',
        '/isReviewed-studentId-courseId',
      ]),
    );
    expect(v1Paths.sort()).toEqual([...V1_PATHS, '/uploads/undefined', '/uploads/null'].sort());
  });
});
