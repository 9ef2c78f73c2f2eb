import { COURSE_CATEGORIES, type Curriculum } from '@lyceum/contract';
import { and, count, countDistinct, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../src/db/seed/data.js';
import { formatCredentials, seedDemoData } from '../src/db/seed/index.js';
import {
  assessments,
  attempts,
  courses,
  enrolments,
  forumQuestions,
  itemCompletions,
  questions,
  reviews,
  users,
} from '../src/db/schema/index.js';
import { QUESTION_TYPES } from '@lyceum/contract';
import { useTestApp } from './helper.js';

const ctx = useTestApp();

describe('demo data', () => {
  it('loads one admin, 3 teachers, 10 students and 12 published courses across the categories, once', async () => {
    const first = await seedDemoData(ctx.database.db);
    expect(first.seeded).toBe(true);
    expect(first.credentials).toHaveLength(14);
    expect(formatCredentials(first)).toContain(`access code ${first.demoClass!.code}`);
    const db = ctx.database.db;
    const byRole = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
    expect(Object.fromEntries(byRole.map((r) => [r.role, r.n]))).toEqual({ admin: 1, teacher: 3, student: 10 });
    const [published] = await db
      .select({ n: count(), categories: countDistinct(courses.category) })
      .from(courses)
      .where(eq(courses.status, 'published'));
    expect(published).toEqual({ n: 12, categories: COURSE_CATEGORIES.length });
    const [reviewCount] = await db.select({ n: count() }).from(reviews);
    const [questionCount] = await db.select({ n: count() }).from(forumQuestions);
    expect(reviewCount!.n).toBeGreaterThan(0);
    expect(questionCount!.n).toBeGreaterThan(0);
    // Only enrolled students review a course: every seeded review has its student's enrolment.
    const [unenrolledReviews] = await db
      .select({ n: count() })
      .from(reviews)
      .leftJoin(enrolments, and(eq(enrolments.studentId, reviews.studentId), eq(enrolments.courseId, reviews.courseId)))
      .where(isNull(enrolments.id));
    expect(unenrolledReviews!.n).toBe(0);

    const again = await seedDemoData(db);
    expect(again.seeded).toBe(false);
  });

  it('includes a class with students, assignments and an access code printed with the demo accounts', async () => {
    await seedDemoData(ctx.database.db);
    const login = async (email: string, password: string) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json<{
        token: string;
      }>().token;
    const teacherToken = await login('grace@lyceum.example', DEMO_PASSWORDS.teacher);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/teacher/classes',
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    const [demo] = list.json<{ items: { id: string; code: string; memberCount: number }[] }>().items;
    expect(demo!.memberCount).toBeGreaterThanOrEqual(3);
    expect(demo!.code).toMatch(/^[23456789A-Z]{7}$/);
    const assignments = await ctx.app.inject({
      method: 'GET',
      url: `/api/classes/${demo!.id}/assignments`,
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    expect(assignments.json<{ total: number }>().total).toBeGreaterThanOrEqual(2);
    const studentToken = await login('student1@lyceum.example', DEMO_PASSWORDS.student);
    const todo = await ctx.app.inject({
      method: 'GET',
      url: `/api/student/classes/${demo!.id}/todo`,
      headers: { authorization: `Bearer ${studentToken}` },
    });
    expect(todo.json<{ total: number }>().total).toBeGreaterThanOrEqual(2);
  });

  it('gives the first demo student an accepted answer, which their Answers tab shows with its badge', async () => {
    await seedDemoData(ctx.database.db);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'student1@lyceum.example', password: DEMO_PASSWORDS.student },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/forum/answers',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(res.statusCode).toBe(200);
    const accepted = res.json().items.filter((item: { accepted: boolean }) => item.accepted);
    expect(accepted).toHaveLength(1);
  });

  it('gives every published course a curriculum with a preview lesson, and demo students real progress', async () => {
    const db = ctx.database.db;
    const published = await db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'published'));
    for (const { id } of published) {
      const outline = (
        await ctx.app.inject({ method: 'GET', url: `/api/courses/${id}/curriculum` })
      ).json<Curriculum>();
      expect(outline.sections.length).toBeGreaterThanOrEqual(3);
      expect(outline.lessonCount).toBeGreaterThanOrEqual(5);
      expect(outline.totalMinutes).toBeGreaterThan(0);
      expect(outline.sections.flatMap((s) => s.items).filter((i) => i.preview)).toHaveLength(1);
    }
    const rows = await db
      .select({ status: enrolments.status, percent: enrolments.progressPercent, done: enrolments.completedItems })
      .from(enrolments);
    // Some finished, some part of the way; every figure agrees with the completions behind it.
    expect(rows.some((r) => r.status === 'completed' && r.percent === 100)).toBe(true);
    expect(rows.some((r) => r.status === 'active' && r.percent > 0 && r.percent < 100)).toBe(true);
    const [completions] = await db.select({ n: count() }).from(itemCompletions);
    expect(rows.reduce((sum, r) => sum + r.done, 0)).toBe(completions!.n);
  });

  it('lets the printed demo accounts log in', async () => {
    for (const email of ['admin@lyceum.example', 'grace@lyceum.example', 'student1@lyceum.example']) {
      const role = email.startsWith('admin') ? 'admin' : email.startsWith('grace') ? 'teacher' : 'student';
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORDS[role] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe(role);
    }
  });

  it('includes a published quiz with every question type and a few submitted attempts', async () => {
    await seedDemoData(ctx.database.db);
    const db = ctx.database.db;
    const [quiz] = await db.select().from(assessments);
    expect(quiz).toBeDefined();
    const types = await db
      .selectDistinct({ type: questions.type })
      .from(questions)
      .where(eq(questions.courseId, quiz!.courseId));
    // Every type a quiz asks; 'task' is an assignment's hand-in, not a quiz question.
    expect(types.map((t) => t.type).sort()).toEqual(QUESTION_TYPES.filter((type) => type !== 'task').sort());
    const rows = await db.select().from(attempts).where(eq(attempts.assessmentId, quiz!.itemId));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((row) => row.status).sort()).toEqual(['graded', 'needs_grading']);
    const graded = rows.find((row) => row.status === 'graded')!;
    // The good student answered everything right but skipped the essay (4 of 16 points).
    expect(graded.score).toBe(75);
  });
});
