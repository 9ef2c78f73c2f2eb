import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EnrolmentPage } from '@lyceum/contract';
import { courses, enrolments, reviews, users } from '../src/db/schema/index.js';
import { completeItem, countQueries, courseWithLessons, createCourse, readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

/** The list's statements: none when the page is kept. */
const LIST = /"enrolments"/;

describe("a student's own enrolment list (My enrolled courses)", () => {
  it('is kept as sent until the database names the student (migration 0044) or the teacher of a course on it (0033)', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const otherTeacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const classmate = await createUser(ctx, 'student');
    const db = ctx.database.db;
    const { courseId, lessonIds } = await courseWithLessons(ctx, teacher);
    const elsewhere = (await createCourse(ctx, otherTeacher.token, { status: 'published', title: 'Elsewhere' })).id;
    const enrol = async (who: TestUser, course: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${course}/enrolment`,
        headers: bearer(who.token),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const list = async (who: TestUser = student, query = '') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/student/enrolments${query}`,
        headers: bearer(who.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<EnrolmentPage>();
    };
    const rows = async (who: TestUser = student) =>
      (await list(who)).items.map((item) => ({
        title: item.course.title,
        status: item.status,
        percent: item.progressPercent,
        resume: item.lastItemId,
      }));

    // Enrolled through the API: shown at once, then answered from what the process kept, the same bytes each time.
    expect(await list()).toMatchObject({ items: [], total: 0 });
    await enrol(student, courseId);
    expect(await rows()).toEqual([{ title: 'A course', status: 'active', percent: 0, resume: null }]);
    expect(await readUntilKept(ctx.database, () => list(), LIST)).toEqual([]);
    const brotli = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/student/enrolments',
        headers: { ...bearer(student.token), 'accept-encoding': 'br' },
      });
    const sent = await brotli();
    expect(sent.statusCode).toBe(200);
    expect((await brotli()).rawPayload.equals(sent.rawPayload)).toBe(true);

    // Opening a lesson moves the place to resume; completing one moves the progress.
    const as = bearer(student.token);
    const [one, two] = lessonIds as [string, string, string];
    const opened = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/lessons/${two}`, headers: as });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await rows())[0]).toMatchObject({ resume: two });
    const done = await completeItem(ctx, student, courseId, one);
    expect(done.statusCode, done.body).toBe(200);
    expect((await rows())[0]).toMatchObject({ percent: 33 });

    // Changed in SQL, past the services: the enrolment itself, and the course's card as anyone changes it.
    await db
      .update(enrolments)
      .set({ status: 'completed', progressPercent: 100, completedAt: new Date() })
      .where(eq(enrolments.studentId, student.user.id));
    expect((await rows())[0]).toMatchObject({ status: 'completed', percent: 100 });
    await db.update(courses).set({ title: 'Renamed course' }).where(eq(courses.id, courseId));
    expect((await rows())[0]!.title).toBe('Renamed course');
    await enrol(classmate, courseId);
    expect((await list()).items[0]!.course.enrolledCount).toBe(2);
    await db.insert(reviews).values({ studentId: classmate.user.id, courseId, rating: 5, text: 'Loved it' });
    expect((await list()).items[0]!.course.rating).toEqual({ average: 5, count: 1 });
    await db.update(users).set({ firstname: 'Ada', lastname: 'Byron' }).where(eq(users.id, teacher.user.id));
    expect((await list()).items[0]!.course.teacher).toMatchObject({ firstname: 'Ada', lastname: 'Byron' });

    // The classmate's own list is theirs; their enrolment elsewhere, and another teacher's course, leave this page
    // kept (no statement).
    expect((await rows(classmate)).map((row) => row.title)).toEqual(['Renamed course']);
    expect(await readUntilKept(ctx.database, () => list(), LIST)).toEqual([]);
    await enrol(classmate, elsewhere);
    await db.update(courses).set({ title: 'Elsewhere, renamed' }).where(eq(courses.id, elsewhere));
    const untouched = await countQueries(ctx.database, () => list());
    expect(untouched.filter((text) => LIST.test(text))).toEqual([]);

    // A filtered page is kept beside the whole list; a second enrolment shows in both at once.
    expect((await list(student, '?status=active')).total).toBe(0);
    await enrol(student, elsewhere);
    expect((await rows()).map((row) => row.title)).toEqual(['Elsewhere, renamed', 'Renamed course']);
    expect((await list(student, '?status=active')).items.map((item) => item.course.title)).toEqual([
      'Elsewhere, renamed',
    ]);

    // Unenrolled in SQL: gone from the list.
    await db.delete(enrolments).where(eq(enrolments.courseId, elsewhere));
    expect((await rows()).map((row) => row.title)).toEqual(['Renamed course']);
  });
});
