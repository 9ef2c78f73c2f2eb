import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  certificates,
  courses,
  enrolments,
  forumAnswers,
  forumQuestions,
  reviews,
  sessions,
  users,
  wishlistItems,
} from '../src/db/schema/index.js';
import { countQueries } from './course-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

const ctx = useTestApp();

describe('dashboards', () => {
  it('count exactly what each role owns, and the platform totals for admins', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const otherTeacher = await createUser(ctx, 'teacher');
    const [alice, bob] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    const admin = await createUser(ctx, 'admin');
    const db = ctx.database.db;
    const [published, draft, foreign] = await db
      .insert(courses)
      .values([
        { teacherId: teacher.user.id, title: 'Published', category: 'Design', status: 'published' },
        { teacherId: teacher.user.id, title: 'Draft', category: 'Design', status: 'draft' },
        { teacherId: otherTeacher.user.id, title: 'Other', category: 'Acting', status: 'published' },
      ])
      .returning({ id: courses.id });
    await db.insert(enrolments).values([
      { studentId: alice!.user.id, courseId: published!.id, status: 'active' },
      { studentId: alice!.user.id, courseId: foreign!.id, status: 'completed' },
      { studentId: bob!.user.id, courseId: published!.id, status: 'completed' },
    ]);
    // A wishlisted course that is not published is hidden from the wishlist and its count (ADR 018).
    await db.insert(wishlistItems).values([
      { studentId: alice!.user.id, courseId: published!.id },
      { studentId: alice!.user.id, courseId: draft!.id },
    ]);
    await db.insert(reviews).values([
      { studentId: alice!.user.id, courseId: published!.id, rating: 5, text: 'Great' },
      { studentId: bob!.user.id, courseId: published!.id, rating: 2, text: 'Meh' },
    ]);
    const [question] = await db
      .insert(forumQuestions)
      .values({ authorId: alice!.user.id, authorRole: 'student', question: 'Q?', description: 'D' })
      .returning({ id: forumQuestions.id });
    await db.insert(forumAnswers).values({
      questionId: question!.id,
      authorId: teacher.user.id,
      authorRole: 'teacher',
      answer: 'A',
    });

    const get = async (url: string, token: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).json();

    expect(await get('/api/student/dashboard', alice!.token)).toEqual({
      enrolled: 2,
      active: 1,
      completed: 1,
      wishlist: 1,
      reviews: 1,
      // Alice completed a course without a curriculum (her own word): no certificate, no badge (ADR 030).
      badges: 0,
    });
    // The embedded database reads a student's counts and a request's session through PL/pgSQL functions (migration
    // 0028), PostgreSQL through prepared statements: on either database the functions give the same answers.
    const rows = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(await rows(sql`select * from student_dashboard_counters(${alice!.user.id}::uuid)`)).toEqual([
      { enrolled: 2, active: 1, completed: 1, wishlist: 1, reviews: 1, badges: 0 },
    ]);
    const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, alice!.user.id));
    const [me] = await db.select().from(users).where(eq(users.id, alice!.user.id));
    const found = await rows(
      sql`select id, role, username, status, token_version, revoked_at from session_user_row(${session!.id}::uuid, ${alice!.user.id}::uuid)`,
    );
    expect(found).toEqual([
      {
        id: alice!.user.id,
        role: 'student',
        username: me!.username,
        status: 'active',
        token_version: me!.tokenVersion,
        revoked_at: null,
      },
    ]);
    // Another user's id with Alice's session finds nothing.
    expect(await rows(sql`select * from session_user_row(${session!.id}::uuid, ${bob!.user.id}::uuid)`)).toEqual([]);

    expect(await get('/api/teacher/dashboard', teacher.token)).toEqual({
      publishedCourses: 1,
      draftCourses: 1,
      students: 2,
      activeEnrolments: 1,
      completedEnrolments: 1,
      reviews: 2,
      averageRating: 3.5,
    });
    expect(await get('/api/teacher/dashboard', otherTeacher.token)).toMatchObject({
      publishedCourses: 1,
      reviews: 0,
      averageRating: null,
    });
    expect(await get('/api/admin/dashboard', admin.token)).toMatchObject({
      students: 2,
      teachers: 2,
      publishedCourses: 2,
      draftCourses: 1,
      activeEnrolments: 1,
      completedEnrolments: 2,
      reviews: 2,
      forumQuestions: 1,
      forumAnswers: 1,
    });
  });

  it("keep a student's counters until the database says they changed, whoever changes them (migration 0031)", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const alice = await createUser(ctx, 'student');
    const bob = await createUser(ctx, 'student');
    const db = ctx.database.db;
    const [first, second] = await db
      .insert(courses)
      .values([
        { teacherId: teacher.user.id, title: 'First', category: 'Design', status: 'published' },
        { teacherId: teacher.user.id, title: 'Second', category: 'Design', status: 'published' },
      ])
      .returning({ id: courses.id });
    const dashboard = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/student/dashboard', headers: bearer(alice.token) })).json();
    const none = { enrolled: 0, active: 0, completed: 0, wishlist: 0, reviews: 0, badges: 0 };
    expect(await dashboard()).toEqual(none);
    // Read again: answered from what the process kept, without a statement.
    let again: unknown;
    const statements = await countQueries(ctx.database, async () => (again = await dashboard()));
    expect(again).toEqual(none);
    expect(statements.filter((text) => /student_dashboard|enrolments/.test(text))).toEqual([]);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    const [enrolment] = await db
      .insert(enrolments)
      .values({ studentId: alice.user.id, courseId: first!.id, status: 'active' })
      .returning({ id: enrolments.id });
    expect(await dashboard()).toEqual({ ...none, enrolled: 1, active: 1 });
    await db.update(enrolments).set({ status: 'completed' }).where(eq(enrolments.id, enrolment!.id));
    expect(await dashboard()).toEqual({ ...none, enrolled: 1, completed: 1 });

    await db.insert(wishlistItems).values({ studentId: alice.user.id, courseId: second!.id });
    expect(await dashboard()).toMatchObject({ wishlist: 1 });
    // The wished course withdrawn: it leaves the count (ADR 018), and comes back with it.
    await db.update(courses).set({ status: 'draft' }).where(eq(courses.id, second!.id));
    expect(await dashboard()).toMatchObject({ wishlist: 0 });
    await db.update(courses).set({ status: 'published' }).where(eq(courses.id, second!.id));
    expect(await dashboard()).toMatchObject({ wishlist: 1 });

    await db.insert(reviews).values({ studentId: alice.user.id, courseId: first!.id, rating: 4, text: 'Good' });
    expect(await dashboard()).toMatchObject({ reviews: 1 });
    await db.delete(reviews).where(eq(reviews.studentId, alice.user.id));
    expect(await dashboard()).toMatchObject({ reviews: 0 });

    // A certificate is the first-course badge; an accepted answer another; deleting the answer takes it away.
    await db.insert(certificates).values({
      code: 'TESTCODE0000KEPT',
      studentId: alice.user.id,
      courseId: first!.id,
      studentName: 'Alice',
      courseTitle: 'First',
      teacherName: 'Teacher',
    });
    expect(await dashboard()).toMatchObject({ badges: 1 });
    const [question] = await db
      .insert(forumQuestions)
      .values({ authorId: bob.user.id, authorRole: 'student', question: 'Q?', description: 'D' })
      .returning({ id: forumQuestions.id });
    const [answer] = await db
      .insert(forumAnswers)
      .values({ questionId: question!.id, authorId: alice.user.id, authorRole: 'student', answer: 'A' })
      .returning({ id: forumAnswers.id });
    expect(await dashboard()).toMatchObject({ badges: 1 });
    await db.update(forumQuestions).set({ acceptedAnswerId: answer!.id }).where(eq(forumQuestions.id, question!.id));
    expect(await dashboard()).toMatchObject({ badges: 2 });
    await db.delete(forumAnswers).where(eq(forumAnswers.id, answer!.id));
    expect(await dashboard()).toMatchObject({ badges: 1 });

    // Bob's changes leave Alice's kept counters alone, and his own show at once.
    await db.insert(enrolments).values({ studentId: bob.user.id, courseId: first!.id, status: 'active' });
    const bobs = await ctx.app.inject({ method: 'GET', url: '/api/student/dashboard', headers: bearer(bob.token) });
    expect(bobs.json()).toMatchObject({ enrolled: 1, active: 1 });
    expect(await dashboard()).toEqual({ ...none, enrolled: 1, completed: 1, wishlist: 1, badges: 1 });
  });

  it("keep a teacher's counters until the database says they changed, whoever changes them (migration 0032)", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const other = await createUser(ctx, 'teacher');
    const [alice, bob] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    const db = ctx.database.db;
    const dashboard = async (token = teacher.token) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/teacher/dashboard', headers: bearer(token) })).json();
    const none = {
      publishedCourses: 0,
      draftCourses: 0,
      students: 0,
      activeEnrolments: 0,
      completedEnrolments: 0,
      reviews: 0,
      averageRating: null,
    };
    expect(await dashboard()).toEqual(none);
    // Read again: answered from what the process kept, without a statement.
    let again: unknown;
    const statements = await countQueries(ctx.database, async () => (again = await dashboard()));
    expect(again).toEqual(none);
    expect(statements.filter((text) => /courses|enrolments/.test(text))).toEqual([]);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    const [course] = await db
      .insert(courses)
      .values({ teacherId: teacher.user.id, title: 'Mine', category: 'Design', status: 'draft' })
      .returning({ id: courses.id });
    expect(await dashboard()).toEqual({ ...none, draftCourses: 1 });
    await db.update(courses).set({ status: 'published' }).where(eq(courses.id, course!.id));
    expect(await dashboard()).toEqual({ ...none, publishedCourses: 1 });

    const [enrolment] = await db
      .insert(enrolments)
      .values({ studentId: alice!.user.id, courseId: course!.id, status: 'active' })
      .returning({ id: enrolments.id });
    expect(await dashboard()).toMatchObject({ students: 1, activeEnrolments: 1 });
    await db.update(enrolments).set({ status: 'completed' }).where(eq(enrolments.id, enrolment!.id));
    expect(await dashboard()).toMatchObject({ students: 1, activeEnrolments: 0, completedEnrolments: 1 });

    // A review moves the course's own counters (migration 0003's triggers), and so the teacher's.
    await db.insert(reviews).values({ studentId: alice!.user.id, courseId: course!.id, rating: 4, text: 'Good' });
    expect(await dashboard()).toMatchObject({ reviews: 1, averageRating: 4 });
    await db.delete(reviews).where(eq(reviews.studentId, alice!.user.id));
    expect(await dashboard()).toMatchObject({ reviews: 0, averageRating: null });

    // Another teacher's course and enrolments leave this teacher's kept counters alone; theirs show at once.
    const [foreign] = await db
      .insert(courses)
      .values({ teacherId: other.user.id, title: 'Theirs', category: 'Design', status: 'published' })
      .returning({ id: courses.id });
    await db.insert(enrolments).values({ studentId: bob!.user.id, courseId: foreign!.id, status: 'active' });
    expect(await dashboard(other.token)).toMatchObject({ publishedCourses: 1, students: 1, activeEnrolments: 1 });
    expect(await dashboard()).toMatchObject({ publishedCourses: 1, students: 1, completedEnrolments: 1 });

    // The course handed to the other teacher: both dashboards change; deleting it empties theirs.
    await db.update(courses).set({ teacherId: other.user.id }).where(eq(courses.id, course!.id));
    expect(await dashboard()).toEqual(none);
    expect(await dashboard(other.token)).toMatchObject({ publishedCourses: 2, students: 2 });
    await db.delete(enrolments).where(eq(enrolments.courseId, course!.id));
    await db.delete(courses).where(eq(courses.id, course!.id));
    expect(await dashboard(other.token)).toMatchObject({ publishedCourses: 1, students: 1, completedEnrolments: 0 });
  });
});
