import type {
  Course,
  CourseReviewPage,
  MyCourseReview,
  Review,
  ReviewConflict,
  StudentReviewPage,
  TeacherDashboard,
} from '@lyceum/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../src/db/schema/index.js';
import { countQueries, createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call<T = Record<string, unknown>>(method: Method, url: string, token?: string, payload?: unknown) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
}

const enrol = (courseId: string, token: string) => call('POST', `/api/courses/${courseId}/enrolment`, token);

const submit = (courseId: string, token: string, body: unknown) =>
  call<Review>('POST', `/api/courses/${courseId}/reviews`, token, body);

/** Enrols the caller (where they may enrol), then submits the review: only enrolled students review a course. */
async function review(courseId: string, token: string, body: unknown) {
  await enrol(courseId, token);
  return submit(courseId, token, body);
}

async function summaryOf(courseId: string) {
  return (await call<CourseReviewPage>('GET', `/api/courses/${courseId}/reviews`)).body.summary;
}

async function courseRating(courseId: string) {
  return (await call<Course>('GET', `/api/courses/${courseId}`)).body.rating;
}

let teacher: TestUser;
let admin: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  admin = await createUser(ctx, 'admin');
});

const publishedCourse = (title = 'Watercolour') =>
  createCourse(ctx, teacher.token, { title, category: 'Design', status: 'published' });

describe('reviews', () => {
  it('answers a new review exactly as the lists read it back, with its checks in one statement', async () => {
    const course = await publishedCourse('Statements');
    const student = await createUser(ctx, 'student');
    await enrol(course.id, student.token);
    let created!: Awaited<ReturnType<typeof submit>>;
    const statements = await countQueries(ctx.database, async () => {
      created = await submit(course.id, student.token, { rating: 5, text: 'Counted.' });
    });
    expect(created.status).toBe(201);
    const listed = await call<CourseReviewPage>('GET', `/api/courses/${course.id}/reviews`);
    expect(listed.body.items).toEqual([created.body]);
    // Two statements and no transaction: the course, enrolment and author; then the review written with the
    // teacher's notification (preferences, the row, the live stream's NOTIFY), the course and the enrolment checked
    // again as it writes — and no read-back of the review.
    expect(statements.filter((q) => /^(begin|commit)$/i.test(q.trim()))).toEqual([]);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/"enrolments".*from "courses"/s);
    expect(statements[1]).toMatch(
      /from "courses".*"enrolments".*insert into "reviews".*notification_preferences.*insert into "notifications".*pg_notify/s,
    );
    expect(statements.filter((q) => /^\s*select\b.*\bfrom "reviews"/is.test(q))).toHaveLength(0);
    // A student who is not enrolled, a draft and a missing course are refused as before.
    const outsider = await createUser(ctx, 'student');
    expect((await submit(course.id, outsider.token, { rating: 3, text: 'No.' })).status).toBe(403);
    const draft = await createCourse(ctx, teacher.token, { title: 'Draft', status: 'draft' });
    expect((await submit(draft.id, student.token, { rating: 3, text: 'No.' })).status).toBe(404);
    expect((await submit(randomUUID(), student.token, { rating: 3, text: 'No.' })).status).toBe(404);
  });

  it('lets a student review a published course once, and lists it newest first with its student', async () => {
    const course = await publishedCourse();
    const [alice, bob] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];

    const first = await review(course.id, alice.token, { rating: 4, text: '  Lovely brushwork lessons.  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      courseId: course.id,
      rating: 4,
      text: 'Lovely brushwork lessons.',
      student: { id: alice.user.id, firstname: alice.user.firstname, role: 'student', profileImage: null },
    });
    expect(first.body).not.toHaveProperty('student.email');
    const second = await review(course.id, bob.token, { rating: 2, text: 'Too fast for me.' });
    expect(second.status).toBe(201);

    const page = await call<CourseReviewPage>('GET', `/api/courses/${course.id}/reviews`);
    expect(page.status).toBe(200);
    expect(page.body.items.map((r) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(page.body).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(page.body.summary).toEqual({ average: 3, count: 2, distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 } });

    const paged = await call<CourseReviewPage>('GET', `/api/courses/${course.id}/reviews?page=2&pageSize=1`);
    expect(paged.body.items.map((r) => r.id)).toEqual([first.body.id]);
    expect(paged.body.total).toBe(2);

    // A second review of the same course is a conflict that names the first, so the form can offer to edit it.
    const again = await review(course.id, alice.token, { rating: 5, text: 'Changed my mind' });
    expect(again).toEqual({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'You have already reviewed this course',
        reviewId: first.body.id,
      } satisfies ReviewConflict,
    });
    expect((await call<MyCourseReview>('GET', `/api/courses/${course.id}/reviews/mine`, alice.token)).body).toEqual({
      review: first.body,
      enrolled: true,
    });
  });

  it('creates exactly one review from 50 concurrent submissions by one student (49 conflicts, no 5xx)', async () => {
    const course = await publishedCourse('Concurrency');
    const student = await createUser(ctx, 'student');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => review(course.id, student.token, { rating: (i % 5) + 1, text: `try ${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const created = answers.find((a) => a.status === 201)!.body;
    expect(
      new Set(answers.filter((a) => a.status === 409).map((a) => (a.body as unknown as ReviewConflict).reviewId)),
    ).toEqual(new Set([created.id]));
    const rows = await ctx.database.db.select().from(reviews).where(eq(reviews.courseId, course.id));
    expect(rows).toHaveLength(1);
    expect(await summaryOf(course.id)).toMatchObject({ average: created.rating, count: 1 });
  });

  it('keeps the average and count right after add, edit and delete, down to no reviews at all', async () => {
    const course = await publishedCourse('Aggregates');
    const [a, b, c] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
    ];
    const none = { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
    expect(await summaryOf(course.id)).toEqual(none);
    expect(await courseRating(course.id)).toEqual({ average: null, count: 0 });

    const ra = (await review(course.id, a.token, { rating: 5, text: 'a' })).body;
    const rb = (await review(course.id, b.token, { rating: 4, text: 'b' })).body;
    await review(course.id, c.token, { rating: 4, text: 'c' });
    // 13 / 3 = 4.333… → 4.3, the same on the reviews summary and the course.
    expect(await summaryOf(course.id)).toEqual({
      average: 4.3,
      count: 3,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 },
    });
    expect(await courseRating(course.id)).toEqual({ average: 4.3, count: 3 });

    const edited = await call<Review>('PATCH', `/api/reviews/${rb.id}`, b.token, { rating: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 1, text: 'b' });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(rb.updatedAt));
    expect(await summaryOf(course.id)).toEqual({
      average: 3.3,
      count: 3,
      distribution: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 1 },
    });
    expect(await courseRating(course.id)).toEqual({ average: 3.3, count: 3 });

    expect((await call('DELETE', `/api/reviews/${rb.id}`, b.token)).status).toBe(204);
    expect(await summaryOf(course.id)).toMatchObject({ average: 4.5, count: 2 });
    expect(await courseRating(course.id)).toEqual({ average: 4.5, count: 2 });

    const cs = (await call<MyCourseReview>('GET', `/api/courses/${course.id}/reviews/mine`, c.token)).body.review!;
    await call('DELETE', `/api/reviews/${cs.id}`, c.token);
    await call('DELETE', `/api/reviews/${ra.id}`, a.token);
    expect(await summaryOf(course.id)).toEqual(none);
    expect(await courseRating(course.id)).toEqual({ average: null, count: 0 });
    expect((await call<CourseReviewPage>('GET', `/api/courses/${course.id}/reviews`)).body.items).toEqual([]);
  });

  it("counts in the teacher's dashboard: reviews received and their average", async () => {
    const ownTeacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, ownTeacher.token, {
      title: 'Dash',
      category: 'Design',
      status: 'published',
    });
    const student = await createUser(ctx, 'student');
    await review(course.id, student.token, { rating: 3, text: 'fine' });
    const dashboard = await call<TeacherDashboard>('GET', '/api/teacher/dashboard', ownTeacher.token);
    expect(dashboard.body).toMatchObject({ reviews: 1, averageRating: 3 });
  });

  it('edits only the rating, only the text, or both, and refuses an empty change', async () => {
    const course = await publishedCourse();
    const student = await createUser(ctx, 'student');
    const created = (await review(course.id, student.token, { rating: 2, text: 'first' })).body;
    const url = `/api/reviews/${created.id}`;
    expect((await call<Review>('PATCH', url, student.token, { text: ' second ' })).body).toMatchObject({
      rating: 2,
      text: 'second',
    });
    expect((await call<Review>('PATCH', url, student.token, { rating: 5, text: 'third' })).body).toMatchObject({
      rating: 5,
      text: 'third',
    });
    expect(await call('PATCH', url, student.token, {})).toMatchObject({
      status: 400,
      body: { message: 'body must change at least one of rating, text' },
    });
  });

  it("lists the student's own reviews with their course, newest first, paginated", async () => {
    const [c1, c2] = [await publishedCourse('First course'), await publishedCourse('Second course')];
    const student = await createUser(ctx, 'student');
    const other = await createUser(ctx, 'student');
    expect((await call<StudentReviewPage>('GET', '/api/student/reviews', student.token)).body).toEqual({
      items: [],
      page: 1,
      pageSize: 20,
      total: 0,
      lastPage: 1,
    });
    const r1 = (await review(c1.id, student.token, { rating: 3, text: 'one' })).body;
    const r2 = (await review(c2.id, student.token, { rating: 5, text: 'two' })).body;
    await review(c1.id, other.token, { rating: 1, text: 'not mine' });

    const list = await call<StudentReviewPage>('GET', '/api/student/reviews', student.token);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((r) => [r.id, r.course])).toEqual([
      [r2.id, { id: c2.id, title: 'Second course' }],
      [r1.id, { id: c1.id, title: 'First course' }],
    ]);
    const second = await call<StudentReviewPage>('GET', '/api/student/reviews?pageSize=1&page=2', student.token);
    expect(second.body.items.map((r) => r.id)).toEqual([r1.id]);
  });

  it('stores and returns text with markup verbatim, as text', async () => {
    const course = await publishedCourse();
    const student = await createUser(ctx, 'student');
    const text = '<script>alert(1)</script> <img src=x onerror=alert(1)> & "quotes"';
    const created = await review(course.id, student.token, { rating: 1, text });
    expect(created.body.text).toBe(text);
    const listed = await call<CourseReviewPage>('GET', `/api/courses/${course.id}/reviews`);
    expect(listed.body.items[0]!.text).toBe(text);
    const raw = await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}/reviews` });
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('reviews: who may do what', () => {
  it('answers 401 without a token on every write and on the personal reads', async () => {
    const course = await publishedCourse();
    const id = randomUUID();
    for (const [method, url] of [
      ['POST', `/api/courses/${course.id}/reviews`],
      ['GET', `/api/courses/${course.id}/reviews/mine`],
      ['PATCH', `/api/reviews/${id}`],
      ['DELETE', `/api/reviews/${id}`],
      ['GET', '/api/student/reviews'],
    ] as const) {
      const res = await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res, `${method} ${url}`).toMatchObject({ status: 401, body: { statusCode: 401 } });
    }
    // The list is public, and a bad token there reads as a visitor.
    expect((await call('GET', `/api/courses/${course.id}/reviews`, 'garbage')).status).toBe(200);
  });

  it('lets only students submit: teachers and admins get 403', async () => {
    const course = await publishedCourse();
    for (const user of [teacher, admin]) {
      expect(await review(course.id, user.token, { rating: 5, text: 'self praise' })).toMatchObject({
        status: 403,
        body: { message: 'Forbidden: students only' },
      });
      expect((await call('GET', '/api/student/reviews', user.token)).status).toBe(403);
    }
    expect(await summaryOf(course.id)).toMatchObject({ count: 0 });
  });

  it("answers 403 to another student's edit or delete, and changes nothing", async () => {
    const course = await publishedCourse();
    const [author, intruder] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    const created = (await review(course.id, author.token, { rating: 4, text: 'mine' })).body;
    for (const user of [intruder, teacher]) {
      expect(
        await call('PATCH', `/api/reviews/${created.id}`, user.token, { rating: 1, text: 'hacked' }),
      ).toMatchObject({ status: 403, body: { message: 'Forbidden: not your review' } });
      expect((await call('DELETE', `/api/reviews/${created.id}`, user.token)).status).toBe(403);
    }
    // Admins moderate by deleting, never by rewriting.
    expect((await call('PATCH', `/api/reviews/${created.id}`, admin.token, { text: 'edited' })).status).toBe(403);
    const [row] = await ctx.database.db.select().from(reviews).where(eq(reviews.id, created.id));
    expect(row).toMatchObject({ rating: 4, text: 'mine' });
  });

  it('refuses a review from a student who never enrolled (403, nothing stored), and accepts it once enrolled', async () => {
    const course = await publishedCourse('Enrolled only');
    const student = await createUser(ctx, 'student');
    const mine = () => call<MyCourseReview>('GET', `/api/courses/${course.id}/reviews/mine`, student.token);
    expect((await mine()).body).toEqual({ review: null, enrolled: false });

    const refused = await submit(course.id, student.token, { rating: 1, text: 'Never took it, still hate it' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Forbidden: only students enrolled in this course can review it' });
    expect(await summaryOf(course.id)).toMatchObject({ count: 0, average: null });

    expect((await enrol(course.id, student.token)).status).toBe(200);
    expect((await mine()).body).toEqual({ review: null, enrolled: true });
    const accepted = await submit(course.id, student.token, { rating: 4, text: 'Took it, liked it' });
    expect(accepted.status).toBe(201);
    expect((await mine()).body).toEqual({ review: accepted.body, enrolled: true });
  });

  it('lets an admin delete any review for moderation', async () => {
    const course = await publishedCourse();
    const student = await createUser(ctx, 'student');
    const created = (await review(course.id, student.token, { rating: 1, text: 'spam spam spam' })).body;
    expect(await call('DELETE', `/api/reviews/${created.id}`, admin.token)).toEqual({ status: 204, body: null });
    expect((await call<StudentReviewPage>('GET', '/api/student/reviews', student.token)).body.total).toBe(0);
    expect(await summaryOf(course.id)).toMatchObject({ average: null, count: 0 });
    // Once deleted, the student may review the course again.
    expect((await review(course.id, student.token, { rating: 3, text: 'fair' })).status).toBe(201);
  });

  it('answers 404 for unknown and unpublished courses and unknown reviews, 400 for malformed ids', async () => {
    const student = await createUser(ctx, 'student');
    const draft = await createCourse(ctx, teacher.token, { title: 'Draft', category: 'Design', status: 'draft' });
    for (const courseId of [randomUUID(), draft.id]) {
      expect(await review(courseId, student.token, { rating: 3, text: 'x' })).toMatchObject({
        status: 404,
        body: { message: 'Course not found' },
      });
      expect((await call('GET', `/api/courses/${courseId}/reviews`)).status).toBe(404);
      expect((await call('GET', `/api/courses/${courseId}/reviews/mine`, student.token)).status).toBe(404);
    }
    // The draft's own teacher (and admins) may still read its reviews.
    expect((await call('GET', `/api/courses/${draft.id}/reviews`, teacher.token)).status).toBe(200);
    expect((await call('GET', `/api/courses/${draft.id}/reviews`, admin.token)).status).toBe(200);

    for (const method of ['PATCH', 'DELETE'] as const) {
      expect(
        await call(
          method,
          `/api/reviews/${randomUUID()}`,
          student.token,
          method === 'PATCH' ? { rating: 2 } : undefined,
        ),
      ).toMatchObject({ status: 404, body: { message: 'Review not found' } });
      expect(
        (await call(method, '/api/reviews/not-an-id', student.token, method === 'PATCH' ? { rating: 2 } : undefined))
          .status,
      ).toBe(400);
    }
    expect((await call('GET', '/api/courses/not-an-id/reviews')).status).toBe(400);
    expect((await review('not-an-id', student.token, { rating: 3, text: 'x' })).status).toBe(400);
  });

  it('answers null for a course the student has not reviewed', async () => {
    const course = await publishedCourse();
    const student = await createUser(ctx, 'student');
    expect(await call('GET', `/api/courses/${course.id}/reviews/mine`, student.token)).toEqual({
      status: 200,
      body: { review: null, enrolled: false },
    });
  });
});

describe('reviews: validation', () => {
  it('accepts only an integer rating from 1 to 5 and a text of 1–5,000 characters', async () => {
    const course = await publishedCourse();
    const student = await createUser(ctx, 'student');
    const bad: [unknown, string][] = [
      [{ rating: 0, text: 'x' }, 'rating must be an integer from 1 to 5'],
      [{ rating: 6, text: 'x' }, 'rating must be an integer from 1 to 5'],
      [{ rating: 2.5, text: 'x' }, 'rating must be an integer from 1 to 5'],
      [{ rating: '5', text: 'x' }, 'rating must be an integer from 1 to 5'],
      [{ rating: '5'.repeat(10_000), text: 'x' }, 'rating must be an integer from 1 to 5'],
      [{ rating: null, text: 'x' }, 'rating is required'],
      [{ text: 'x' }, 'rating is required'],
      [{ rating: 3 }, 'text is required'],
      [{ rating: 3, text: '   ' }, 'text is required'],
      [{ rating: 3, text: 42 }, 'text is invalid'],
      [{ rating: 3, text: 'x'.repeat(5_001) }, 'text must be at most 5000 characters'],
    ];
    for (const [body, message] of bad) {
      const res = await review(course.id, student.token, body);
      expect(res, JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, body: { statusCode: 400, message } });
    }
    expect(await summaryOf(course.id)).toMatchObject({ count: 0 });
    expect((await review(course.id, student.token, { rating: 5, text: 'x'.repeat(5_000) })).status).toBe(201);

    const mine = (await call<MyCourseReview>('GET', `/api/courses/${course.id}/reviews/mine`, student.token)).body;
    expect(
      await call('PATCH', `/api/reviews/${mine.review!.id}`, student.token, { rating: 0, text: 'still here' }),
    ).toMatchObject({ status: 400, body: { message: 'rating must be an integer from 1 to 5' } });
    expect((await call('PATCH', `/api/reviews/${mine.review!.id}`, student.token, { text: '' })).status).toBe(400);
    expect(await summaryOf(course.id)).toMatchObject({ average: 5, count: 1 });
  });

  it('refuses page sizes above 100', async () => {
    const course = await publishedCourse();
    expect((await call('GET', `/api/courses/${course.id}/reviews?pageSize=101`)).status).toBe(400);
    expect((await call('GET', `/api/courses/${course.id}/reviews?page=0`)).status).toBe(400);
  });
});
