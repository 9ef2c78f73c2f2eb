import type { Course, CoursePage, MyCourseReview } from '@lyceum/contract';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { courses } from '../src/db/schema/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

let teacher: TestUser;
let students: TestUser[];
let courseIds: string[];

/** A small deterministic generator, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  students = [];
  for (let i = 0; i < 12; i += 1) students.push(await createUser(ctx, 'student'));
  courseIds = [];
  for (const title of ['Counting one', 'Counting two', 'Counting three']) {
    courseIds.push((await createCourse(ctx, teacher.token, { title, category: 'Business', status: 'published' })).id);
  }
  // Every student starts enrolled everywhere: the concurrent reviews below do not depend on an enrolment of the same
  // run arriving first (when none did, no review was left to count and the run said nothing about the rating).
  for (const student of students) {
    for (const courseId of courseIds) {
      const enrolled = await ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${courseId}/enrolment`,
        headers: bearer(student.token),
      });
      if (enrolled.statusCode >= 300) throw new Error(`enrol failed: ${enrolled.statusCode} ${enrolled.body}`);
    }
  }
}, 60_000);

/** The stored counters beside a recount from the reviews and enrolments themselves. */
async function storedAndRecounted() {
  const recount = (table: SQL, expression: SQL) =>
    sql<number>`(select ${expression} from ${table} x where x.course_id = "courses"."id")`.mapWith(Number);
  return ctx.database.db
    .select({
      id: courses.id,
      rating_count: courses.ratingCount,
      rating_sum: courses.ratingSum,
      rating_average: courses.ratingAverage,
      enrolled_count: courses.enrolledCount,
      recount_reviews: recount(sql`reviews`, sql`count(*)`),
      recount_sum: recount(sql`reviews`, sql`coalesce(sum(x.rating), 0)`),
      recount_average: sql<
        number | null
      >`(select round(avg(x.rating), 1)::float8 from reviews x where x.course_id = "courses"."id")`,
      recount_enrolled: recount(sql`enrolments`, sql`count(*)`),
    })
    .from(courses)
    .where(inArray(courses.id, courseIds));
}

describe("a course's stored rating and enrolled count", () => {
  it('equal a recount after 200 concurrent random review and enrolment writes and deletes', async () => {
    const random = randomFrom(20);
    const operations = Array.from({ length: 200 }, () => {
      const student = students[random(students.length)]!;
      const courseId = courseIds[random(courseIds.length)]!;
      const rating = 1 + random(5);
      const kind = random(6);
      return async () => {
        const headers = bearer(student.token);
        switch (kind) {
          case 0: // write a review (201, or 409 when this student already reviewed the course)
            await ctx.app.inject({
              method: 'POST',
              url: `/api/courses/${courseId}/reviews`,
              headers,
              payload: { rating, text: 'Generated' },
            });
            return;
          case 1: {
            // change the rating of the student's review, if any
            const mine = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/reviews/mine`, headers });
            const id = mine.json<MyCourseReview>().review?.id;
            if (id) await ctx.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers, payload: { rating } });
            return;
          }
          case 2: // delete the student's review through SQL, as a cascade or a moderator would
            await ctx.database.db.execute(
              sql`delete from reviews where student_id = ${student.user.id} and course_id = ${courseId}`,
            );
            return;
          case 3:
          case 4: // enrol (idempotent)
            await ctx.app.inject({ method: 'POST', url: `/api/courses/${courseId}/enrolment`, headers });
            return;
          default: // leave the course
            await ctx.database.db.execute(
              sql`delete from enrolments where student_id = ${student.user.id} and course_id = ${courseId}`,
            );
        }
      };
    });
    await Promise.all(operations.map((operation) => operation()));

    const rows = await storedAndRecounted();
    expect(rows).toHaveLength(3);
    expect(rows.some((row) => row.recount_reviews > 0)).toBe(true);
    expect(rows.some((row) => row.recount_enrolled > 0)).toBe(true);
    for (const row of rows) {
      expect(row.rating_count).toBe(row.recount_reviews);
      expect(row.rating_sum).toBe(row.recount_sum);
      expect(row.rating_average).toBe(row.recount_average);
      expect(row.enrolled_count).toBe(row.recount_enrolled);
    }
    // What a visitor sees: the course page and the catalogue card carry the recounted figures.
    const row = rows[0]!;
    const course = (await ctx.app.inject({ method: 'GET', url: `/api/courses/${row.id}` })).json<Course>();
    expect(course.rating).toEqual({ average: row.recount_average, count: row.recount_reviews });
    expect(course.enrolledCount).toBe(row.recount_enrolled);
    const page = (
      await ctx.app.inject({ method: 'GET', url: '/api/courses?q=counting&pageSize=10' })
    ).json<CoursePage>();
    const card = page.items.find((item) => item.id === row.id)!;
    expect(card.rating).toEqual({ average: row.recount_average, count: row.recount_reviews });
    expect(card.enrolledCount).toBe(row.recount_enrolled);
  }, 60_000);

  it('follow a course deleted with its reviews and enrolments, and a student deleted with theirs', async () => {
    const course = await createCourse(ctx, teacher.token, {
      title: 'Short lived',
      category: 'Design',
      status: 'published',
    });
    const [a, b] = [students[0]!, students[1]!];
    for (const student of [a, b]) {
      await ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/enrolment`,
        headers: bearer(student.token),
      });
      await ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/reviews`,
        headers: bearer(student.token),
        payload: { rating: student === a ? 2 : 5, text: 'Fine' },
      });
    }
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}` })).json<Course>();
    expect(before.rating).toEqual({ average: 3.5, count: 2 });
    expect(before.enrolledCount).toBe(2);

    await ctx.database.db.execute(sql`delete from users where id = ${b.user.id}`);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}` })).json<Course>();
    expect(after.rating).toEqual({ average: 2, count: 1 });
    expect(after.enrolledCount).toBe(1);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}?confirm=true`,
      headers: bearer(teacher.token),
    });
    expect(deleted.statusCode).toBe(204);
  });
});
