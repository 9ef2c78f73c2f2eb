import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CoursePage } from '@lyceum/contract';
import { courses, enrolments, reviews, users } from '../src/db/schema/index.js';
import { countQueries, readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

const ctx = useTestApp();

describe("a teacher's own course list (My Courses)", () => {
  it('is kept until the database says one of their courses or their profile changed, whoever changes it (migration 0033)', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const other = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const db = ctx.database.db;
    const list = async (token = teacher.token, query = '') =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/teacher/courses${query}`, headers: bearer(token) })
      ).json<CoursePage>();
    const [course] = await db
      .insert(courses)
      .values({ teacherId: teacher.user.id, title: 'Mine', category: 'Design', status: 'draft' })
      .returning({ id: courses.id });
    expect((await list()).items.map((card) => card.title)).toEqual(['Mine']);

    // Read again: answered from what the process kept, without a statement on courses.
    let again: CoursePage | undefined;
    expect(await readUntilKept(ctx.database, async () => (again = await list()), /courses/)).toEqual([]);
    expect(again?.items.map((card) => card.title)).toEqual(['Mine']);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    await db.update(courses).set({ title: 'Renamed', excerpt: 'New words' }).where(eq(courses.id, course!.id));
    expect((await list()).items[0]).toMatchObject({ title: 'Renamed', excerpt: 'New words', status: 'draft' });
    await db.update(courses).set({ category: 'Business', status: 'published' }).where(eq(courses.id, course!.id));
    expect((await list()).items[0]).toMatchObject({ category: 'Business', status: 'published' });
    await db.insert(enrolments).values({ studentId: student.user.id, courseId: course!.id, status: 'active' });
    expect((await list()).items[0]).toMatchObject({ enrolledCount: 1 });
    await db.insert(reviews).values({ studentId: student.user.id, courseId: course!.id, rating: 4, text: 'Good' });
    expect((await list()).items[0]).toMatchObject({ rating: { count: 1, average: 4 } });
    await db.update(users).set({ firstname: 'Ada', lastname: 'Byron' }).where(eq(users.id, teacher.user.id));
    expect((await list()).items[0]?.teacher).toMatchObject({ firstname: 'Ada', lastname: 'Byron' });

    // A second course, and a filtered page kept beside the whole list: both change with it.
    expect((await list(teacher.token, '?status=draft')).total).toBe(0);
    await db
      .insert(courses)
      .values({ teacherId: teacher.user.id, title: 'Second', category: 'Design', status: 'draft' });
    expect((await list()).total).toBe(2);
    expect((await list(teacher.token, '?status=draft')).items.map((card) => card.title)).toEqual(['Second']);

    // Another teacher's course leaves this teacher's kept list alone (no statement), and shows in theirs at once.
    expect((await list(other.token)).total).toBe(0);
    expect(await readUntilKept(ctx.database, () => list(), /courses/)).toEqual([]);
    await db.insert(courses).values({ teacherId: other.user.id, title: 'Theirs', category: 'Design', status: 'draft' });
    const untouched = await countQueries(ctx.database, () => list());
    expect(untouched.filter((text) => /courses/.test(text))).toEqual([]);
    expect((await list(other.token)).items.map((card) => card.title)).toEqual(['Theirs']);

    // The course handed to the other teacher leaves one list and joins the other; deleting it leaves theirs.
    await db.update(courses).set({ teacherId: other.user.id }).where(eq(courses.id, course!.id));
    expect((await list()).items.map((card) => card.title)).toEqual(['Second']);
    expect((await list(other.token)).total).toBe(2);
    await db.delete(enrolments).where(eq(enrolments.courseId, course!.id));
    await db.delete(reviews).where(eq(reviews.courseId, course!.id));
    await db.delete(courses).where(eq(courses.id, course!.id));
    expect((await list(other.token)).items.map((card) => card.title)).toEqual(['Theirs']);
  });

  it('shows a change made through the app at once, to the teacher who made it', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: bearer(teacher.token),
      payload: { title: 'First draft', category: 'Design', aboutHtml: '<p>About</p>' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    const titles = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/teacher/courses', headers: bearer(teacher.token) }))
        .json<CoursePage>()
        .items.map((card) => card.title);
    expect(await titles()).toEqual(['First draft']);
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${id}`,
      headers: bearer(teacher.token),
      payload: { title: 'Second draft' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await titles()).toEqual(['Second draft']);
  });
});
