import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, decodePayload, TEST_SECRET, useTestApp, type TestUser } from '../helper.js';
import { signToken } from '../v1/v1-helper.js';

/**
 * Issue 13, the permanent suite (b): forged and spoiled tokens on /api and v1 routes → 401, never 2xx or 500.
 */
const ctx = useTestApp();
let student: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [student, admin] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'admin')]);
});

const now = () => Math.floor(Date.now() / 1000);
const HS256 = { alg: 'HS256', typ: 'JWT' };
const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Signs header.payload with HMAC-SHA-`bits` (whatever the header claims). */
function hmac(header: object, payload: object, secret = TEST_SECRET, bits = 256) {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac(`sha${bits}`, secret).update(body).digest('base64url')}`;
}

const FORGERIES: Record<string, () => string> = {
  'alg none': () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(decodePayload(admin.token))}.`,
  'alg None with a signature': () => `${b64({ alg: 'None' })}.${b64(decodePayload(admin.token))}.${'A'.repeat(43)}`,
  'a wrong secret': () => signToken(HS256, decodePayload(student.token), 'another-secret-that-is-long-enough-xx'),
  'HS/RS confusion (RS256 header, HMAC signature)': () =>
    hmac({ alg: 'RS256', typ: 'JWT' }, decodePayload(student.token)),
  'HS512 with the right secret': () =>
    hmac({ alg: 'HS512', typ: 'JWT' }, decodePayload(student.token), TEST_SECRET, 512),
  expired: () => signToken(HS256, { ...decodePayload(student.token), iat: now() - 7200, exp: now() - 3600 }),
  'no expiry': () => {
    const { exp: _exp, ...payload } = decodePayload(student.token);
    return signToken(HS256, payload);
  },
  'issued in the future (iat tomorrow)': () =>
    signToken(HS256, { ...decodePayload(student.token), iat: now() + 86_400, exp: now() + 2 * 86_400 }),
  'a tampered payload (sub of the admin, old signature)': () => {
    const [header, , signature] = student.token.split('.');
    return `${header}.${b64({ ...decodePayload(student.token), sub: admin.user.id })}.${signature}`;
  },
  'a tampered role (user.role admin, old signature)': () => {
    const payload = decodePayload(student.token);
    const [header, , signature] = student.token.split('.');
    return `${header}.${b64({ ...payload, user: { ...(payload.user as object), role: 'admin' } })}.${signature}`;
  },
  'a malformed sub (signed)': () => signToken(HS256, { ...decodePayload(student.token), sub: 'not-a-uuid' }),
  'a numeric sub (signed)': () => signToken(HS256, { ...decodePayload(student.token), sub: 12345 }),
  'an unknown sub (signed)': () => signToken(HS256, { ...decodePayload(student.token), sub: randomUUID() }),
  'a stale token version (signed)': () => signToken(HS256, { ...decodePayload(student.token), ver: 999 }),
  'a string token version (signed)': () => signToken(HS256, { ...decodePayload(student.token), ver: '0' }),
  'a huge token (64 KB)': () => `${b64(HS256)}.${b64({ sub: 'x'.repeat(64 * 1024) })}.${'A'.repeat(43)}`,
  garbage: () => 'not.a.jwt',
  'two parts': () => student.token.split('.').slice(0, 2).join('.'),
  'bad base64': () => '%%%.%%%.%%%',
  'a JSON array payload (signed)': () => {
    const body = `${b64(HS256)}.${b64('[1,2,3]')}`;
    return `${body}.${createHmac('sha256', TEST_SECRET).update(body).digest('base64url')}`;
  },
};

const ROUTES = [
  {
    name: '/api GET /api/me',
    send: (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } }),
  },
  {
    name: '/api PATCH /api/me',
    send: (token: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { authorization: `Bearer ${token}` },
        payload: { city: 'X' },
      }),
  },
  {
    name: 'v1 /view-student-details (header)',
    send: (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/view-student-details', headers: { authorization: token }, payload: {} }),
  },
  {
    name: 'v1 /add-question (token in the body)',
    send: (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/add-question',
        payload: {
          headers: { Authorization: token },
          questionDetails: { question: 'Q?', description: 'd', tags: 'x' },
        },
      }),
  },
];

describe('token forgery', () => {
  const cases = Object.keys(FORGERIES).flatMap((forgery) => ROUTES.map((route) => ({ forgery, route })));

  it.each(cases)('$forgery on $route.name → 401, never 2xx or 500', async ({ forgery, route }) => {
    const res = await route.send(FORGERIES[forgery]!());
    expect(res.statusCode, res.body).toBe(401);
  });

  it('the genuine tokens still work (the cases above fail for their forgery, not for the route)', async () => {
    for (const route of ROUTES.slice(0, 3)) {
      const res = await route.send(student.token);
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(200);
    }
  });
});
