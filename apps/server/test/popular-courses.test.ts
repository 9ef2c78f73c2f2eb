import type { CoursePage, PopularCourseShelf } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, enrolments } from '../src/db/schema/index.js';
import { countQueries, createCourse } from './course-helpers.js';
import { createUser, useTestApp, type TestUser } from './helper.js';

// Its own database: the shelf ranks every course, so no other file's enrolments may count.
const ctx = useTestApp();

async function get<T = unknown>(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<T>() };
}

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function enrol(students: TestUser[], courseId: string, createdAt: Date) {
  await ctx.database.db
    .insert(enrolments)
    .values(students.map((student) => ({ studentId: student.user.id, courseId, createdAt, updatedAt: createdAt })));
}

describe('students are viewing (GET /api/courses/popular)', () => {
  it('ranks published courses by enrolments in the window, and leaves out drafts and older enrolments', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const students: TestUser[] = [];
    for (let i = 0; i < 6; i += 1) students.push(await createUser(ctx, 'student'));
    const publish = (title: string) => createCourse(ctx, teacher.token, { title, status: 'published' });
    const three = await publish('Three this month');
    const two = await publish('Two this month');
    const oldFavourite = await publish('One this month, five before');
    const quiet = await publish('No enrolments');
    const draft = await createCourse(ctx, teacher.token, { title: 'A draft' });
    await enrol(students.slice(0, 3), three.id, daysAgo(2));
    await enrol(students.slice(0, 2), two.id, daysAgo(29));
    await enrol(students.slice(0, 1), oldFavourite.id, daysAgo(1));
    await enrol(students.slice(1, 6), oldFavourite.id, daysAgo(45));
    // A course taken back to draft leaves every public shelf, whatever its enrolments.
    await enrol(students, draft.id, daysAgo(1));

    const month = await get<PopularCourseShelf>('/api/courses/popular');
    expect(month.status).toBe(200);
    expect(month.body.days).toBe(30);
    expect(month.body.items.map((item) => [item.course.title, item.recentEnrolments])).toEqual([
      ['Three this month', 3],
      ['Two this month', 2],
      ['One this month, five before', 1],
    ]);
    // Each item is a whole course card with its real all-time count.
    expect(month.body.items[2]!.course).toMatchObject({ id: oldFavourite.id, enrolledCount: 6, status: 'published' });
    expect(month.body.items.map((item) => item.course.id)).not.toContain(quiet.id);

    const twoMonths = await get<PopularCourseShelf>('/api/courses/popular?days=60');
    expect(twoMonths.body.items.map((item) => [item.course.title, item.recentEnrolments])).toEqual([
      ['One this month, five before', 6],
      ['Three this month', 3],
      ['Two this month', 2],
    ]);

    const week = await get<PopularCourseShelf>('/api/courses/popular?days=7&limit=1');
    expect(week.body).toMatchObject({ days: 7, items: [{ course: { id: three.id }, recentEnrolments: 3 }] });
  });

  it('breaks ties by the newest published course and answers in one query', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const older = await createCourse(ctx, teacher.token, { title: 'Tied, older', status: 'published' });
    const newer = await createCourse(ctx, teacher.token, { title: 'Tied, newer', status: 'published' });
    await ctx.database.db
      .update(courses)
      .set({ publishedAt: daysAgo(300) })
      .where(eq(courses.id, older.id));
    await enrol([student], older.id, daysAgo(3));
    await enrol([student], newer.id, daysAgo(3));

    let body: PopularCourseShelf | undefined;
    const statements = await countQueries(ctx.database, async () => {
      body = (await get<PopularCourseShelf>('/api/courses/popular?days=5')).body;
    });
    const tied = body!.items.filter((item) => [older.id, newer.id].includes(item.course.id));
    expect(tied.map((item) => [item.course.title, item.recentEnrolments])).toEqual([
      ['Tied, newer', 1],
      ['Tied, older', 1],
    ]);
    expect(statements).toHaveLength(1);
  });

  it('rejects a window or a limit out of range', async () => {
    expect((await get('/api/courses/popular?days=0')).body).toMatchObject({
      statusCode: 400,
      message: 'days must be at least 1',
    });
    expect((await get('/api/courses/popular?days=366')).body).toMatchObject({ message: 'days must be at most 365' });
    expect((await get('/api/courses/popular?limit=25')).status).toBe(400);
    expect((await get('/api/courses/popular?days=week')).status).toBe(400);
  });
});

describe('the catalogue filtered by several categories', () => {
  it('lists the courses of any category named, and refuses an unknown one', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const publish = (title: string, category: string) =>
      createCourse(ctx, teacher.token, { title, category: category as 'Design', status: 'published' });
    const acting = await publish('Screen acting', 'Acting');
    const business = await publish('Pricing', 'Business');
    await publish('Typography', 'Design');

    const both = await get<CoursePage>('/api/courses?category=Acting&category=Business&pageSize=100');
    expect(both.body.items.map((course) => course.id).sort()).toEqual([acting.id, business.id].sort());
    expect(both.body.total).toBe(2);
    const one = await get<CoursePage>('/api/courses?category=Acting&pageSize=100');
    expect(one.body.items.map((course) => course.id)).toEqual([acting.id]);
    const repeated = await get<CoursePage>('/api/courses?category=Acting&category=Acting&category=');
    expect(repeated.body.total).toBe(1);

    for (const url of ['/api/courses?category=Cooking', '/api/courses?category=Acting&category=Cooking']) {
      expect((await get(url)).body).toMatchObject({
        statusCode: 400,
        message: 'category must be one of the course categories',
      });
    }
  });
});
