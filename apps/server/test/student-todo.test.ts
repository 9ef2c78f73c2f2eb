import type { StudentTodo, TeacherClass } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { countQueries, createCourse, readUntilKept } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * The student's to-do across classes and courses (issue 49, ADR 057): sections in order, each learner's own due
 * dates (extensions included) on a fake clock, handed-in and others' work left out, one statement whatever the size.
 */
const HOUR = 3_600_000;
/** 10:00 in Paris (09:00 UTC) on a Tuesday: the student's day ends at 23:00 UTC. */
const NOW = Date.parse('2026-03-10T09:00:00Z');
/** The to-do's one statement. */
const TODO = /with bounds as/;
const ctx = useTestApp({ clock: () => NOW, env: { JOB_RUNNER: 'off' } });

let teacher: TestUser;
let courseId: string;
let quiz: QuizSetup;
const lessons: string[] = [];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (at: number) => new Date(at).toISOString();

async function todoOf(user: TestUser) {
  return ctx.app.inject({ method: 'GET', url: '/api/me/todo', headers: bearer(user.token) });
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

/** A student in Paris who joined the classes a week ago. */
async function newStudent(...classes: TeacherClass[]): Promise<TestUser> {
  const student = await createUser(ctx, 'student');
  for (const cls of classes) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/classes/join',
      headers: bearer(student.token),
      payload: { code: cls.code },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  await ctx.database.db.execute(sql`
    update class_members set joined_at = ${iso(NOW - 7 * 24 * HOUR)} where student_id = ${student.user.id}`);
  await ctx.database.db.execute(sql`
    update users set time_zone = 'Europe/Paris' where id = ${student.user.id}`);
  return student;
}

async function assign(cls: TeacherClass, itemId: string, dueAt: number, onlyFor?: TestUser): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`
      insert into class_assignments (class_id, item_id, whole_class, due_at, created_by)
      values (${cls.id}, ${itemId}, ${onlyFor === undefined}, ${iso(dueAt)}, ${teacher.user.id}) returning id`),
  );
  if (onlyFor)
    await ctx.database.db.execute(sql`
      insert into class_assignment_learners (assignment_id, student_id) values (${row!.id}, ${onlyFor.user.id})`);
  return row!.id;
}

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  courseId = (await createCourse(ctx, teacher.token, { title: 'Algebra I', status: 'published' })).id;
  const api = curriculumApi(ctx);
  const section = await api.section(teacher.token, courseId, 'Week 1');
  for (const title of ['Linear equations', 'Inequalities', 'Systems', 'Functions'])
    lessons.push((await api.lesson(teacher.token, courseId, section.id, { title })).id);
  quiz = await setUpQuiz(ctx, { title: 'Quiz 1' }, undefined, { teacher });
});

describe('GET /api/me/todo', () => {
  it('lists overdue, due today, due this week, the course in progress and the review count, in that order', async () => {
    const algebra = await newClass('Algebra P3', [courseId]);
    const quizzes = await newClass('Quizzes P5', [quiz.courseId]);
    const student = await newStudent(algebra, quizzes);
    await assign(algebra, lessons[0]!, NOW - 26 * HOUR);
    await assign(quizzes, quiz.assessment.id, NOW + 5 * HOUR);
    await assign(algebra, lessons[2]!, NOW + 3 * 24 * HOUR);
    // Due tomorrow morning in Paris: not today, this week.
    await assign(algebra, lessons[3]!, Date.parse('2026-03-10T23:30:00Z'));
    // The course in progress: the student opened the second lesson.
    await ctx.database.db.execute(sql`
      update enrolments set last_item_id = ${lessons[1]!}, last_opened_at = ${iso(NOW - HOUR)}
      where student_id = ${student.user.id} and course_id = ${courseId}`);

    const res = await todoOf(student);
    expect(res.statusCode, res.body).toBe(200);
    const todo = res.json<StudentTodo>();
    expect(Object.keys(todo).slice(0, 5)).toEqual(['overdue', 'today', 'week', 'continue', 'review']);
    expect(todo.dayEndsAt).toBe('2026-03-10T23:00:00.000Z');
    expect(todo.overdue).toEqual({
      items: [
        {
          kind: 'lesson',
          itemId: lessons[0],
          title: 'Linear equations',
          classId: algebra.id,
          className: 'Algebra P3',
          courseId,
          courseName: 'Algebra I',
          dueAt: iso(NOW - 26 * HOUR),
          late: true,
          extended: false,
          href: `/learn/${courseId}/${lessons[0]}`,
        },
      ],
      more: 0,
    });
    expect(todo.today.items).toMatchObject([
      {
        kind: 'assessment',
        itemId: quiz.assessment.id,
        title: 'Quiz 1',
        classId: quizzes.id,
        courseId: quiz.courseId,
        dueAt: iso(NOW + 5 * HOUR),
        late: false,
        href: `/student/courses/${quiz.courseId}/assessments/${quiz.assessment.id}`,
      },
    ]);
    expect(todo.week.items.map((i) => [i.title, i.dueAt])).toEqual([
      ['Functions', '2026-03-10T23:30:00.000Z'],
      ['Systems', iso(NOW + 3 * 24 * HOUR)],
    ]);
    expect(todo.continue.items).toMatchObject([
      { kind: 'lesson', itemId: lessons[1], title: 'Inequalities', classId: null, courseId, dueAt: null },
    ]);
    expect(todo.review).toEqual({ dueToday: 0, href: '/student/practice' });
  });

  it('moves work extended for the learner from overdue to this week, marked extended', async () => {
    const algebra = await newClass('Algebra P4', [courseId]);
    const [student, classmate] = [await newStudent(algebra), await newStudent(algebra)];
    const assignment = await assign(algebra, lessons[0]!, NOW - 2 * HOUR);
    await ctx.database.db.execute(sql`
      insert into accommodations (class_id, student_id, assignment_id, due_extension_hours)
      values (${algebra.id}, ${student.user.id}, ${assignment}, 48)`);
    const todo = (await todoOf(student)).json<StudentTodo>();
    expect(todo.overdue.items).toEqual([]);
    expect(todo.week.items).toMatchObject([{ itemId: lessons[0], dueAt: iso(NOW + 46 * HOUR), extended: true }]);
    // The classmate without the accommodation still has it overdue.
    const theirs = (await todoOf(classmate)).json<StudentTodo>();
    expect(theirs.overdue.items).toMatchObject([{ itemId: lessons[0], dueAt: iso(NOW - 2 * HOUR), late: true }]);
  });

  it('leaves out handed-in work and work set to another student', async () => {
    const algebra = await newClass('Algebra P6', [courseId]);
    const [student, other] = [await newStudent(algebra), await newStudent(algebra)];
    await assign(algebra, lessons[2]!, NOW + 2 * HOUR);
    await assign(algebra, lessons[3]!, NOW + 3 * HOUR, other);
    expect((await todoOf(student)).json<StudentTodo>().today.items.map((i) => i.itemId)).toEqual([lessons[2]]);
    expect((await todoOf(other)).json<StudentTodo>().today.items.map((i) => i.itemId)).toEqual([
      lessons[2],
      lessons[3],
    ]);
    await ctx.database.db.execute(sql`
      insert into item_completions (student_id, item_id) values (${student.user.id}, ${lessons[2]!})`);
    const todo = (await todoOf(student)).json<StudentTodo>();
    expect(todo.today.items).toEqual([]);
    expect([...todo.overdue.items, ...todo.week.items]).toEqual([]);
  });

  it('continues at the first lesson not completed once the last opened is done; leaves out archived classes', async () => {
    const algebra = await newClass('Algebra P8', [courseId]);
    const student = await newStudent(algebra);
    await assign(algebra, lessons[3]!, NOW - HOUR);
    await ctx.database.db.execute(sql`
      insert into item_completions (student_id, item_id) values (${student.user.id}, ${lessons[0]!})`);
    await ctx.database.db.execute(sql`
      update enrolments set last_item_id = ${lessons[0]!}, last_opened_at = ${iso(NOW - HOUR)}
      where student_id = ${student.user.id} and course_id = ${courseId}`);
    const todo = (await todoOf(student)).json<StudentTodo>();
    expect(todo.continue).toMatchObject({ items: [{ itemId: lessons[1], title: 'Inequalities' }], more: 0 });
    expect(todo.overdue.items.map((i) => i.itemId)).toEqual([lessons[3]]);
    await ctx.database.db.execute(sql`update classes set archived_at = ${iso(NOW)} where id = ${algebra.id}`);
    expect((await todoOf(student)).json<StudentTodo>().overdue.items).toEqual([]);
  });

  it('counts the mistake-notebook questions due by the end of the student’s day', async () => {
    const student = await newStudent();
    const [question] = quiz.questions;
    await ctx.database.db.execute(sql`
      insert into mistake_cards (student_id, question_id, course_id, due, stability, difficulty, scheduled_days,
        learning_steps, reps, lapses, state)
      values (${student.user.id}, ${question!.id}, ${quiz.courseId}, ${'2026-03-10T22:00:00Z'}, 1, 5, 0, 0, 0, 0, 'new')`);
    expect((await todoOf(student)).json<StudentTodo>().review.dueToday).toBe(1);
  });

  it('refuses a teacher (403) and an anonymous caller (401)', async () => {
    expect((await todoOf(teacher)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/todo' })).statusCode).toBe(401);
  });

  it('costs the same statements for 2 and 40 assignments, capped at 50 per section with a count of the rest', async () => {
    const algebra = await newClass('Algebra P7', [courseId]);
    const student = await newStudent(algebra);
    const assignMany = (from: number, to: number) =>
      ctx.database.db.execute(sql`
        insert into class_assignments (class_id, item_id, whole_class, due_at, created_by)
        select ${algebra.id}::uuid, ${lessons[0]!}::uuid, true,
          ${iso(NOW + 24 * HOUR)}::timestamptz + n * interval '1 minute', ${teacher.user.id}::uuid
        from generate_series(${from}::int, ${to}::int) as n`);
    await assignMany(1, 2);
    const small = await countQueries(ctx.database, () => todoOf(student));
    expect((await todoOf(student)).json<StudentTodo>().week).toMatchObject({ more: 0 });
    await assignMany(3, 40);
    const large = await countQueries(ctx.database, () => todoOf(student));
    expect(large.length).toBe(small.length);
    expect(large.length).toBe(1);
    await assignMany(41, 70);
    const week = (await todoOf(student)).json<StudentTodo>().week;
    expect(week.items).toHaveLength(50);
    expect(week.more).toBe(20);
  });

  it('costs one statement at 10,000 rows (a student in 10 classes with 400 assignments), then none while kept', async () => {
    const student = await newStudent();
    const small = await newClass('Algebra P10', [courseId]);
    await ctx.database.db.execute(sql`
      insert into class_members (class_id, student_id, joined_at)
      values (${small.id}, ${student.user.id}, ${iso(NOW - 7 * 24 * HOUR)})`);
    await assign(small, lessons[0]!, NOW + 24 * HOUR);
    await assign(small, lessons[1]!, NOW - 24 * HOUR);
    const few = (await countQueries(ctx.database, () => todoOf(student))).filter((text) => TODO.test(text));
    expect(few).toHaveLength(1);

    // Nine classes more; 400 assignments set to the student across the ten (due from 30 days ago to 30 days ahead),
    // and 9,600 more in the same classes set to no one: 10,000 assignment rows the statement must look through.
    const classes = [small];
    for (let n = 1; n < 10; n++) classes.push(await newClass(`Algebra Q${n}`, [courseId]));
    const ids = classes.map((c) => c.id);
    /** A PostgreSQL array literal (drizzle spreads a JavaScript array into a row). */
    const array = (values: string[]) => `{${values.join(',')}}`;
    await ctx.database.db.execute(sql`
      insert into class_members (class_id, student_id, joined_at)
      select c, ${student.user.id}::uuid, ${iso(NOW - 40 * 24 * HOUR)}::timestamptz
      from unnest(${array(ids.slice(1))}::uuid[]) as c`);
    await ctx.database.db.execute(sql`
      insert into class_assignments (class_id, item_id, whole_class, due_at, created_by)
      select (${array(ids)}::uuid[])[1 + n % 10], (${array(lessons)}::uuid[])[1 + n % 4], n <= 398,
        ${iso(NOW)}::timestamptz + (n - 199) * interval '3 hours 36 minutes', ${teacher.user.id}::uuid
      from generate_series(1, 9998) as n`);
    const [counted] = rowsOf<{ total: number }>(
      await ctx.database.db.execute(sql`
        select count(*)::int as total from class_assignments where class_id = any(${array(ids)}::uuid[])`),
    );
    expect(counted!.total).toBe(10_000);
    const many = (await countQueries(ctx.database, () => todoOf(student))).filter((text) => TODO.test(text));
    expect(many).toHaveLength(few.length);
    const todo = (await todoOf(student)).json<StudentTodo>();
    expect(todo.overdue.items).toHaveLength(50);
    expect(todo.overdue.more + todo.today.items.length + todo.week.items.length).toBeGreaterThan(150);
    expect(await readUntilKept(ctx.database, () => todoOf(student), TODO)).toEqual([]);
  });
});
