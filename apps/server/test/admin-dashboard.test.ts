import { randomUUID } from 'node:crypto';
import type { AdminDashboard, Role } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolments, users } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, uniqueEmail, useTestApp, type TestUser } from './helper.js';

// A database of its own: every counter below is exact.
const ctx = useTestApp();
const DAY = 24 * 60 * 60 * 1000;

/** Midnight UTC `n` days ago, plus `offsetMs`. */
function daysAgo(n: number, offsetMs = 0): Date {
  const midnight = Math.floor(Date.now() / DAY) * DAY;
  return new Date(midnight - n * DAY + offsetMs);
}
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

async function insertUser(role: Role, createdAt: Date) {
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      role,
      email: uniqueEmail(role),
      username: `${role} ${randomUUID()}`,
      firstname: 'Back',
      lastname: 'Dated',
      passwordHash: 'not-a-real-hash',
      createdAt,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function post(url: string, user: TestUser, payload: object = {}) {
  const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('the admin dashboard', () => {
  it('matches the database after a scripted set of sign-ups, enrolments and posts', async () => {
    // Sign-ups through the API today: 1 admin (not a sign-up), 2 teachers, 3 students.
    const admin = await createUser(ctx, 'admin');
    const [grace, alan] = [await createUser(ctx, 'teacher'), await createUser(ctx, 'teacher')];
    const [s1, s2, s3] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
    ];
    // Back-dated sign-ups around the 7- and 30-day edges.
    const sixDaysAgo = await insertUser('student', daysAgo(6)); // first instant of the 7-day window
    await insertUser('student', daysAgo(6, -1)); // one millisecond earlier: day -7
    await insertUser('teacher', daysAgo(29)); // first day of the chart
    await insertUser('student', daysAgo(29, -1)); // the day before: outside both
    await insertUser('admin', daysAgo(3)); // admins are not sign-ups

    // Courses: Graph theory (3 active), Compilers (1 active, 1 completed), a draft.
    const graphs = await createCourse(ctx, grace.token, { title: 'Graph theory', status: 'published' });
    const compilers = await createCourse(ctx, alan.token, { title: 'Compilers', status: 'published' });
    await createCourse(ctx, alan.token, { title: 'Unfinished', status: 'draft' });
    for (const student of [s1, s2, s3]) await post(`/api/courses/${graphs.id}/enrolment`, student);
    await post(`/api/courses/${compilers.id}/enrolment`, s1);
    await post(`/api/courses/${compilers.id}/enrolment`, s2);
    await post(`/api/student/enrolments/${compilers.id}/complete`, s2);
    // A back-dated enrolment 10 days ago.
    await ctx.database.db
      .insert(enrolments)
      .values({ studentId: sixDaysAgo, courseId: compilers.id, status: 'completed', createdAt: daysAgo(10) });

    // Posts: 2 reviews, 2 questions, 3 answers.
    await post(`/api/courses/${graphs.id}/reviews`, s1, { rating: 5, text: 'Great' });
    await post(`/api/courses/${compilers.id}/reviews`, s2, { rating: 3, text: 'Fine' });
    const q1 = await post('/api/forum/questions', s1, {
      question: 'What is a graph?',
      description: 'D',
      tags: ['maths'],
    });
    await post('/api/forum/questions', grace, { question: 'Office hours?', description: 'D', tags: ['meta'] });
    await post(`/api/forum/questions/${q1.id}/answers`, grace, { answer: 'Nodes and edges.' });
    await post(`/api/forum/questions/${q1.id}/answers`, s2, { answer: 'Vertices!' });
    await post(`/api/forum/questions/${q1.id}/answers`, s3, { answer: 'See the course.' });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const dashboard = res.json<AdminDashboard>();

    expect(dashboard).toMatchObject({
      students: 3 + 3,
      teachers: 2 + 1,
      publishedCourses: 2,
      draftCourses: 1,
      activeEnrolments: 4,
      completedEnrolments: 2,
      reviews: 2,
      forumQuestions: 2,
      forumAnswers: 3,
      // Today's 5, day -6's one; day -7 and day -29 count only for 30 days; day -30 for neither.
      signUpsLast7Days: 6,
      signUpsLast30Days: 8,
    });

    // The chart: 30 days, oldest first, ending today, with every day present.
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily[0]!.date).toBe(dayKey(daysAgo(29)));
    expect(dashboard.daily[29]!.date).toBe(dayKey(daysAgo(0)));
    const byDay = new Map(dashboard.daily.map((day) => [day.date, day]));
    expect(byDay.get(dayKey(daysAgo(0)))).toMatchObject({ signUps: 5, enrolments: 5 });
    expect(byDay.get(dayKey(daysAgo(6)))).toMatchObject({ signUps: 1, enrolments: 0 });
    expect(byDay.get(dayKey(daysAgo(7)))).toMatchObject({ signUps: 1, enrolments: 0 });
    expect(byDay.get(dayKey(daysAgo(10)))).toMatchObject({ signUps: 0, enrolments: 1 });
    expect(byDay.get(dayKey(daysAgo(29)))).toMatchObject({ signUps: 1, enrolments: 0 });
    const total = (key: 'signUps' | 'enrolments') => dashboard.daily.reduce((sum, day) => sum + day[key], 0);
    expect(total('signUps')).toBe(dashboard.signUpsLast30Days);
    expect(total('enrolments')).toBe(6);

    // In Progress Courses: by active enrolments; a course with none is left out.
    expect(dashboard.inProgressCourses).toEqual([
      expect.objectContaining({
        id: graphs.id,
        title: 'Graph theory',
        activeEnrolments: 3,
        completedEnrolments: 0,
        teacher: expect.objectContaining({ id: grace.user.id }),
      }),
      expect.objectContaining({ id: compilers.id, activeEnrolments: 1, completedEnrolments: 2 }),
    ]);

    // And the same numbers straight from the database.
    const [counts] = await ctx.database.db
      .select({
        students: sql<number>`count(*) filter (where ${users.role} = 'student')::int`,
        teachers: sql<number>`count(*) filter (where ${users.role} = 'teacher')::int`,
      })
      .from(users);
    expect(counts).toEqual({ students: dashboard.students, teachers: dashboard.teachers });
  });
});
