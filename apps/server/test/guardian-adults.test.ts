import type { LinkedGuardians, MyGuardians, TeacherClass } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { createGuardian, guardianInvitation } from './security/route-table.js';

/**
 * The 18+ rule (issue 52, ADR 070): a student aged 18 or more (date of birth) unlinks a guardian themselves, at once,
 * and the school's invitations no longer link one without them; a younger student cannot (the school decides).
 */
const NOW = Date.parse('2026-12-07T12:00:00Z');
const ctx = useTestApp({ clock: () => NOW, env: { JOB_RUNNER: 'off' } });

let teacher: TestUser;
let cls: TeacherClass;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
const overview = (guardian: TestUser, student: TestUser) =>
  send('GET', `/api/guardian/children/${student.user.id}/overview`, guardian);

async function studentBorn(dateOfBirth: string | null): Promise<TestUser> {
  const student = await createUser(ctx, 'student');
  expect((await send('POST', '/api/classes/join', student, { code: cls.code })).statusCode).toBeLessThan(300);
  await ctx.database.db.update(users).set({ dateOfBirth }).where(eq(users.id, student.user.id));
  return student;
}

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  const course = await createCourse(ctx, teacher.token, { title: 'Year 13 course', status: 'published' });
  const res = await send('POST', '/api/classes', teacher, { name: 'Year 13', courseIds: [course.id] });
  expect(res.statusCode, res.body).toBe(201);
  cls = res.json<TeacherClass>();
});

describe('students aged 18 or more decide about their guardians', () => {
  it('lets an adult student unlink a guardian: the guardian loses them at once', async () => {
    const adult = await studentBorn(null);
    const guardian = await createGuardian(ctx, adult.user.id);
    expect((await overview(guardian, adult)).statusCode).toBe(200);
    // Without a date of birth the school decides: the student's list says they may not unlink.
    expect((await send('GET', '/api/me/guardians', adult)).json<MyGuardians>().canUnlink).toBe(false);
    // 18 today (7 December 2008): an adult, and the list says so.
    await ctx.database.db.update(users).set({ dateOfBirth: '2008-12-07' }).where(eq(users.id, adult.user.id));
    const mine = (await send('GET', '/api/me/guardians', adult)).json<MyGuardians>();
    expect(mine).toMatchObject({ canUnlink: true, items: [{ id: guardian.user.id }] });
    const res = await send('DELETE', `/api/me/guardians/${guardian.user.id}`, adult);
    expect(res.statusCode, res.body).toBe(200);
    expect((await overview(guardian, adult)).statusCode).toBe(404);
    expect(
      (await send('GET', `/api/guardian/children/${adult.user.id}/attendance?from=2026-01-01&to=2026-12-31`, guardian))
        .statusCode,
    ).toBe(404);
    expect((await send('GET', '/api/me/guardians', adult)).json<LinkedGuardians>().items).toEqual([]);
    // Unlinking again, or a guardian who is not theirs: 404.
    expect((await send('DELETE', `/api/me/guardians/${guardian.user.id}`, adult)).statusCode).toBe(404);
  });

  it('refuses a student under 18 (or without a date of birth): the link stays', async () => {
    for (const dob of ['2008-12-08', null]) {
      const minor = await studentBorn(dob);
      const guardian = await createGuardian(ctx, minor.user.id);
      // A day short of 18, or no date: the list offers no unlinking, and the route refuses it.
      expect((await send('GET', '/api/me/guardians', minor)).json<MyGuardians>().canUnlink).toBe(false);
      const res = await send('DELETE', `/api/me/guardians/${guardian.user.id}`, minor);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/school decides/);
      expect((await overview(guardian, minor)).statusCode).toBe(200);
    }
  });

  it('links no guardian to an adult student through the school: a new invitation, or one sent before, is 409', async () => {
    const adult = await studentBorn('2000-01-01');
    const invite = await send('POST', `/api/students/${adult.user.id}/guardian-invitations`, teacher, {
      email: 'parent-of-adult@example.test',
    });
    expect(invite.statusCode).toBe(409);
    // An invitation sent while they were a minor, used now: by a new account, then by a signed-in guardian.
    const token = await guardianInvitation(ctx, adult.user.id, 'late-parent@example.test');
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/guardian-registration',
      payload: {
        token,
        firstname: 'Late',
        lastname: 'Parent',
        phone: '+1 555 0100',
        password: 'a-long-unusual-password',
      },
    });
    expect(registered.statusCode).toBe(409);
    const other = await studentBorn(null);
    const guardian = await createGuardian(ctx, other.user.id);
    const accepted = await send('POST', '/api/guardian/invitations/accept', guardian, {
      token: await guardianInvitation(ctx, adult.user.id, guardian.email),
    });
    expect(accepted.statusCode).toBe(409);
    expect((await overview(guardian, adult)).statusCode).toBe(404);
    expect((await send('GET', '/api/me/guardians', adult)).json<LinkedGuardians>().items).toEqual([]);
  });
});

describe("the school records a student's date of birth (an admin)", () => {
  it('turns the 18+ rule on for that student from the next request: they can then unlink their guardian', async () => {
    const admin = await createUser(ctx, 'admin');
    const student = await studentBorn(null);
    const guardian = await createGuardian(ctx, student.user.id);
    const url = `/api/students/${student.user.id}/date-of-birth`;
    expect((await send('GET', url, admin)).json()).toEqual({ dateOfBirth: null, adult: false, allAdults: false });
    // A day short of 18 (the clock is 7 December 2026): still the school's decision.
    let res = await send('PUT', url, admin, { dateOfBirth: '2008-12-08' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dateOfBirth: '2008-12-08', adult: false, allAdults: false });
    expect((await send('DELETE', `/api/me/guardians/${guardian.user.id}`, student)).statusCode).toBe(409);
    // Corrected to the real date: 18 today.
    res = await send('PUT', url, admin, { dateOfBirth: '2008-12-07' });
    expect(res.json()).toEqual({ dateOfBirth: '2008-12-07', adult: true, allAdults: false });
    expect((await send('DELETE', `/api/me/guardians/${guardian.user.id}`, student)).statusCode).toBe(200);
    expect((await overview(guardian, student)).statusCode).toBe(404);
    // Removed again: not known to be an adult.
    expect((await send('PUT', url, admin, { dateOfBirth: null })).json()).toMatchObject({ adult: false });
  });

  it('refuses a date in the future or not a date (400), a user who is not a student (404), a teacher (403)', async () => {
    const admin = await createUser(ctx, 'admin');
    const student = await studentBorn(null);
    const url = `/api/students/${student.user.id}/date-of-birth`;
    expect((await send('PUT', url, admin, { dateOfBirth: '2026-12-08' })).statusCode).toBe(400);
    expect((await send('PUT', url, admin, { dateOfBirth: '7/12/2008' })).statusCode).toBe(400);
    expect((await send('PUT', url, teacher, { dateOfBirth: '2000-01-01' })).statusCode).toBe(403);
    expect((await send('GET', url, student)).statusCode).toBe(403);
    expect(
      (await send('PUT', `/api/students/${teacher.user.id}/date-of-birth`, admin, { dateOfBirth: '2000-01-01' }))
        .statusCode,
    ).toBe(404);
    const [row] = await ctx.database.db
      .select({ dob: users.dateOfBirth })
      .from(users)
      .where(eq(users.id, student.user.id));
    expect(row?.dob).toBeNull();
  });
});
