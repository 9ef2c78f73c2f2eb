import type { Course, Question, Review } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { describeError, INVALID_INPUT } from '../src/plugins/errors.js';
import { updateStudentDetails, v1 } from './v1/v1-helper.js';

/**
 * Issue 13.5: U+0000 in any stored text field or search parameter gave 500 (PostgreSQL cannot store it in
 * text). Every request shape below must answer 400 naming the field, and store nothing.
 */
const ctx = useTestApp();
const NUL = 'a\u0000b';
let student: TestUser;
let teacher: TestUser;
let admin: TestUser;
let course: Course;
let question: Question;
let answerId: string;
let review: Review;

beforeAll(async () => {
  [student, teacher, admin] = await Promise.all([
    createUser(ctx, 'student'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
  ]);
  course = await createCourse(ctx, teacher.token, { status: 'published' });
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/forum/questions',
    headers: bearer(student.token),
    payload: { question: 'How do joins work?', description: 'Inner and outer, please.', tags: ['sql'] },
  });
  question = asked.json<Question>();
  const answered = await ctx.app.inject({
    method: 'POST',
    url: `/api/forum/questions/${question.id}/answers`,
    headers: bearer(teacher.token),
    payload: { answer: 'Like a Venn diagram.' },
  });
  answerId = answered.json<{ id: string }>().id;
  // Only a student enrolled in the course may review it.
  await ctx.app.inject({ method: 'POST', url: `/api/courses/${course.id}/enrolment`, headers: bearer(student.token) });
  const reviewed = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course.id}/reviews`,
    headers: bearer(student.token),
    payload: { rating: 4, text: 'Good course' },
  });
  review = reviewed.json<Review>();
});

/** Everything a write could have touched, as one comparable snapshot. */
async function snapshot() {
  const result = await ctx.database.db.execute(sql`
    select
      (select md5(string_agg(u::text, ',' order by id)) from users u) as users,
      (select md5(coalesce(string_agg(c::text, ',' order by id), '')) from courses c) as courses,
      (select md5(coalesce(string_agg(q::text, ',' order by id), '')) from forum_questions q) as questions,
      (select md5(coalesce(string_agg(a::text, ',' order by id), '')) from forum_answers a) as answers,
      (select md5(coalesce(string_agg(r::text, ',' order by id), '')) from reviews r) as reviews
  `);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

interface Shape {
  name: string;
  field: string;
  send: () => Promise<LightMyRequestResponse>;
}

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token?: () => string, payload?: object) => () =>
  ctx.app.inject({ method, url, headers: token ? bearer(token()) : {}, ...(payload ? { payload } : {}) });
const q = encodeURIComponent(NUL);
const asStudent = () => student.token;
const asTeacher = () => teacher.token;
const asAdmin = () => admin.token;
const registration = { email: 'nul@example.com', firstname: 'Nul', lastname: 'Byte', phone: '+1 555 0100' };

const API_SHAPES: Shape[] = [
  {
    name: 'register firstname',
    field: 'firstname',
    send: api('POST', '/api/auth/register', undefined, {
      ...registration,
      firstname: NUL,
      password: 'long-enough-pw',
      role: 'student',
    }),
  },
  {
    name: 'register password',
    field: 'password',
    send: api('POST', '/api/auth/register', undefined, {
      ...registration,
      password: `pw${NUL}xyzxyz`,
      role: 'student',
    }),
  },
  {
    name: 'login email',
    field: 'email',
    send: api('POST', '/api/auth/login', undefined, { email: `x${NUL}@example.com`, password: 'whatever1' }),
  },
  {
    name: 'login password',
    field: 'password',
    send: () => api('POST', '/api/auth/login', undefined, { email: student.email, password: NUL })(),
  },
  {
    name: 'forgot-password email',
    field: 'email',
    send: api('POST', '/api/auth/forgot-password', undefined, { email: `x${NUL}@example.com` }),
  },
  {
    name: 'reset-password token',
    field: 'token',
    send: api('POST', '/api/auth/reset-password', undefined, {
      token: NUL,
      newPassword: 'a-new-password',
      confirmPassword: 'a-new-password',
    }),
  },
  { name: 'profile city', field: 'city', send: api('PATCH', '/api/me', asStudent, { city: NUL }) },
  { name: 'profile aboutInfo', field: 'aboutInfo', send: api('PATCH', '/api/me', asStudent, { aboutInfo: NUL }) },
  { name: 'profile username', field: 'username', send: api('PATCH', '/api/me', asStudent, { username: NUL }) },
  {
    name: 'password change',
    field: 'newPassword',
    send: api('POST', '/api/me/password', asStudent, {
      currentPassword: 'correct-horse-battery',
      newPassword: `new${NUL}password`,
      confirmPassword: `new${NUL}password`,
    }),
  },
  {
    name: 'course title',
    field: 'title',
    send: api('POST', '/api/courses', asTeacher, { title: NUL, category: 'Development' }),
  },
  {
    name: 'course about',
    field: 'aboutHtml',
    send: api('POST', '/api/courses', asTeacher, { title: 'T', category: 'Development', aboutHtml: `<p>${NUL}</p>` }),
  },
  {
    name: 'course list item',
    field: 'learnItems.0',
    send: api('POST', '/api/courses', asTeacher, { title: 'T', category: 'Development', learnItems: [NUL] }),
  },
  {
    name: 'course edit',
    field: 'title',
    send: () => api('PATCH', `/api/courses/${course.id}`, asTeacher, { title: NUL })(),
  },
  {
    name: 'question text',
    field: 'question',
    send: api('POST', '/api/forum/questions', asStudent, { question: NUL, description: 'd', tags: ['x'] }),
  },
  {
    name: 'question tags',
    field: 'tags',
    send: api('POST', '/api/forum/questions', asStudent, { question: 'Q?', description: 'd', tags: [NUL] }),
  },
  {
    name: 'question edit',
    field: 'description',
    send: () => api('PATCH', `/api/forum/questions/${question.id}`, asStudent, { description: NUL })(),
  },
  {
    name: 'answer',
    field: 'answer',
    send: () => api('POST', `/api/forum/questions/${question.id}/answers`, asTeacher, { answer: NUL })(),
  },
  {
    name: 'answer edit',
    field: 'answer',
    send: () => api('PATCH', `/api/forum/answers/${answerId}`, asTeacher, { answer: NUL })(),
  },
  {
    name: 'review edit',
    field: 'text',
    send: () => api('PATCH', `/api/reviews/${review.id}`, asStudent, { text: NUL })(),
  },
  { name: 'catalogue search', field: 'q', send: api('GET', `/api/courses?q=${q}`) },
  { name: 'catalogue category', field: 'category', send: api('GET', `/api/courses?category=${q}`) },
  { name: 'forum search', field: 'q', send: api('GET', `/api/forum/questions?q=${q}`) },
  { name: 'forum tag', field: 'tag', send: api('GET', `/api/forum/questions?tag=${q}`) },
  { name: 'similar questions', field: 'q', send: api('GET', `/api/forum/similar?q=${q}`) },
  { name: 'admin user search', field: 'q', send: api('GET', `/api/admin/users?role=student&q=${q}`, asAdmin) },
  {
    name: 'admin CSV export',
    field: 'q',
    send: api('GET', `/api/admin/users/export.csv?role=student&q=${q}`, asAdmin),
  },
  { name: 'admin course search', field: 'q', send: api('GET', `/api/admin/courses?q=${q}`, asAdmin) },
  { name: 'admin teacher search', field: 'q', send: api('GET', `/api/admin/teachers?q=${q}`, asAdmin) },
];

const V1_SHAPES: Shape[] = [
  {
    name: 'E3 register firstname',
    field: 'firstname',
    send: () =>
      v1(ctx, {
        url: '/user-Register',
        body: { ...registration, firstname: NUL, password: 'long-enough-pw', role: 'student' },
      }),
  },
  {
    name: 'E2 login email',
    field: 'email',
    send: () => v1(ctx, { url: '/user-Login', body: { email: `x${NUL}@example.com`, password: 'whatever1' } }),
  },
  {
    name: 'E5 profile city (multipart)',
    field: 'city',
    send: () => updateStudentDetails(ctx, student.token, [{ name: 'city', data: NUL }]),
  },
  {
    name: 'E7 profile city',
    field: 'city',
    send: () => v1(ctx, { url: '/update-teacher-details', token: teacher.token, body: { userDetails: { city: NUL } } }),
  },
  {
    name: 'E11 course title',
    field: 'courseTitle',
    send: () =>
      v1(ctx, {
        url: '/add-course',
        token: teacher.token,
        body: { courseDetails: { courseTitle: NUL, courseCategory: 'Dev' } },
      }),
  },
  {
    name: 'E20 review text',
    field: 'reviewText',
    send: () =>
      v1(ctx, { url: '/edit-review-studentId', token: student.token, body: { reviewId: review.id, reviewText: NUL } }),
  },
  {
    name: 'E22 question',
    field: 'question',
    send: () =>
      v1(ctx, {
        url: '/add-question',
        token: student.token,
        body: { questionDetails: { question: NUL, description: 'd', tags: 'x' } },
      }),
  },
  {
    name: 'E25 answer',
    field: 'answer',
    send: () =>
      v1(ctx, { url: '/add-forum-answer', token: teacher.token, body: { questionId: question.id, answer: NUL } }),
  },
  {
    name: 'E30 answer edit',
    field: 'answerText',
    send: () =>
      v1(ctx, {
        url: '/update-answer-studentId',
        token: teacher.token,
        body: { forumId: question.id, answerId, answerText: NUL },
      }),
  },
];

describe('NUL bytes (U+0000) in text input', () => {
  it.each(API_SHAPES)('/api $name → 400 naming $field, nothing stored', async ({ field, send }) => {
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; issues?: { path: string }[] }>();
    expect(body.message).toContain(field);
    expect(body.message).toMatch(/NUL/);
    expect(await snapshot()).toEqual(before);
  });

  it.each(V1_SHAPES)('v1 $name → 400 naming $field in the v1 envelope, nothing stored', async ({ field, send }) => {
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ success: boolean; message: string }>();
    expect(body.success).toBe(false);
    expect(body.message).toContain(field);
    expect(body.message).toMatch(/NUL/);
    expect(await snapshot()).toEqual(before);
  });

  it('the admin CSV export still streams every row after NUL attempts', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users/export.csv?role=student',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(student.email);
  });
});

describe('database "invalid input" errors (SQLSTATE class 22)', () => {
  it.each([
    ['U+0000 in text (22021)', sql`select ${'a\u0000b'}::text`],
    ['text that is no uuid (22P02)', sql`select ${'not-a-uuid'}::uuid`],
    ['an integer out of range (22003)', sql`select ${'99999999999'}::int4`],
  ])('%s is a 400, never a 500', async (_name, query) => {
    const error = await ctx.database.db.execute(query).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(describeError(error as Error)).toEqual({ statusCode: 400, message: INVALID_INPUT });
  });
});
