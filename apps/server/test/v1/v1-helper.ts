import { createHmac, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import { createUser, decodePayload, TEST_SECRET, type TestContext, type TestUser } from '../helper.js';

/** A parsed JSON value, loosely typed: tests read arbitrary documented paths. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON paths
export type Json = any;

export type Placement = 'header' | 'bearer-header' | 'body' | 'bearer-body' | 'none';

export interface V1Call {
  method?: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
  token?: string | null;
  placement?: Placement;
  headers?: Record<string, string>;
}

/** Calls a v1 route the way the v1 client does: JSON body, token in the header or inside the body. */
export function v1(ctx: TestContext, call: V1Call): Promise<InjectResponse> {
  const placement = call.token ? (call.placement ?? 'header') : 'none';
  const headers: Record<string, string> = { ...call.headers };
  let body: Record<string, unknown> | undefined = call.body ?? (call.method === 'GET' ? undefined : {});
  if (placement === 'header') headers.authorization = call.token!;
  if (placement === 'bearer-header') headers.authorization = `Bearer ${call.token}`;
  if (placement === 'body') body = { ...body, headers: { Authorization: call.token } };
  if (placement === 'bearer-body') body = { ...body, headers: { Authorization: `Bearer ${call.token}` } };
  return ctx.app.inject({ method: call.method ?? 'POST', url: call.url, headers, ...(body ? { payload: body } : {}) });
}

/** An HS256 JWT with any header and payload, signed with `secret` (the test app's own by default). */
export function signToken(header: object, payload: object, secret = TEST_SECRET) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode(header)}.${encode(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Ways to spoil a valid token; each must answer 401 "Unauthorized: Invalid token" (v1-api.md §6.5). */
export const SPOILED_TOKENS: Record<string, (token: string) => string> = {
  garbage: () => 'not-a-jwt',
  'a bad signature': (token) => signToken({ alg: 'HS256', typ: 'JWT' }, decodePayload(token), 'x'.repeat(40)),
  expired: (token) => {
    const now = Math.floor(Date.now() / 1000);
    return signToken({ alg: 'HS256', typ: 'JWT' }, { ...decodePayload(token), iat: now - 100, exp: now - 10 });
  },
  'alg none': (token) =>
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${token.split('.')[1]}.`,
  // user.role edited to admin (an admin's own token, which already says admin, to teacher).
  'an edited role': (token) => {
    const payload = decodePayload(token);
    const user = payload.user as { role: string };
    const edited = { ...payload, user: { ...user, role: user.role === 'admin' ? 'teacher' : 'admin' } };
    const [header, , signature] = token.split('.');
    return `${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`;
  },
};

/** Asserts a v1 success envelope with the given status and returns `data`. */
export function ok<T = Json>(res: InjectResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json();
  expect(body.success).toBe(true);
  expect(typeof body.message).toBe('string');
  return body.data as T;
}

/** Asserts a v1 error envelope with the given status. */
export function fails(res: InjectResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(body).not.toHaveProperty('error');
  if (message) expect(body.message).toBe(message);
  return body;
}

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, byte for byte as a browser sends it. */
export function multipartBody(parts: Part[]) {
  const boundary = `----v1${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${name}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** E5 with a multipart body of these parts, as the v1 client sends it (the token in the header, or none). */
export function updateStudentDetails(ctx: TestContext, token: string | null, parts: Part[]): Promise<InjectResponse> {
  const body = multipartBody(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/update-student-details',
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    payload: body.payload,
  });
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export interface Seed {
  s1: TestUser;
  s2: TestUser;
  t1: TestUser;
  t2: TestUser;
  a1: TestUser;
  c1: string;
  c2: string;
  review1: string;
  q1: string;
  q2: string;
  s2Answer: string;
  t1Answer: string;
}

export function courseDetails(title: string) {
  return {
    courseTitle: title,
    courseCategory: 'Development',
    videoLink: '',
    aboutCourse: '<p>About <script>alert(1)</script><strong>it</strong></p>',
    learnItems: ['One', ' ', 'Two'],
    materialIncludesItems: [''],
    requirementItems: [],
    tagItems: ['tag'],
    audienceItems: ['Everyone'],
  };
}

/** The fixed seed of v1-api.md §6, built through the v1 routes themselves. */
export async function seedV1(ctx: TestContext): Promise<Seed> {
  const [s1, s2, t1, t2, a1] = await Promise.all([
    createUser(ctx, 'student', { firstname: 'Sam' }),
    createUser(ctx, 'student', { firstname: 'Sue' }),
    createUser(ctx, 'teacher', { firstname: 'Tom' }),
    createUser(ctx, 'teacher', { firstname: 'Tia' }),
    createUser(ctx, 'admin', { firstname: 'Ann' }),
  ]);
  const add = (token: string, title: string) =>
    v1(ctx, { url: '/add-course', token, placement: 'body', body: { courseDetails: courseDetails(title) } });
  const c1 = ok(await add(t1.token, 'Course one'), 201)._id as string;
  const c2 = ok(await add(t2.token, 'Course two'), 201)._id as string;
  ok(await v1(ctx, { url: '/add-wishlist', token: s1.token, placement: 'body', body: { courseId: c1 } }));
  // Only an enrolled student may review a course (issue 15).
  ok(await v1(ctx, { url: '/add-enrolled', token: s1.token, placement: 'body', body: { courseId: c1 } }));
  const review1 = ok(
    await v1(ctx, {
      url: '/add-review',
      token: s1.token,
      body: { courseId: c1, reviewDetails: { rating: 5, reviewText: 'Great' } },
    }),
    201,
  )._id as string;
  const ask = (token: string, question: string) =>
    v1(ctx, {
      url: '/add-question',
      token,
      body: { questionDetails: { question, description: 'Some details', tags: 'js, node' } },
    });
  const q1 = ok(await ask(s1.token, 'How do closures work?'), 201)._id as string;
  const q2 = ok(await ask(t1.token, 'What is a monad?'), 201)._id as string;
  const answer = async (token: string, text: string) => {
    const data = ok(await v1(ctx, { url: '/add-forum-answer', token, body: { questionId: q1, answer: text } }));
    return (data.answers as { _id: string; answer: string }[]).find((a) => a.answer === text)!._id;
  };
  const s2Answer = await answer(s2.token, 'Functions remember their scope');
  const t1Answer = await answer(t1.token, 'See lexical scoping');
  return { s1, s2, t1, t2, a1, c1, c2, review1, q1, q2, s2Answer, t1Answer };
}
