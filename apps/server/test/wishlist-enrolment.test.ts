import type { Course, CourseViewer } from '@lyceum/contract';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments, itemCompletions, wishlistItems } from '../src/db/schema/index.js';
import { countQueries, createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string) {
  const res = await ctx.app.inject({ method, url, headers: bearer(token) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

let teacher: TestUser;
let admin: TestUser;
let course: Course;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  admin = await createUser(ctx, 'admin');
  course = await createCourse(ctx, teacher.token, { title: 'Watercolour', category: 'Design', status: 'published' });
});

describe('wishlist', () => {
  it('lets a student add a course idempotently, list it and remove it, with matching counts', async () => {
    const student = await createUser(ctx, 'student');
    const other = await createCourse(ctx, teacher.token, { title: 'Ink', category: 'Design', status: 'published' });

    expect(await call('PUT', `/api/courses/${course.id}/wishlist`, student.token)).toEqual({
      status: 200,
      body: { inWishlist: true },
    });
    // Already in the wishlist is still a success, and nothing is duplicated.
    expect(await call('PUT', `/api/courses/${course.id}/wishlist`, student.token)).toEqual({
      status: 200,
      body: { inWishlist: true },
    });
    await call('PUT', `/api/courses/${other.id}/wishlist`, student.token);

    const list = await call('GET', '/api/student/wishlist', student.token);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((i: { course: { title: string } }) => i.course.title)).toEqual(['Ink', 'Watercolour']);
    expect(list.body.items[0].course.teacher.firstname).toBe(teacher.user.firstname);
    expect((await call('GET', `/api/courses/${course.id}/me`, student.token)).body).toMatchObject({ inWishlist: true });
    expect((await call('GET', '/api/student/dashboard', student.token)).body.wishlist).toBe(2);

    expect(await call('DELETE', `/api/courses/${course.id}/wishlist`, student.token)).toEqual({
      status: 200,
      body: { inWishlist: false },
    });
    expect((await call('DELETE', `/api/courses/${course.id}/wishlist`, student.token)).status).toBe(200);
    const rows = await ctx.database.db.select().from(wishlistItems).where(eq(wishlistItems.studentId, student.user.id));
    expect(rows.map((r) => r.courseId)).toEqual([other.id]);
    expect((await call('GET', '/api/student/dashboard', student.token)).body.wishlist).toBe(1);
    expect((await call('GET', `/api/courses/${course.id}/me`, student.token)).body).toMatchObject({
      inWishlist: false,
    });
  });

  it('is for students only: teachers and admins get 403, visitors 401', async () => {
    for (const user of [teacher, admin]) {
      expect((await call('PUT', `/api/courses/${course.id}/wishlist`, user.token)).body).toMatchObject({
        statusCode: 403,
        message: 'Forbidden: students only',
      });
      expect((await call('DELETE', `/api/courses/${course.id}/wishlist`, user.token)).status).toBe(403);
      expect((await call('GET', '/api/student/wishlist', user.token)).status).toBe(403);
    }
    const visitor = await ctx.app.inject({ method: 'PUT', url: `/api/courses/${course.id}/wishlist` });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers 404 for an unknown course and 400 for a malformed id', async () => {
    const student = await createUser(ctx, 'student');
    expect((await call('PUT', `/api/courses/${randomUUID()}/wishlist`, student.token)).body).toMatchObject({
      statusCode: 404,
      message: 'Course not found',
    });
    expect((await call('DELETE', `/api/courses/${randomUUID()}/wishlist`, student.token)).status).toBe(404);
    expect((await call('PUT', '/api/courses/abc/wishlist', student.token)).status).toBe(400);
  });
});

describe('enrolment', () => {
  it('enrols once however often a student asks, and the counts follow the database', async () => {
    const student = await createUser(ctx, 'student');
    const first = await call('POST', `/api/courses/${course.id}/enrolment`, student.token);
    expect(first).toMatchObject({ status: 200, body: { courseId: course.id, status: 'active', completedAt: null } });
    const second = await call('POST', `/api/courses/${course.id}/enrolment`, student.token);
    expect(second.body).toEqual(first.body);

    const rows = await ctx.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.studentId, student.user.id), eq(enrolments.courseId, course.id)));
    expect(rows).toHaveLength(1);
    const enrolled = await ctx.database.db.select().from(enrolments).where(eq(enrolments.courseId, course.id));
    const details = await call('GET', `/api/courses/${course.id}`, student.token);
    expect(details.body.enrolledCount).toBe(enrolled.length);
    expect((await call('GET', `/api/courses/${course.id}/me`, student.token)).body).toEqual({
      inWishlist: false,
      enrolled: true,
      enrolmentStatus: 'active',
      canEdit: false,
    } satisfies CourseViewer);
    expect((await call('GET', '/api/student/dashboard', student.token)).body).toMatchObject({
      enrolled: 1,
      active: 1,
      completed: 0,
    });
  });

  it('enrols in one statement after the session; a course with a curriculum also gets its progress computed', async () => {
    const student = await createUser(ctx, 'student');
    const plain = await createCourse(ctx, teacher.token, { title: 'Plain', status: 'published' });
    const enrol = async (courseId: string) => {
      let res!: Awaited<ReturnType<typeof call>>;
      const statements = await countQueries(ctx.database, async () => {
        res = await call('POST', `/api/courses/${courseId}/enrolment`, student.token);
      });
      return { ...res, statements: statements.length };
    };
    const first = await enrol(plain.id);
    // The insert alone (it checks the course is published and whether it has a curriculum), the session aside.
    expect(first).toMatchObject({ status: 200, statements: 1 });
    expect(first.body).toMatchObject({ courseId: plain.id, status: 'active', progressPercent: 0, totalItems: 0 });
    // Enrolling again answers the same enrolment, read back from the database.
    const again = await enrol(plain.id);
    expect(again.body).toEqual(first.body);
    expect(again.statements).toBeGreaterThan(1);

    // Two required published lessons, one already completed (an earlier enrolment): 1 of 2 at once.
    const api = curriculumApi(ctx);
    const taught = await createCourse(ctx, teacher.token, { title: 'Taught', status: 'published' });
    const section = await api.section(teacher.token, taught.id);
    const one = await api.lesson(teacher.token, taught.id, section.id);
    await api.lesson(teacher.token, taught.id, section.id);
    await ctx.database.db.insert(itemCompletions).values({ studentId: student.user.id, itemId: one.id });
    const withCurriculum = await enrol(taught.id);
    expect(withCurriculum.body).toMatchObject({
      status: 'active',
      completedItems: 1,
      totalItems: 2,
      progressPercent: 50,
    });

    // A draft and a missing course: 404, and nothing inserted.
    const draft = await createCourse(ctx, teacher.token, { title: 'Draft', status: 'draft' });
    expect((await enrol(draft.id)).body).toMatchObject({ statusCode: 404, message: 'Course not found' });
    expect((await enrol(randomUUID())).status).toBe(404);
    expect(
      await ctx.database.db.select().from(enrolments).where(eq(enrolments.studentId, student.user.id)),
    ).toHaveLength(2);
  });

  it('keeps one row when 50 enrolment requests race', async () => {
    const student = await createUser(ctx, 'student');
    const racer = await createCourse(ctx, teacher.token, { title: 'Race', status: 'published' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/courses/${racer.id}/enrolment`, student.token)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const rows = await ctx.database.db.select().from(enrolments).where(eq(enrolments.courseId, racer.id));
    expect(rows).toHaveLength(1);
  });

  it('lists all, active and completed enrolments and lets a student mark a course completed', async () => {
    const student = await createUser(ctx, 'student');
    const second = await createCourse(ctx, teacher.token, { title: 'Second', status: 'published' });
    await call('POST', `/api/courses/${course.id}/enrolment`, student.token);
    await call('POST', `/api/courses/${second.id}/enrolment`, student.token);

    const done = await call('POST', `/api/student/enrolments/${course.id}/complete`, student.token);
    expect(done).toMatchObject({
      status: 200,
      body: { courseId: course.id, status: 'completed', progressPercent: 100 },
    });
    expect(done.body.completedAt).not.toBeNull();
    expect((await call('POST', `/api/student/enrolments/${course.id}/complete`, student.token)).status).toBe(200);

    const titles = async (status: string) =>
      (await call('GET', `/api/student/enrolments?status=${status}`, student.token)).body.items.map(
        (i: { course: { title: string } }) => i.course.title,
      );
    expect(await titles('all')).toEqual(['Second', 'Watercolour']);
    expect(await titles('active')).toEqual(['Second']);
    expect(await titles('completed')).toEqual(['Watercolour']);
    const list = await call('GET', '/api/student/enrolments', student.token);
    expect(list.body).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(list.body.items[0]).toMatchObject({ courseId: second.id, status: 'active', progressPercent: 0 });
    expect((await call('GET', '/api/student/enrolments?status=paused', student.token)).body).toMatchObject({
      statusCode: 400,
      message: 'status must be all, active or completed',
    });
    expect((await call('GET', '/api/student/dashboard', student.token)).body).toMatchObject({
      enrolled: 2,
      active: 1,
      completed: 1,
    });

    const notEnrolled = await createCourse(ctx, teacher.token, { title: 'Third', status: 'published' });
    expect(
      (await call('POST', `/api/student/enrolments/${notEnrolled.id}/complete`, student.token)).body,
    ).toMatchObject({
      statusCode: 404,
      message: 'You are not enrolled in this course',
    });
    expect((await call('POST', `/api/student/enrolments/${randomUUID()}/complete`, student.token)).status).toBe(404);
  });

  it('tells the total of every page; a first page shorter than the page size costs one statement, not two', async () => {
    const student = await createUser(ctx, 'student');
    const extra = [];
    for (const title of ['Third course', 'Fourth course']) {
      extra.push(await createCourse(ctx, teacher.token, { title, status: 'published' }));
    }
    for (const c of [course, ...extra]) {
      expect((await call('POST', `/api/courses/${c.id}/enrolment`, student.token)).status).toBeLessThan(300);
      expect((await call('PUT', `/api/courses/${c.id}/wishlist`, student.token)).status).toBeLessThan(300);
    }
    const read = async (url: string) => {
      let body!: { total: number; items: unknown[] };
      const statements = await countQueries(ctx.database, async () => {
        body = (await call('GET', url, student.token)).body;
      });
      return { total: body.total, items: body.items.length, statements: statements.length };
    };
    for (const list of ['/api/student/enrolments', '/api/student/wishlist']) {
      // The whole list on a first page: the page, no count (the session aside).
      expect(await read(`${list}?page=1&pageSize=20`)).toEqual({ total: 3, items: 3, statements: 1 });
      // A full first page, a last page and a page past the end still tell the whole list's total.
      expect(await read(`${list}?page=1&pageSize=3`)).toEqual({ total: 3, items: 3, statements: 2 });
      expect(await read(`${list}?page=2&pageSize=2`)).toEqual({ total: 3, items: 1, statements: 2 });
      expect(await read(`${list}?page=5&pageSize=2`)).toEqual({ total: 3, items: 0, statements: 2 });
    }
    expect(await read('/api/student/enrolments?status=completed')).toEqual({ total: 0, items: 0, statements: 1 });
  });

  it('is for students only: teachers and admins get 403', async () => {
    for (const user of [teacher, admin]) {
      expect((await call('POST', `/api/courses/${course.id}/enrolment`, user.token)).status).toBe(403);
      expect((await call('GET', '/api/student/enrolments', user.token)).status).toBe(403);
      expect((await call('POST', `/api/student/enrolments/${course.id}/complete`, user.token)).status).toBe(403);
    }
    const rows = await ctx.database.db.select().from(enrolments).where(eq(enrolments.studentId, teacher.user.id));
    expect(rows).toEqual([]);
  });

  it('tells the teacher and admins they can edit, and students that they cannot', async () => {
    expect((await call('GET', `/api/courses/${course.id}/me`, teacher.token)).body).toMatchObject({ canEdit: true });
    expect((await call('GET', `/api/courses/${course.id}/me`, admin.token)).body).toMatchObject({ canEdit: true });
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}/me` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('recommendations', () => {
  it("favour the categories of a student's enrolments and wishlist, and leave out enrolled courses", async () => {
    const student = await createUser(ctx, 'student');
    const photo = await createCourse(ctx, teacher.token, {
      title: 'Photo 1',
      category: 'Photography',
      status: 'published',
    });
    const photo2 = await createCourse(ctx, teacher.token, {
      title: 'Photo 2',
      category: 'Photography',
      status: 'published',
    });
    const acting = await createCourse(ctx, teacher.token, { title: 'Acting', category: 'Acting', status: 'published' });
    const business = await createCourse(ctx, teacher.token, {
      title: 'Biz',
      category: 'Business',
      status: 'published',
    });
    // Newer courses in other categories come after, not before, the favoured ones.
    await createCourse(ctx, teacher.token, { title: 'Newest', category: 'Marketing', status: 'published' });
    await call('POST', `/api/courses/${photo.id}/enrolment`, student.token);
    await call('PUT', `/api/courses/${acting.id}/wishlist`, student.token);

    const res = await call('GET', '/api/courses/recommended?limit=24', student.token);
    const ids: string[] = res.body.items.map((c: { id: string }) => c.id);
    expect(ids).not.toContain(photo.id);
    expect(ids.slice(0, 2).sort()).toEqual([photo2.id, acting.id].sort());
    expect(ids).toContain(business.id);

    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/courses/recommended?limit=2' });
    expect(visitor.json().items.map((c: { title: string }) => c.title)).toEqual(['Newest', 'Biz']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/courses/recommended?limit=25' })).statusCode).toBe(400);
  });
});
