import type { CourseReviewPage, CourseViewer, DeleteCourseConflict } from '@lyceum/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, enrolments } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string) {
  const res = await ctx.app.inject({ method, url, headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

let teacher: TestUser;
let admin: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  admin = await createUser(ctx, 'admin');
});

const published = (title: string) =>
  createCourse(ctx, teacher.token, { title, category: 'Design', status: 'published' });

describe('a course unpublished under its students (ADR 018)', () => {
  it('stays readable, read-only, for its enrolled students, and disappears for everyone else', async () => {
    const course = await published('Etching');
    const [enrolled, wishlister, stranger] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
    ];
    expect((await call('POST', `/api/courses/${course.id}/enrolment`, enrolled.token)).status).toBe(200);
    expect((await call('PUT', `/api/courses/${course.id}/wishlist`, wishlister.token)).status).toBe(200);
    expect((await call('POST', `/api/admin/courses/${course.id}/unpublish`, admin.token)).status).toBe(200);

    // The enrolled student's card says the course is a draft and its page, viewer state and reviews still load.
    const cards = await call('GET', '/api/student/enrolments', enrolled.token);
    expect(cards.body.items[0]).toMatchObject({ courseId: course.id, status: 'active', course: { status: 'draft' } });
    const page = await call('GET', `/api/courses/${course.id}`, enrolled.token);
    expect(page).toMatchObject({ status: 200, body: { id: course.id, status: 'draft' } });
    expect((await call('GET', `/api/courses/${course.id}/me`, enrolled.token)).body).toEqual({
      inWishlist: false,
      enrolled: true,
      enrolmentStatus: 'active',
      canEdit: false,
    } satisfies CourseViewer);
    const reviews = await call('GET', `/api/courses/${course.id}/reviews`, enrolled.token);
    expect(reviews.status).toBe(200);
    expect((reviews.body as CourseReviewPage).total).toBe(0);
    expect((await call('GET', `/api/courses/${course.id}/reviews/mine`, enrolled.token)).body).toEqual({
      review: null,
      enrolled: true,
    });
    // Its curriculum outline too (the course page shows it: a 404 there said "Course not found" on the page).
    expect((await call('GET', `/api/courses/${course.id}/curriculum`, enrolled.token)).status).toBe(200);
    // Read-only: no new review, no new enrolment or wishlist entry on a course that is not published.
    const write = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/reviews`,
      headers: bearer(enrolled.token),
      payload: { rating: 5, text: 'Still here' },
    });
    expect(write.statusCode).toBe(404);
    expect((await call('PUT', `/api/courses/${course.id}/wishlist`, enrolled.token)).status).toBe(404);

    // Wishlists hide it (list, total and the dashboard counter); it is still removable.
    const wishlist = await call('GET', '/api/student/wishlist', wishlister.token);
    expect(wishlist.body).toMatchObject({ items: [], total: 0 });
    expect((await call('GET', '/api/student/dashboard', wishlister.token)).body.wishlist).toBe(0);
    for (const who of [wishlister, stranger]) {
      expect((await call('GET', `/api/courses/${course.id}`, who.token)).status).toBe(404);
      expect((await call('GET', `/api/courses/${course.id}/me`, who.token)).status).toBe(404);
      expect((await call('GET', `/api/courses/${course.id}/reviews`, who.token)).status).toBe(404);
      expect((await call('GET', `/api/courses/${course.id}/curriculum`, who.token)).status).toBe(404);
    }
    expect((await call('GET', `/api/courses/${course.id}`)).status).toBe(404);

    // Published again, it is back in the wishlist.
    expect((await call('POST', `/api/admin/courses/${course.id}/publish`, admin.token)).status).toBe(200);
    expect((await call('GET', '/api/student/wishlist', wishlister.token)).body.total).toBe(1);
  });
});

describe('deleting a course with enrolled students', () => {
  it('answers 409 naming how many students are enrolled, and deletes only when confirmed', async () => {
    const course = await published('Lithography');
    for (let i = 0; i < 3; i++) {
      const student = await createUser(ctx, 'student');
      await call('POST', `/api/courses/${course.id}/enrolment`, student.token);
    }
    const refused = await call('DELETE', `/api/courses/${course.id}`, teacher.token);
    expect(refused).toEqual({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: '3 students are enrolled in this course: confirm to delete it for them too',
        enrolledCount: 3,
      } satisfies DeleteCourseConflict,
    });
    expect((await call('DELETE', `/api/courses/${course.id}?confirm=false`, admin.token)).status).toBe(409);
    const [kept] = await ctx.database.db
      .select({ n: count() })
      .from(enrolments)
      .where(eq(enrolments.courseId, course.id));
    expect(kept!.n).toBe(3);

    expect((await call('DELETE', `/api/courses/${course.id}?confirm=yes`, teacher.token)).status).toBe(400);
    const other = await createUser(ctx, 'teacher');
    expect((await call('DELETE', `/api/courses/${course.id}?confirm=true`, other.token)).status).toBe(403);
    expect((await call('DELETE', `/api/courses/${course.id}?confirm=true`)).status).toBe(401);

    expect((await call('DELETE', `/api/courses/${course.id}?confirm=true`, teacher.token)).status).toBe(204);
    expect(await ctx.database.db.select().from(courses).where(eq(courses.id, course.id))).toEqual([]);
    expect((await call('DELETE', `/api/courses/${course.id}?confirm=true`, teacher.token)).status).toBe(404);
  });

  it('deletes a course nobody is enrolled in without confirmation', async () => {
    const course = await published('Woodcut');
    expect((await call('DELETE', `/api/courses/${course.id}`, teacher.token)).status).toBe(204);
  });
});
