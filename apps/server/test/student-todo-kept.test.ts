import type { StudentTodo, TeacherClass } from '@lyceum/contract';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { countQueries, createCourse, readUntilKept } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * The student's to-do kept per student (issue 49, ADR 057, migration 0052; docs/kept-pages.md): the second read
 * runs no statement, each column the page shows changed in SQL (past the app) shows on the next read, and a change
 * to another student's class leaves it kept.
 */
const HOUR = 3_600_000;
/** 10:00 in Paris (09:00 UTC) on a Tuesday: the student's day ends at 23:00 UTC. */
const NOW = Date.parse('2026-03-10T09:00:00Z');
let now = NOW;
const ctx = useTestApp({ clock: () => now, env: { JOB_RUNNER: 'off' } });
/** The to-do's one statement. */
const TODO = /with bounds as/;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (at: number) => new Date(at).toISOString();

let teacher: TestUser;
let student: TestUser;
let courseId: string;
let quiz: QuizSetup;
let algebra: TeacherClass;
let other: TeacherClass;
const lessons: string[] = [];
let sectionId: string;

const run = (query: SQL) => ctx.database.db.execute(query);

async function todo(): Promise<StudentTodo> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/me/todo', headers: bearer(student.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudentTodo>();
}

/** Reads until the to-do is kept, makes `change` in SQL, and answers the next read. */
async function afterKeptChange(change: SQL): Promise<StudentTodo> {
  expect(await readUntilKept(ctx.database, todo, TODO)).toEqual([]);
  await run(change);
  return todo();
}

async function newClass(name: string, courseIds: string[]): Promise<TeacherClass> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: bearer(teacher.token),
    payload: { name, courseIds },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeacherClass>();
}

async function join(who: TestUser, cls: TeacherClass) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes/join',
    headers: bearer(who.token),
    payload: { code: cls.code },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

async function assign(cls: TeacherClass, itemId: string, dueAt: number | null, wholeClass = true): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await run(sql`
      insert into class_assignments (class_id, item_id, whole_class, due_at, created_by)
      values (${cls.id}, ${itemId}, ${wholeClass}, ${dueAt === null ? null : iso(dueAt)}, ${teacher.user.id})
      returning id`),
  );
  return row!.id;
}

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  student = await createUser(ctx, 'student');
  courseId = (await createCourse(ctx, teacher.token, { title: 'Algebra I', status: 'published' })).id;
  const api = curriculumApi(ctx);
  sectionId = (await api.section(teacher.token, courseId, 'Week 1')).id;
  for (const title of ['Linear equations', 'Inequalities', 'Systems'])
    lessons.push((await api.lesson(teacher.token, courseId, sectionId, { title })).id);
  quiz = await setUpQuiz(ctx, { title: 'Quiz 1' }, undefined, { teacher });
  algebra = await newClass('Algebra P3', [courseId, quiz.courseId]);
  other = await newClass('Algebra P9', [courseId]);
  await join(student, algebra);
  await join(quiz.student, other);
  await run(
    sql`update class_members set joined_at = ${iso(NOW - 7 * 24 * HOUR)} where student_id = ${student.user.id}`,
  );
  await run(sql`update users set time_zone = 'Europe/Paris' where id = ${student.user.id}`);
  await run(sql`
    update enrolments set last_item_id = ${lessons[1]!}, last_activity_at = ${iso(NOW - HOUR)}
    where student_id = ${student.user.id} and course_id = ${courseId}`);
});

describe("a student's kept to-do (GET /api/me/todo)", () => {
  it('runs no statement on the second read, and not after a change to another class', async () => {
    const overdue = await assign(algebra, lessons[0]!, NOW - 26 * HOUR);
    expect((await todo()).overdue.items.map((i) => i.title)).toEqual(['Linear equations']);
    expect(await readUntilKept(ctx.database, todo, TODO)).toEqual([]);
    await assign(other, lessons[2]!, NOW + 2 * HOUR);
    await run(sql`update class_assignments set due_at = ${iso(NOW + 3 * HOUR)} where class_id = ${other.id}`);
    expect((await countQueries(ctx.database, todo)).filter((text) => TODO.test(text))).toEqual([]);
    await run(sql`delete from class_assignments where id = ${overdue}`);
  });

  it("shows each of its class's columns changed in SQL on the next read", async () => {
    const work = await assign(algebra, lessons[2]!, NOW + 2 * HOUR);
    expect((await todo()).today.items).toMatchObject([{ itemId: lessons[2], className: 'Algebra P3' }]);

    // class_assignments.due_at: due tomorrow afternoon, so this week.
    let page = await afterKeptChange(
      sql`update class_assignments set due_at = ${iso(NOW + 30 * HOUR)} where id = ${work}`,
    );
    expect(page.week.items).toMatchObject([{ itemId: lessons[2], dueAt: iso(NOW + 30 * HOUR), extended: false }]);

    // accommodations: an extension for that work, then a longer one.
    page = await afterKeptChange(sql`
      insert into accommodations (class_id, student_id, assignment_id, due_extension_hours)
      values (${algebra.id}, ${student.user.id}, ${work}, 24)`);
    expect(page.week.items).toMatchObject([{ dueAt: iso(NOW + 54 * HOUR), extended: true }]);
    page = await afterKeptChange(sql`update accommodations set due_extension_hours = 48 where assignment_id = ${work}`);
    expect(page.week.items).toMatchObject([{ dueAt: iso(NOW + 78 * HOUR), extended: true }]);

    // classes.name
    page = await afterKeptChange(sql`update classes set name = 'Algebra P4' where id = ${algebra.id}`);
    expect(page.week.items).toMatchObject([{ className: 'Algebra P4' }]);

    // class_assignment_learners: work set to no one, then to the student.
    const theirs = await assign(algebra, lessons[0]!, NOW + 3 * HOUR, false);
    expect((await todo()).today.items).toEqual([]);
    page = await afterKeptChange(sql`
      insert into class_assignment_learners (assignment_id, student_id) values (${theirs}, ${student.user.id})`);
    expect(page.today.items).toMatchObject([{ itemId: lessons[0] }]);

    // item_completions: handed in, no longer to do.
    page = await afterKeptChange(sql`
      insert into item_completions (student_id, item_id) values (${student.user.id}, ${lessons[0]!})`);
    expect(page.today.items).toEqual([]);
    await run(sql`delete from item_completions where student_id = ${student.user.id}`);

    // class_members.joined_at: work due before the student joined is never missing for them.
    const late = await assign(algebra, lessons[1]!, NOW - 2 * HOUR);
    expect((await todo()).overdue.items).toMatchObject([{ itemId: lessons[1], late: true }]);
    page = await afterKeptChange(sql`
      update class_members set joined_at = ${iso(NOW - HOUR)} where student_id = ${student.user.id}`);
    expect(page.overdue.items).toEqual([]);

    // classes.archived_at: an archived class's work leaves the to-do.
    page = await afterKeptChange(sql`update classes set archived_at = ${iso(NOW)} where id = ${algebra.id}`);
    expect([...page.today.items, ...page.week.items]).toEqual([]);
    await run(sql`update classes set archived_at = null where id = ${algebra.id}`);
    await run(sql`delete from class_assignments where id in (${work}, ${theirs}, ${late})`);
  });

  it("shows each of its courses' columns changed in SQL on the next read", async () => {
    const work = await assign(algebra, lessons[2]!, NOW + 2 * HOUR);
    const quizWork = await assign(algebra, quiz.assessment.id, null);
    await run(sql`update assessments set due_at = ${iso(NOW + 4 * HOUR)} where item_id = ${quiz.assessment.id}`);
    expect((await todo()).today.items.map((i) => i.title)).toEqual(['Systems', 'Quiz 1']);

    // course_items.title
    let page = await afterKeptChange(sql`update course_items set title = 'Linear systems' where id = ${lessons[2]!}`);
    expect(page.today.items.map((i) => i.title)).toEqual(['Linear systems', 'Quiz 1']);

    // assessments.due_at: the assignment without a date of its own takes the assessment's.
    page = await afterKeptChange(sql`
      update assessments set due_at = ${iso(NOW + HOUR)} where item_id = ${quiz.assessment.id}`);
    expect(page.today.items.map((i) => [i.title, i.dueAt])).toEqual([
      ['Quiz 1', iso(NOW + HOUR)],
      ['Linear systems', iso(NOW + 2 * HOUR)],
    ]);

    // courses.title
    page = await afterKeptChange(sql`update courses set title = 'Algebra II' where id = ${courseId}`);
    expect(page.today.items[1]).toMatchObject({ courseName: 'Algebra II' });
    expect(page.continue.items).toMatchObject([{ courseName: 'Algebra II', itemId: lessons[1] }]);

    // enrolments.last_item_id: the place to resume.
    page = await afterKeptChange(sql`
      update enrolments set last_item_id = ${lessons[0]!}
      where student_id = ${student.user.id} and course_id = ${courseId}`);
    expect(page.continue.items).toMatchObject([{ itemId: lessons[0] }]);

    // course_items.published: the lesson to resume is withdrawn, the first lesson left in outline order comes next.
    page = await afterKeptChange(sql`update course_items set published = false where id = ${lessons[0]!}`);
    expect(page.continue.items).toMatchObject([{ itemId: lessons[1] }]);

    // course_items.position, course_sections.position: the outline's order.
    page = await afterKeptChange(sql`
      update course_items set position = -1 where id = ${lessons[2]!}`);
    expect(page.continue.items).toMatchObject([{ itemId: lessons[2] }]);
    const later = await curriculumApi(ctx).section(teacher.token, courseId, 'Week 0');
    await run(sql`update course_items set section_id = ${later.id} where id = ${lessons[1]!}`);
    expect((await todo()).continue.items).toMatchObject([{ itemId: lessons[2] }]);
    page = await afterKeptChange(sql`update course_sections set position = -1 where id = ${later.id}`);
    expect(page.continue.items).toMatchObject([{ itemId: lessons[1] }]);

    // enrolments.last_activity_at: the quiz's course opened later comes first (a completion earlier moved the
    // algebra course's activity to the database's own clock: back to an hour ago).
    await run(sql`
      update enrolments set last_activity_at = ${iso(NOW - HOUR)}
      where student_id = ${student.user.id} and course_id = ${courseId}`);
    await run(sql`
      update enrolments set last_item_id = ${quiz.assessment.id}, last_activity_at = ${iso(NOW - 2 * HOUR)}
      where student_id = ${student.user.id} and course_id = ${quiz.courseId}`);
    expect((await todo()).continue.items.map((i) => i.courseId)).toEqual([courseId, quiz.courseId]);
    page = await afterKeptChange(sql`
      update enrolments set last_activity_at = ${iso(NOW - 30 * 60_000)}
      where student_id = ${student.user.id} and course_id = ${quiz.courseId}`);
    expect(page.continue.items.map((i) => i.courseId)).toEqual([quiz.courseId, courseId]);

    // enrolments.status: a completed course is not continued.
    page = await afterKeptChange(sql`
      update enrolments set status = 'completed' where student_id = ${student.user.id} and course_id = ${quiz.courseId}`);
    expect(page.continue.items.map((i) => i.courseId)).toEqual([courseId]);

    // courses.status: a course back in draft is not continued.
    page = await afterKeptChange(sql`update courses set status = 'draft' where id = ${courseId}`);
    expect(page.continue.items).toEqual([]);
    await run(sql`update courses set status = 'published' where id = ${courseId}`);
    await run(sql`delete from class_assignments where id in (${work}, ${quizWork})`);
  });

  it('is read again once a due date passes, though nothing changed', async () => {
    const work = await assign(algebra, lessons[2]!, NOW + 2 * HOUR);
    expect((await todo()).today.items).toMatchObject([{ itemId: lessons[2], late: false }]);
    expect(await readUntilKept(ctx.database, todo, TODO)).toEqual([]);
    now = NOW + 2 * HOUR + 1;
    try {
      expect((await todo()).overdue.items).toMatchObject([{ itemId: lessons[2], late: true }]);
    } finally {
      now = NOW;
    }
    await run(sql`delete from class_assignments where id = ${work}`);
  });

  it("shows the student's mistake cards and time zone changed in SQL on the next read", async () => {
    const [question] = quiz.questions;
    let page = await afterKeptChange(sql`
      insert into mistake_cards (student_id, question_id, course_id, due, stability, difficulty, scheduled_days,
        learning_steps, reps, lapses, state)
      values (${student.user.id}, ${question!.id}, ${quiz.courseId}, ${iso(NOW + 13 * HOUR)}, 1, 5, 0, 0, 0, 0, 'new')`);
    expect(page.review.dueToday).toBe(1);
    // mistake_cards.due: reviewed, due again in three days.
    page = await afterKeptChange(sql`
      update mistake_cards set due = ${iso(NOW + 72 * HOUR)} where student_id = ${student.user.id}`);
    expect(page.review.dueToday).toBe(0);
    // users.time_zone: the student's day ends at midnight in Tokyo (15:00 UTC).
    page = await afterKeptChange(sql`update users set time_zone = 'Asia/Tokyo' where id = ${student.user.id}`);
    expect(page.dayEndsAt).toBe('2026-03-10T15:00:00.000Z');
  });
});
