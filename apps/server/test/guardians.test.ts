import type { GuardianChildOverview, GuardianChildren, LinkedGuardians, TeacherClass } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.js';
import { createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, PASSWORD, uniqueEmail, useTestApp, type TestUser } from './helper.js';
import { v1 } from './v1/v1-helper.js';

/**
 * Guardians (issue 52, ADR 060): a teacher or admin invites a guardian by e-mail, the guardian registers (or signs
 * in) through the link and reads their child's classes and work due; never another student's, never after unlinking.
 */
const DAY = 24 * 60 * 60 * 1000;
let now = Date.parse('2026-03-10T09:00:00Z');
const mails: MailMessage[] = [];
const ctx = useTestApp({
  clock: () => now,
  env: { JOB_RUNNER: 'off', PUBLIC_URL: 'https://lyceum.test' },
  mailer: { send: async (message) => void mails.push(message), close: () => undefined },
});

let teacher: TestUser;
let outsider: TestUser;
let admin: TestUser;
let child: TestUser;
let sibling: TestUser;
let cls: TeacherClass;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** Invites `email` for the student and reads the token from the link in the mail it was sent. */
async function invite(by: TestUser, student: TestUser, email: string): Promise<string> {
  const res = await call('POST', `/api/students/${student.user.id}/guardian-invitations`, by.token, { email });
  expect(res.statusCode, res.body).toBe(201);
  const mail = mails.findLast((m) => m.to === email);
  const link = mail?.text.match(/https:\/\/lyceum\.test\/guardian-invitation\?token=([\w-]+)/);
  expect(link, mail?.text).toBeTruthy();
  return link![1]!;
}

const guardianForm = (token: string) => ({
  token,
  firstname: 'Grace',
  lastname: 'Guardian',
  phone: '+1 555 0100',
  password: PASSWORD,
});

/** Registers a guardian through the invitation and signs them in. */
async function registerGuardian(token: string): Promise<TestUser> {
  const res = await call('POST', '/api/auth/guardian-registration', null, guardianForm(token));
  expect(res.statusCode, res.body).toBe(201);
  const { user } = res.json<{ user: TestUser['user'] }>();
  const login = await call('POST', '/api/auth/login', null, { email: user.email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return { email: user.email, password: PASSWORD, token: login.json<{ token: string }>().token, user };
}

async function joinClass(student: TestUser) {
  const res = await call('POST', '/api/classes/join', student.token, { code: cls.code });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

beforeAll(async () => {
  [teacher, outsider, admin, child, sibling] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
    createUser(ctx, 'student', { firstname: 'Ada' }),
    createUser(ctx, 'student', { firstname: 'Ben' }),
  ]);
  const course = await createCourse(ctx, teacher.token, { title: 'Algebra I', status: 'published' });
  const api = curriculumApi(ctx);
  const section = await api.section(teacher.token, course.id, 'Week 1');
  const lesson = await api.lesson(teacher.token, course.id, section.id, { title: 'Linear equations' });
  const created = await call('POST', '/api/classes', teacher.token, { name: 'Algebra P3', courseIds: [course.id] });
  expect(created.statusCode, created.body).toBe(201);
  cls = created.json<TeacherClass>();
  await joinClass(child);
  await joinClass(sibling);
  const assigned = await call('POST', `/api/classes/${cls.id}/assignments`, teacher.token, {
    itemId: lesson.id,
    dueAt: new Date(now + 2 * DAY).toISOString(),
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
});

describe('guardian invitations and links', () => {
  it("a class teacher invites by e-mail; the guardian registers through the link and sees the child's work", async () => {
    const email = uniqueEmail('parent');
    const token = await invite(teacher, child, email);
    const guardian = await registerGuardian(token);
    expect(guardian.user.role).toBe('guardian');
    expect(guardian.email).toBe(email);

    const children = await call('GET', '/api/guardian/children', guardian.token);
    expect(children.statusCode, children.body).toBe(200);
    expect(children.json<GuardianChildren>().items.map((c) => c.id)).toEqual([child.user.id]);

    const overview = await call('GET', `/api/guardian/children/${child.user.id}/overview`, guardian.token);
    expect(overview.statusCode, overview.body).toBe(200);
    const body = overview.json<GuardianChildOverview>();
    expect(body.child.firstname).toBe('Ada');
    expect(body.classes).toEqual([{ id: cls.id, name: 'Algebra P3' }]);
    expect(body.todo.week.items.map((i) => i.title)).toEqual(['Linear equations']);
    expect(Object.keys(body.todo)).not.toContain('review');

    // The student sees who is linked to them; the school sees it too.
    const mine = await call('GET', '/api/me/guardians', child.token);
    expect(mine.json<LinkedGuardians>().items.map((g) => g.email)).toEqual([email]);
    const school = await call('GET', `/api/students/${child.user.id}/guardians`, teacher.token);
    expect(school.json<LinkedGuardians>().items.map((g) => g.id)).toEqual([guardian.user.id]);
  });

  it('a guardian is refused the sibling they are not linked to, and every student route', async () => {
    const guardian = await registerGuardian(await invite(teacher, child, uniqueEmail('parent')));
    const sib = await call('GET', `/api/guardian/children/${sibling.user.id}/overview`, guardian.token);
    expect(sib.statusCode, sib.body).toBe(404);
    expect(sib.json<{ message: string }>().message).toBe('Child not found');
    for (const url of ['/api/me/todo', `/api/student/classes/${cls.id}`, '/api/student/dashboard', '/api/me/guardians'])
      expect((await call('GET', url, guardian.token)).statusCode, url).toBe(403);
    const asTeacher = await call('GET', `/api/students/${child.user.id}/guardians`, guardian.token);
    expect(asTeacher.statusCode).toBe(403);
    // A guardian cannot invite another guardian, nor unlink anyone.
    const inviteAsGuardian = await call('POST', `/api/students/${child.user.id}/guardian-invitations`, guardian.token, {
      email: uniqueEmail('other'),
    });
    expect(inviteAsGuardian.statusCode).toBe(403);
  });

  it('unlinking takes effect at once: the next read of the child is 404', async () => {
    const guardian = await registerGuardian(await invite(admin, child, uniqueEmail('parent')));
    const url = `/api/guardian/children/${child.user.id}/overview`;
    expect((await call('GET', url, guardian.token)).statusCode).toBe(200);
    expect((await call('GET', url, guardian.token)).statusCode).toBe(200);
    // A teacher of another class may not unlink; the child's teacher may.
    const byOutsider = await call(
      'DELETE',
      `/api/students/${child.user.id}/guardians/${guardian.user.id}`,
      outsider.token,
    );
    expect(byOutsider.statusCode).toBe(404);
    const unlink = await call('DELETE', `/api/students/${child.user.id}/guardians/${guardian.user.id}`, teacher.token);
    expect(unlink.statusCode, unlink.body).toBe(200);

    expect((await call('GET', url, guardian.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/guardian/children', guardian.token)).json<GuardianChildren>().items).toEqual([]);
    const mine = await call('GET', '/api/me/guardians', child.token);
    expect(mine.json<LinkedGuardians>().items.map((g) => g.id)).not.toContain(guardian.user.id);
    const again = await call('DELETE', `/api/students/${child.user.id}/guardians/${guardian.user.id}`, admin.token);
    expect(again.statusCode).toBe(404);
  });

  it('an invitation works once, and not after 7 days', async () => {
    const token = await invite(teacher, child, uniqueEmail('parent'));
    await registerGuardian(token);
    const reused = await call('POST', '/api/auth/guardian-registration', null, guardianForm(token));
    expect(reused.statusCode).toBe(400);
    expect(reused.json<{ message: string }>().message).toBe('This invitation has expired or has already been used.');

    const late = await invite(teacher, child, uniqueEmail('parent'));
    now += 7 * DAY + 1;
    try {
      const expired = await call('POST', '/api/auth/guardian-registration', null, guardianForm(late));
      expect(expired.statusCode).toBe(400);
    } finally {
      now -= 7 * DAY + 1;
    }
  });

  it('a signed-in guardian links a second child with an invitation sent to their own address only', async () => {
    const email = uniqueEmail('parent');
    const guardian = await registerGuardian(await invite(teacher, child, email));
    // An invitation for another address: refused, and still usable by its addressee.
    const foreign = await invite(teacher, sibling, uniqueEmail('someone'));
    const refused = await call('POST', '/api/guardian/invitations/accept', guardian.token, { token: foreign });
    expect(refused.statusCode).toBe(403);
    await registerGuardian(foreign);

    const second = await invite(teacher, sibling, email.toUpperCase());
    const accepted = await call('POST', '/api/guardian/invitations/accept', guardian.token, { token: second });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const children = await call('GET', '/api/guardian/children', guardian.token);
    expect(new Set(children.json<GuardianChildren>().items.map((c) => c.id))).toEqual(
      new Set([child.user.id, sibling.user.id]),
    );
    const twice = await call('POST', '/api/guardian/invitations/accept', guardian.token, { token: second });
    expect(twice.statusCode).toBe(400);
  });

  it('a student cannot make themselves or anyone a guardian', async () => {
    const token = await invite(teacher, child, uniqueEmail('parent'));
    // Not by inviting, not by using an invitation, not by the registration forms, not with their own address.
    const byStudent = await call('POST', `/api/students/${sibling.user.id}/guardian-invitations`, child.token, {
      email: uniqueEmail('x'),
    });
    expect(byStudent.statusCode).toBe(403);
    expect((await call('POST', '/api/guardian/invitations/accept', child.token, { token })).statusCode).toBe(403);
    const form = { email: uniqueEmail('g'), firstname: 'G', lastname: 'G', phone: '+1 555 0100', password: PASSWORD };
    expect((await call('POST', '/api/auth/register', null, { ...form, role: 'guardian' })).statusCode).toBe(400);
    const v1Register = await v1(ctx, { url: '/user-Register', body: { ...form, role: 'guardian' } });
    expect(v1Register.statusCode).toBe(400);
    expect(v1Register.json<{ message: string }>().message).toBe('Invalid role specified');
    const own = await call('POST', `/api/students/${child.user.id}/guardian-invitations`, teacher.token, {
      email: child.email.toUpperCase(),
    });
    expect(own.statusCode).toBe(400);
    // The invitation is still open: the student's attempt used nothing.
    await registerGuardian(token);
    // Nor through an admin: a role change offers student and teacher only, and a guardian keeps their role.
    const toGuardian = await call('POST', `/api/admin/users/${child.user.id}/role`, admin.token, { role: 'guardian' });
    expect(toGuardian.statusCode).toBe(400);
  });

  it('only a teacher of one of the student’s classes, or an admin, invites; an admin cannot re-role a guardian', async () => {
    const byOutsider = await call('POST', `/api/students/${child.user.id}/guardian-invitations`, outsider.token, {
      email: uniqueEmail('p'),
    });
    expect(byOutsider.statusCode).toBe(404);
    const guardian = await registerGuardian(await invite(admin, child, uniqueEmail('parent')));
    const reRole = await call('POST', `/api/admin/users/${guardian.user.id}/role`, admin.token, { role: 'student' });
    expect(reRole.statusCode).toBe(409);
    const notAStudent = await call('POST', `/api/students/${guardian.user.id}/guardian-invitations`, admin.token, {
      email: uniqueEmail('p'),
    });
    expect(notAStudent.statusCode).toBe(404);
  });

  it('the v1 API answers a guardian’s sign-in as an unknown account, byte for byte', async () => {
    const guardian = await registerGuardian(await invite(teacher, child, uniqueEmail('parent')));
    const asGuardian = await v1(ctx, { url: '/user-Login', body: { email: guardian.email, password: PASSWORD } });
    const unknown = await v1(ctx, { url: '/user-Login', body: { email: uniqueEmail('nobody'), password: PASSWORD } });
    expect(asGuardian.statusCode).toBe(unknown.statusCode);
    expect(asGuardian.body).toBe(unknown.body);
  });
});
