import type { CalendarEvents, TeacherClass } from '@lyceum/contract';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries, createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/** Issue 49.2: the calendar in the app shows, by date range, the same due dates as the user's iCalendar feed. */
const now = Date.parse('2029-12-20T09:00:00Z');
const ctx = useTestApp({ clock: () => now });

function get(url: string, user: TestUser | null) {
  return ctx.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
}
async function post(url: string, user: TestUser, payload: object) {
  const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}
const range = (from: string, to: string) => `/api/me/calendar/events?from=${from}&to=${to}`;
const JANUARY = range('2030-01-01T00:00:00Z', '2030-02-01T00:00:00Z');

let teacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
let cls: TeacherClass;

beforeAll(async () => {
  [teacher, alice, bob, outsider] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
  ]);
  const course = await createCourse(ctx, teacher.token, { title: 'Algebra I', status: 'published' });
  const api = curriculumApi(ctx);
  const section = await api.section(teacher.token, course.id, 'Week 1');
  const reading = await api.lesson(teacher.token, course.id, section.id, { title: 'Read: linear equations' });
  const later = await api.lesson(teacher.token, course.id, section.id, { title: 'Read: quadratics' });
  cls = (await post('/api/classes', teacher, { name: 'Period 3 Algebra', courseIds: [course.id] })).json();
  for (const student of [alice, bob]) await post('/api/classes/join', student, { code: cls.code });
  // Due 17:30 in Paris (UTC+1 in winter) = 16:30 UTC; the other one in February, outside January's range.
  await post(`/api/classes/${cls.id}/assignments`, teacher, { itemId: reading.id, dueAt: '2030-01-15T17:30:00+01:00' });
  await post(`/api/classes/${cls.id}/assignments`, teacher, { itemId: later.id, dueAt: '2030-02-20T12:00:00Z' });
  // Alice has two more days on everything in the class.
  const acc = await ctx.app.inject({
    method: 'PUT',
    url: `/api/classes/${cls.id}/members/${alice.user.id}/accommodation`,
    headers: bearer(teacher.token),
    payload: { dueExtensionHours: 48 },
  });
  expect(acc.statusCode, acc.body).toBe(200);
});

describe('the calendar in the app', () => {
  it('shows a learner their own due dates in the range, with the class, as their feed has them', async () => {
    const res = await get(JANUARY, bob);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CalendarEvents>().items).toEqual([
      expect.objectContaining({
        title: 'Read: linear equations',
        at: '2030-01-15T16:30:00.000Z',
        classId: cls.id,
        className: 'Period 3 Algebra',
        courseTitle: 'Algebra I',
        status: 'assigned',
      }),
    ]);
    // The same instant in Bob's iCalendar feed.
    const { url } = (await get('/api/me/calendar', bob)).json<{ url: string }>();
    const feed = await get(new URL(url).pathname, null);
    const events = new ICAL.Component(ICAL.parse(feed.body) as unknown[])
      .getAllSubcomponents('vevent')
      .map((e) => new ICAL.Event(e));
    const inFeed = events.find((e) => e.summary === 'Due: Read: linear equations');
    expect(inFeed!.startDate.toJSDate().toISOString()).toBe('2030-01-15T16:30:00.000Z');
  });

  it('moves a learner’s date by their accommodation, and shows nothing of a class they are not in', async () => {
    const alices = (await get(JANUARY, alice)).json<CalendarEvents>().items;
    expect(alices.map((e) => [e.title, e.at])).toEqual([['Read: linear equations', '2030-01-17T16:30:00.000Z']]);
    expect((await get(JANUARY, outsider)).json<CalendarEvents>().items).toEqual([]);
  });

  it('shows a teacher the due dates of their classes, in date order', async () => {
    const winter = (await get(range('2030-01-10T00:00:00Z', '2030-02-22T00:00:00Z'), teacher)).json<CalendarEvents>();
    expect(winter.items.map((e) => [e.title, e.at, e.className, e.status])).toEqual([
      ['Read: linear equations', '2030-01-15T16:30:00.000Z', 'Period 3 Algebra', null],
      ['Read: quadratics', '2030-02-20T12:00:00.000Z', 'Period 3 Algebra', null],
    ]);
  });

  it('reads a learner’s and a teacher’s range in one statement each, however many assignments it holds', async () => {
    const read = (user: TestUser) => countQueries(ctx.database, () => get(JANUARY, user));
    const [bobBefore, teacherBefore] = [await read(bob), await read(teacher)];
    const course = await createCourse(ctx, teacher.token, { title: 'Algebra II', status: 'published' });
    const api = curriculumApi(ctx);
    const section = await api.section(teacher.token, course.id, 'Week 2');
    const more = await post('/api/classes', teacher, { name: 'Period 5 Algebra', courseIds: [course.id] });
    await post('/api/classes/join', bob, { code: more.json<TeacherClass>().code });
    for (let day = 2; day <= 21; day += 1) {
      const lesson = await api.lesson(teacher.token, course.id, section.id, { title: `Exercise ${day}` });
      await post(`/api/classes/${more.json<TeacherClass>().id}/assignments`, teacher, {
        itemId: lesson.id,
        dueAt: `2030-01-${String(day).padStart(2, '0')}T10:00:00Z`,
      });
    }
    expect((await get(JANUARY, bob)).json<CalendarEvents>().items).toHaveLength(21);
    expect((await read(bob)).length).toBe(bobBefore.length);
    expect((await read(teacher)).length).toBe(teacherBefore.length);
    expect(bobBefore.length).toBeLessThanOrEqual(2);
  });

  it('refuses a range that ends before it starts or spans more than 44 days, and anyone not signed in', async () => {
    expect((await get(range('2030-02-01T00:00:00Z', '2030-01-01T00:00:00Z'), bob)).statusCode).toBe(400);
    expect((await get(range('2030-01-01T00:00:00Z', '2030-02-15T00:00:00Z'), bob)).statusCode).toBe(400);
    expect((await get('/api/me/calendar/events?from=yesterday&to=today', bob)).statusCode).toBe(400);
    expect((await get(JANUARY, null)).statusCode).toBe(401);
  });
});
