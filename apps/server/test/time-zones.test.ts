import type { LoginResponse, NotificationList, Profile, TeacherClass } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.js';
import { createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, PASSWORD, useTestApp, type TestUser } from './helper.js';

/**
 * Issue 46.9: every user has a time zone (sent by the browser at sign-in, chosen in My Account; the school's
 * DEFAULT_TIME_ZONE before that), and notification texts and their e-mails give times in it, with the zone's name.
 */
const sent: MailMessage[] = [];
const ctx = useTestApp({
  env: { JOB_RUNNER: 'off', DEFAULT_TIME_ZONE: 'Europe/Paris' },
  mailer: {
    send: async (message) => {
      sent.push(message);
    },
    close: () => undefined,
  },
});

/** Monday 9 December 2030, 14:17 UTC. */
const DUE = '2030-12-09T14:17:00.000Z';

async function login(user: TestUser, timeZone?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: PASSWORD, ...(timeZone === undefined ? {} : { timeZone }) },
  });
}

async function me(user: TestUser): Promise<Profile> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Profile>();
}

describe('a user’s time zone', () => {
  it('is stored at sign-in when the account has none; a zone already chosen stays', async () => {
    const student = await createUser(ctx, 'student');
    expect((await me(student)).timeZone).toBeNull();

    const first = await login(student, 'America/New_York');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<LoginResponse>().user.timeZone).toBe('America/New_York');
    expect((await me(student)).timeZone).toBe('America/New_York');

    // A laptop on a trip does not move the account: My Account does.
    const trip = await login(student, 'Asia/Tokyo');
    expect(trip.json<LoginResponse>().user.timeZone).toBe('America/New_York');
  });

  it('refuses what is not a time zone (400), at sign-in and in My Account, and saves a real one', async () => {
    const student = await createUser(ctx, 'student');
    for (const zone of ['Mars/Olympus_Mons', '+05:00', '', 'Europe/London; drop table users']) {
      const res = await login(student, zone);
      expect(res.statusCode, zone).toBe(400);
      expect(res.json<{ issues?: { path: string }[] }>().issues?.[0]?.path).toBe('timeZone');
    }
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(student.token),
      payload: { timeZone: 'Atlantis/Capital' },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect((await me(student)).timeZone).toBeNull();

    const good = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(student.token),
      payload: { timeZone: 'Asia/Tokyo' },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<{ user: Profile }>().user.timeZone).toBe('Asia/Tokyo');
    expect((await me(student)).timeZone).toBe('Asia/Tokyo');
  });
});

describe('notifications and e-mails', () => {
  let newYork: TestUser;
  let tokyo: TestUser;
  let noZone: TestUser;

  beforeAll(async () => {
    const teacher = await createUser(ctx, 'teacher');
    [newYork, tokyo, noZone] = await Promise.all([
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
    ]);
    expect((await login(newYork, 'America/New_York')).statusCode).toBe(200);
    expect((await login(tokyo, 'Asia/Tokyo')).statusCode).toBe(200);
    const courseId = (await createCourse(ctx, teacher.token, { title: 'Algebra I', status: 'published' })).id;
    const api = curriculumApi(ctx);
    const section = await api.section(teacher.token, courseId, 'Week 1');
    const lessonId = (await api.lesson(teacher.token, courseId, section.id, { title: 'Linear equations' })).id;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: bearer(teacher.token),
      payload: { name: 'Period 3', courseIds: [courseId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cls = created.json<TeacherClass>();
    for (const student of [newYork, tokyo, noZone]) {
      const joined = await ctx.app.inject({
        method: 'POST',
        url: '/api/classes/join',
        headers: bearer(student.token),
        payload: { code: cls.code },
      });
      expect(joined.statusCode, joined.body).toBe(200);
      const prefs = await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/notification-preferences',
        headers: bearer(student.token),
        payload: { items: [{ type: 'class.assigned', email: 'immediate' }] },
      });
      expect(prefs.statusCode, prefs.body).toBe(200);
    }
    const assigned = await ctx.app.inject({
      method: 'POST',
      url: `/api/classes/${cls.id}/assignments`,
      headers: bearer(teacher.token),
      payload: { itemId: lessonId, dueAt: DUE },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    await ctx.app.jobs.drain();
  });

  async function bellText(user: TestUser): Promise<string> {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(user.token) });
    const item = res.json<NotificationList>().items.find((n) => n.type === 'class.assigned');
    expect(item, res.body).toBeDefined();
    return item!.body;
  }

  function mailTo(user: TestUser): MailMessage {
    const mails = sent.filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    return mails[0]!;
  }

  it('give a due date in the recipient’s own time, with the zone’s name, in the bell and the e-mail', async () => {
    expect(await bellText(newYork)).toBe('Due Mon 9 Dec, 09:17 GMT-5.');
    expect(await bellText(tokyo)).toBe('Due Mon 9 Dec, 23:17 GMT+9.');
    for (const [user, text] of [
      [newYork, 'Due Mon 9 Dec, 09:17 GMT-5.'],
      [tokyo, 'Due Mon 9 Dec, 23:17 GMT+9.'],
    ] as const) {
      const mail = mailTo(user);
      expect(mail.text).toContain(text);
      expect(mail.html).toContain(text);
      expect(mail.text).not.toContain('UTC');
    }
  });

  it('use the school’s zone (DEFAULT_TIME_ZONE) for someone who has not sent one yet', async () => {
    expect(await bellText(noZone)).toBe('Due Mon 9 Dec, 15:17 CET.');
    expect(mailTo(noZone).text).toContain('Due Mon 9 Dec, 15:17 CET.');
  });
});

describe('CSV exports', () => {
  it('write dates as ISO 8601 with the offset of the exporter’s zone', async () => {
    const admin = await createUser(ctx, 'admin');
    const student = await createUser(ctx, 'student');
    const set = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(admin.token),
      payload: { timeZone: 'Asia/Kolkata' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users/export.csv?role=student&q=${encodeURIComponent(student.email)}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.startsWith(student.user.id))!;
    const joined = line.split(',')[8]!;
    // India is UTC+05:30 all year: the same instant, in the admin's clock.
    expect(joined).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(Date.parse(joined)).toBe(Math.floor(Date.parse(student.user.createdAt) / 1000) * 1000);
  });
});
