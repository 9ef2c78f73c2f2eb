import type { TeacherClass } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { PASSWORD, bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { guardianInvitation } from './security/route-table.js';

/**
 * The school's adult-students setting (ADULT_STUDENTS=on, config.adultStudents; ADR 070), e.g. a college: every
 * student is an adult whatever their date of birth (none recorded here). They unlink a guardian themselves, and the
 * school can link none to them: an invitation is refused, one sent before the setting is used up without a link.
 */
const ctx = useTestApp({ env: { JOB_RUNNER: 'off', ADULT_STUDENTS: 'on' } });

let teacher: TestUser;
let admin: TestUser;
let student: TestUser;
let cls: TeacherClass;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  [teacher, admin, student] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
    createUser(ctx, 'student'),
  ]);
  const course = await createCourse(ctx, teacher.token, { title: 'College course', status: 'published' });
  cls = (await send('POST', '/api/classes', teacher, { name: 'Year 1', courseIds: [course.id] })).json<TeacherClass>();
  expect((await send('POST', '/api/classes/join', student, { code: cls.code })).statusCode).toBeLessThan(300);
});

describe('with ADULT_STUDENTS=on every student decides about their guardians', () => {
  it('refuses the school an invitation for a student with no date of birth (409), which the setting off allows', async () => {
    const res = await send('POST', `/api/students/${student.user.id}/guardian-invitations`, teacher, {
      email: 'parent-at-college@example.test',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/18 or older/);
    const dob = await send('GET', `/api/students/${student.user.id}/date-of-birth`, admin);
    expect(dob.json()).toEqual({ dateOfBirth: null, adult: true, allAdults: true });
  });

  it('uses up an invitation sent before without linking anyone', async () => {
    const token = await guardianInvitation(ctx, student.user.id, 'earlier-parent@example.test');
    const res = await send('POST', '/api/auth/guardian-registration', null, {
      token,
      firstname: 'Earlier',
      lastname: 'Parent',
      phone: '+1 555 0100',
      password: 'correct-horse-battery',
    });
    expect(res.statusCode, res.body).toBe(409);
    // The setting makes every student an adult: their list offers unlinking.
    expect((await send('GET', '/api/me/guardians', student)).json()).toEqual({ items: [], canUnlink: true });
  });

  it('lets the student unlink a guardian linked before the setting, at once', async () => {
    // A guardian account from before the setting (made directly: no invitation links one now), signed in afresh.
    const made = await createUser(ctx, 'student');
    await ctx.database.db.execute(sql`update users set role = 'guardian' where id = ${made.user.id}`);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: made.email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const guardian = { ...made, token: login.json<{ token: string }>().token };
    await ctx.database.db.execute(sql`
      insert into guardian_links (guardian_id, student_id) values (${guardian.user.id}, ${student.user.id})`);
    expect((await send('GET', `/api/guardian/children/${student.user.id}/overview`, guardian)).statusCode).toBe(200);
    const res = await send('DELETE', `/api/me/guardians/${guardian.user.id}`, student);
    expect(res.statusCode, res.body).toBe(200);
    expect((await send('GET', `/api/guardian/children/${student.user.id}/overview`, guardian)).statusCode).toBe(404);
  });
});
