import type { Assignment, ClassSummary, RosterEntry, TeacherClass, TodoItem } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accommodations,
  assessments,
  attempts,
  classes,
  classMembers,
  classTeachers,
  courseItems,
  itemCompletions,
  users,
} from '../src/db/schema/index.js';
import { setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { countQueries, readUntilKept } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/** The server's clock, moved forward by the test (a due date passing). */
let later = 0;
const ctx = useTestApp({ clock: () => Date.now() + later });

interface Page {
  items: ClassSummary[];
  total: number;
}
const taught = async (teacher: TestUser) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/teacher/classes?archived=false',
      headers: bearer(teacher.token),
    })
  ).json<Page>();
const joined = async (student: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/student/classes', headers: bearer(student.token) })).json<Page>();
const summary = (page: Page) => page.items.map((c) => `${c.name} (${c.memberCount}) by ${c.teacherName}`);

/** A quiz's course (student enrolled), with a lesson, taught in a class the student joined; both assigned. */
async function setUpClass() {
  const quiz = await setUpQuiz(ctx, { points: 10 });
  const { teacher, student, courseId } = quiz;
  const as = (user: TestUser) => bearer(user.token);
  const lesson = await curriculumApi(ctx).lesson(teacher.token, courseId, quiz.section.id, { title: 'Read: joins' });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: as(teacher),
    payload: { name: 'Period 2', courseIds: [courseId] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const cls = created.json<TeacherClass>();
  const joinedNow = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes/join',
    headers: as(student),
    payload: { code: cls.code },
  });
  expect(joinedNow.statusCode, joinedNow.body).toBe(200);
  // Due in an hour (the quiz) and a minute later (the lesson): the assignments page lists them in that order.
  for (const [itemId, minutes] of [
    [quiz.assessment.id, 60],
    [lesson.id, 61],
  ] as const) {
    const assigned = await ctx.app.inject({
      method: 'POST',
      url: `/api/classes/${cls.id}/assignments`,
      headers: as(teacher),
      payload: { itemId, dueAt: new Date(Date.now() + minutes * 60_000).toISOString() },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
  }
  return { quiz, lesson, cls, as };
}

describe('the class lists (a teacher’s classes, a student’s My classes)', () => {
  it('are kept until the database says one of their classes changed, whoever changes it (migration 0036)', async () => {
    const [owner, coTeacher, ann, bob] = [
      await createUser(ctx, 'teacher', { firstname: 'Olga', lastname: 'Owner' }),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
    ];
    const db = ctx.database.db;
    const [cls] = await db
      .insert(classes)
      .values({ ownerId: owner.user.id, name: 'Algebra', code: `K${Date.now().toString(36).toUpperCase()}` })
      .returning({ id: classes.id });
    const classId = cls!.id;
    await db.insert(classTeachers).values({ classId, teacherId: owner.user.id });
    await db.insert(classMembers).values({ classId, studentId: ann.user.id });
    expect(summary(await taught(owner))).toEqual(['Algebra (1) by Olga Owner']);
    expect(summary(await joined(ann))).toEqual(['Algebra (1) by Olga Owner']);
    expect(await taught(coTeacher)).toMatchObject({ items: [], total: 0 });
    expect(await joined(bob)).toMatchObject({ items: [], total: 0 });

    // Read again: answered from what the process kept, without a statement on classes.
    expect(await readUntilKept(ctx.database, () => taught(owner), /classes/)).toEqual([]);
    expect(await readUntilKept(ctx.database, () => joined(ann), /classes/)).toEqual([]);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    await db.update(classes).set({ name: 'Algebra I' }).where(eq(classes.id, classId));
    expect(summary(await taught(owner))).toEqual(['Algebra I (1) by Olga Owner']);
    expect(summary(await joined(ann))).toEqual(['Algebra I (1) by Olga Owner']);

    // Bob joins: the count changes for the teacher and for Ann; Bob's own list shows the class.
    await db.insert(classMembers).values({ classId, studentId: bob.user.id });
    expect(summary(await taught(owner))).toEqual(['Algebra I (2) by Olga Owner']);
    expect(summary(await joined(ann))).toEqual(['Algebra I (2) by Olga Owner']);
    expect(summary(await joined(bob))).toEqual(['Algebra I (2) by Olga Owner']);

    // A co-teacher added, then the owner renamed: the co-teacher's list and the members' lists show the new name.
    await db.insert(classTeachers).values({ classId, teacherId: coTeacher.user.id });
    expect(summary(await taught(coTeacher))).toEqual(['Algebra I (2) by Olga Owner']);
    await db.update(users).set({ lastname: 'Oak' }).where(eq(users.id, owner.user.id));
    expect(summary(await taught(coTeacher))).toEqual(['Algebra I (2) by Olga Oak']);
    expect(summary(await joined(bob))).toEqual(['Algebra I (2) by Olga Oak']);

    // Another class of another teacher leaves these kept lists alone (no statement).
    expect(await readUntilKept(ctx.database, () => taught(owner), /classes/)).toEqual([]);
    const other = await createUser(ctx, 'teacher');
    const [foreign] = await db
      .insert(classes)
      .values({ ownerId: other.user.id, name: 'Biology', code: `B${Date.now().toString(36).toUpperCase()}` })
      .returning({ id: classes.id });
    await db.insert(classTeachers).values({ classId: foreign!.id, teacherId: other.user.id });
    const untouched = await countQueries(ctx.database, () => taught(owner));
    expect(untouched.filter((text) => /classes/.test(text))).toEqual([]);

    // Ann leaves: her list empties, the others' counts fall; the co-teacher removed: their list empties.
    await db
      .delete(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, ann.user.id)));
    expect(await joined(ann)).toMatchObject({ items: [], total: 0 });
    expect(summary(await joined(bob))).toEqual(['Algebra I (1) by Olga Oak']);
    await db.delete(classTeachers).where(eq(classTeachers.teacherId, coTeacher.user.id));
    expect(await taught(coTeacher)).toMatchObject({ items: [], total: 0 });

    // Archived, then deleted: it leaves the teacher's current classes and Bob's list.
    await db.update(classes).set({ archivedAt: new Date() }).where(eq(classes.id, classId));
    expect(await taught(owner)).toMatchObject({ items: [], total: 0 });
    await db.delete(classes).where(eq(classes.id, classId));
    expect(await joined(bob)).toMatchObject({ items: [], total: 0 });
  });

  it("keeps a class's assignments page as sent until the class or its courses change (migrations 0040, 0041) or a due date passes", async () => {
    const { quiz, lesson, cls, as } = await setUpClass();
    const { teacher, student } = quiz;
    const db = ctx.database.db;
    const page = async (who: TestUser = teacher) =>
      ctx.app.inject({ method: 'GET', url: `/api/classes/${cls.id}/assignments?page=1&pageSize=20`, headers: as(who) });
    const read = async () => {
      const res = await page();
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ items: Assignment[] }>()
        .items.map(
          (a) =>
            `${a.title}: ${a.learnerCount} learners, ${a.doneCount} done, ${a.missingCount} missing, ` +
            `${a.accommodatedCount} accommodated${a.accommodations.map((x) => ` (${x.name})`).join('')}`,
        );
    };
    const [quizTitle, lessonTitle] = [quiz.assessment.title, 'Read: joins'];
    expect(await read()).toEqual([
      `${quizTitle}: 1 learners, 0 done, 0 missing, 0 accommodated`,
      `${lessonTitle}: 1 learners, 0 done, 0 missing, 0 accommodated`,
    ]);
    // Read again: the page as the process kept it, with no statement on the assignments.
    const PAGE = /class_assignments/;
    expect(await readUntilKept(ctx.database, read, PAGE)).toEqual([]);

    // An attempt begun is nothing the page counts: still kept. Submitted through the API: counted at once.
    const started = await startAttempt(ctx, quiz);
    expect(started.statusCode, started.body).toBe(201);
    expect(await readUntilKept(ctx.database, read, PAGE, 1)).toEqual([]);
    expect((await submitAttempt(ctx, student, started.json<{ id: string }>().id)).statusCode).toBe(200);
    expect((await read())[0]).toBe(`${quizTitle}: 1 learners, 1 done, 0 missing, 0 accommodated`);

    // Each change below is made in SQL, past the app's services: the triggers tell the process.
    await db.delete(attempts).where(eq(attempts.studentId, student.user.id));
    expect((await read())[0]).toBe(`${quizTitle}: 1 learners, 0 done, 0 missing, 0 accommodated`);
    await db.insert(itemCompletions).values({ studentId: student.user.id, itemId: lesson.id });
    expect((await read())[1]).toBe(`${lessonTitle}: 1 learners, 1 done, 0 missing, 0 accommodated`);
    await db.insert(accommodations).values({ classId: cls.id, studentId: student.user.id, dueExtensionHours: 2 });
    await db.update(users).set({ firstname: 'Ada', lastname: 'Byron' }).where(eq(users.id, student.user.id));
    expect((await read())[0]).toBe(`${quizTitle}: 1 learners, 0 done, 0 missing, 1 accommodated (Ada Byron)`);
    await db.update(courseItems).set({ title: 'Quiz: joins' }).where(eq(courseItems.id, quiz.assessment.id));
    const other = await createUser(ctx, 'student');
    await db.insert(classMembers).values({ classId: cls.id, studentId: other.user.id });
    expect(await read()).toEqual([
      'Quiz: joins: 2 learners, 0 done, 0 missing, 1 accommodated (Ada Byron)',
      `${lessonTitle}: 2 learners, 1 done, 0 missing, 1 accommodated (Ada Byron)`,
    ]);

    // Who may read it is decided for each request: another teacher gets the class's 404 while it is kept.
    expect(await readUntilKept(ctx.database, read, PAGE)).toEqual([]);
    expect((await page(await createUser(ctx, 'teacher'))).statusCode).toBe(404);

    // The due date passes (the new member has no extension; Ada has two hours more): missing, without a write.
    later = 90 * 60_000;
    try {
      expect(await read()).toEqual([
        'Quiz: joins: 2 learners, 0 done, 1 missing, 1 accommodated (Ada Byron)',
        `${lessonTitle}: 2 learners, 1 done, 1 missing, 1 accommodated (Ada Byron)`,
      ]);
      later = 4 * 3_600_000;
      expect((await read())[0]).toBe('Quiz: joins: 2 learners, 0 done, 2 missing, 1 accommodated (Ada Byron)');
    } finally {
      later = 0;
    }
  });

  it("keeps a class's roster page until the class or its courses change, with each learner's activity read for every request", async () => {
    const { quiz, lesson, cls, as } = await setUpClass();
    const { teacher, student, courseId } = quiz;
    const db = ctx.database.db;
    const page = async (who: TestUser = teacher) =>
      ctx.app.inject({ method: 'GET', url: `/api/classes/${cls.id}/roster?page=1&pageSize=20`, headers: as(who) });
    const read = async () => {
      const res = await page();
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: RosterEntry[] }>().items.map((r) => ({
        name: r.name,
        active: r.lastActivityAt !== null,
        accommodated: r.accommodation !== null,
        grade: r.grades[0]!.percent,
      }));
    };
    /** The statements of a read, but the session's "last seen" write. */
    const statementsOf = async () =>
      (await countQueries(ctx.database, read)).filter((text) => !/^update "sessions"/i.test(text.trim()));
    /**
     * Those of a read once the page is kept again (as readUntilKept: on PostgreSQL each pooled connection hears a
     * change, some after the read that followed it, which then reads again).
     */
    const keptStatements = async () => {
      let statements: string[] = [];
      for (let attempt = 0; attempt < 5 && statements.length !== 1; attempt++) statements = await statementsOf();
      return statements;
    };
    const [first] = await read();
    const name = first!.name;
    expect(first).toEqual({ name, active: false, accommodated: false, grade: null });
    // Read again: the kept page, and one statement — who asks, and the learners' activity now.
    const kept = await keptStatements();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/unnest/);

    // The student opens a lesson: their activity shows at once, while the page stays kept.
    const opened = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/lessons/${lesson.id}`,
      headers: as(student),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await read()).toEqual([{ name, active: true, accommodated: false, grade: null }]);
    expect(await statementsOf()).toHaveLength(1);

    // Each change below is made in SQL, past the app's services: the triggers tell the process.
    const started = await startAttempt(ctx, quiz);
    expect((await submitAttempt(ctx, student, started.json<{ id: string }>().id)).statusCode).toBe(200);
    await db
      .update(attempts)
      .set({ status: 'graded', rawScore: 3, maxScore: 6 })
      .where(eq(attempts.studentId, student.user.id));
    expect((await read())[0]!.grade).toBe(50);
    await db.insert(accommodations).values({ classId: cls.id, studentId: student.user.id, extraAttempts: 1 });
    expect((await read())[0]!.accommodated).toBe(true);
    await db.update(users).set({ firstname: 'Ada', lastname: 'Byron' }).where(eq(users.id, student.user.id));
    expect((await read())[0]!.name).toBe('Ada Byron');

    // Who may read it is decided for each request: another teacher gets the class's 404 while it is kept.
    expect(await keptStatements()).toHaveLength(1);
    expect((await page(await createUser(ctx, 'teacher'))).statusCode).toBe(404);
    expect((await page(student)).statusCode).toBe(403);

    // Anonymous until its names are released in an hour: its scores stay out of the total until then.
    await db
      .update(assessments)
      .set({ anonymousGrading: true, releasedAt: new Date(Date.now() + 3_600_000) })
      .where(eq(assessments.itemId, quiz.assessment.id));
    expect((await read())[0]!.grade).toBeNull();
    expect(await keptStatements()).toHaveLength(1);
    later = 2 * 3_600_000;
    try {
      expect((await read())[0]!.grade).toBe(50);
    } finally {
      later = 0;
    }
  });

  it("keeps a member's to-do page as sent until the class or its courses change, or time changes a status", async () => {
    const { quiz, lesson, cls, as } = await setUpClass();
    const { student, courseId } = quiz;
    const db = ctx.database.db;
    const page = (who: TestUser = student) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/student/classes/${cls.id}/todo?page=1&pageSize=20`,
        headers: as(who),
      });
    let dues: number[] = [];
    const read = async () => {
      const res = await page();
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<{ items: TodoItem[] }>().items;
      dues = items.map((item) => new Date(item.dueAt!).getTime());
      return items.map((item) => `${item.title}: ${item.status}`);
    };
    const [quizTitle, lessonTitle] = [quiz.assessment.title, 'Read: joins'];
    expect(await read()).toEqual([`${quizTitle}: due-soon`, `${lessonTitle}: due-soon`]);
    const assigned = dues;
    // Read again: the kept page, with no statement at all (a kept page was made for a member; leaving names the class).
    const statementsOf = async () =>
      (await countQueries(ctx.database, read)).filter((text) => !/^update "sessions"/i.test(text.trim()));
    let statements: string[] = [];
    for (let attempt = 0; attempt < 5 && (attempt === 0 || statements.length > 0); attempt++)
      statements = await statementsOf();
    expect(statements).toEqual([]);

    // Done through the API: at once (the done go last).
    const done = await curriculumApi(ctx).complete(student.token, courseId, lesson.id);
    expect(done.statusCode, done.body).toBeLessThan(300);
    expect(await read()).toEqual([`${quizTitle}: due-soon`, `${lessonTitle}: done`]);

    // Each change below is made in SQL, past the app's services: the triggers tell the process.
    await db.delete(itemCompletions).where(eq(itemCompletions.studentId, student.user.id));
    expect(await read()).toEqual([`${quizTitle}: due-soon`, `${lessonTitle}: due-soon`]);
    await db.insert(accommodations).values({ classId: cls.id, studentId: student.user.id, dueExtensionHours: 2 });
    await db.update(courseItems).set({ title: 'Quiz: joins' }).where(eq(courseItems.id, quiz.assessment.id));
    expect(await read()).toEqual(['Quiz: joins: due-soon', `${lessonTitle}: due-soon`]);
    // The extension moves the learner's own due dates by two hours.
    expect(dues.map((at, i) => at - assigned[i]!)).toEqual([7_200_000, 7_200_000]);

    // A student who is not a member gets the class's 404.
    expect((await page(await createUser(ctx, 'student'))).statusCode).toBe(404);

    // Time passes the extended due dates: missing, without a write.
    later = 4 * 3_600_000;
    try {
      expect(await read()).toEqual(['Quiz: joins: missing', `${lessonTitle}: missing`]);
    } finally {
      later = 0;
    }
    // Removed from the class (in SQL): the kept page is not theirs any more.
    await db.delete(classMembers).where(eq(classMembers.studentId, student.user.id));
    expect((await page()).statusCode).toBe(404);
  });
});
