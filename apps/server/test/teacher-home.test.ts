import type { TeacherClass, TeacherHome } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveAnswer, setUpQuiz, startAttempt, submitAttempt, type QuizSetup } from './assessment-helpers.js';
import { countQueries } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * The teacher's home (issue 49 point 3, ADR 061): answers waiting oldest first with their counts, work due this
 * week, students at risk per class with their reasons, nothing of another teacher's, a bounded number of statements.
 */
const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T09:00:00Z');
const ctx = useTestApp({ clock: () => NOW, env: { JOB_RUNNER: 'off' } });
const iso = (at: number) => new Date(at).toISOString();
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ESSAY = {
  title: 'Why indexes?',
  prompt: '<p>Explain why databases use indexes.</p>',
  points: 10,
  content: { type: 'essay' as const, body: {}, key: {} },
};

let teacher: TestUser;
let essays: QuizSetup;
let lab: QuizSetup;
const lessons: string[] = [];

function homeOf(user: TestUser, query = '') {
  return ctx.app.inject({ method: 'GET', url: `/api/me/teacher-home${query}`, headers: bearer(user.token) });
}

async function newClass(owner: TestUser, name: string, courseIds: string[]): Promise<TeacherClass> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: bearer(owner.token),
    payload: { name, courseIds },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeacherClass>();
}

/** A student (named) who joined the class `daysAgo` days ago, last active then unless told otherwise. */
async function newStudent(cls: TeacherClass, lastname: string, daysAgo = 20): Promise<TestUser> {
  const student = await createUser(ctx, 'student');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes/join',
    headers: bearer(student.token),
    payload: { code: cls.code },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const id = student.user.id;
  await ctx.database.db.execute(sql`update users set firstname = 'Sam', lastname = ${lastname} where id = ${id}`);
  await ctx.database.db.execute(sql`
    update class_members set joined_at = ${iso(NOW - daysAgo * DAY)} where student_id = ${id}`);
  await ctx.database.db.execute(sql`
    update enrolments set created_at = ${iso(NOW - daysAgo * DAY)}, last_activity_at = ${iso(NOW - DAY)}
    where student_id = ${id}`);
  return student;
}

async function assign(cls: TeacherClass, owner: TestUser, itemId: string, dueAt: number): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`
      insert into class_assignments (class_id, item_id, whole_class, due_at, created_by)
      values (${cls.id}, ${itemId}, true, ${iso(dueAt)}, ${owner.user.id}) returning id`),
  );
  return row!.id;
}

const complete = (student: TestUser, itemId: string) =>
  ctx.database.db.execute(sql`
    insert into item_completions (student_id, item_id) values (${student.user.id}, ${itemId})`);

/** The student hands in the essay quiz; the answer waits for the teacher, handed in at `at`. */
async function handIn(quiz: QuizSetup, student: TestUser, at: number) {
  const start = await startAttempt(ctx, quiz, student);
  expect(start.statusCode, start.body).toBe(201);
  const attempt = start.json<{ id: string }>();
  const saved = await saveAnswer(ctx, student, attempt as never, quiz.questions[0]!.id, {
    html: '<p>They sort keys.</p>',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);
  await ctx.database.db.execute(sql`update attempts set submitted_at = ${iso(at)} where id = ${attempt.id}`);
}

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  essays = await setUpQuiz(ctx, { title: 'Essay week 1' }, [ESSAY], { teacher });
  lab = await setUpQuiz(ctx, { title: 'Lab report' }, [ESSAY], { teacher });
  const api = curriculumApi(ctx);
  for (const title of ['B-trees', 'Hashing', 'Joins'])
    lessons.push((await api.lesson(teacher.token, essays.courseId, essays.section.id, { title })).id);
});

describe('GET /api/me/teacher-home', () => {
  it('groups the answers waiting by assessment, oldest first, with their counts', async () => {
    await handIn(essays, essays.student, NOW - 2 * DAY);
    const other = await createUser(ctx, 'student');
    await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${essays.courseId}/enrolment`,
      headers: bearer(other.token),
    });
    await handIn(essays, other, NOW - DAY);
    await handIn(lab, lab.student, NOW - 3 * DAY);

    const res = await homeOf(teacher);
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json<TeacherHome>();
    expect(home.toGrade.groups.map((g) => [g.assessmentTitle, g.answers, g.oldestAt])).toEqual([
      ['Lab report', 1, iso(NOW - 3 * DAY)],
      ['Essay week 1', 2, iso(NOW - 2 * DAY)],
    ]);
    expect(home.toGrade).toMatchObject({ answers: 3, more: 0, capped: false });
    expect(home.toGrade.groups[1]!.href).toBe(
      `/teacher/grading?courseId=${essays.courseId}&assessment=${essays.assessment.id}`,
    );
  });

  it('shows students at risk per class with their reasons, work due this week and their questions', async () => {
    const cls = await newClass(teacher, 'Databases P1', [essays.courseId]);
    const missing = await newStudent(cls, 'Missing');
    const away = await newStudent(cls, 'Away');
    const fine = await newStudent(cls, 'Fine');
    const failing = await newStudent(cls, 'Failing');
    const past = [lessons[0]!, lessons[1]!];
    for (const [i, lesson] of past.entries()) await assign(cls, teacher, lesson, NOW - (i + 2) * DAY);
    await assign(cls, teacher, lessons[2]!, NOW + 2 * DAY);
    for (const student of [away, fine, failing]) for (const lesson of past) await complete(student, lesson);
    await complete(fine, lessons[2]!);
    // Away: last active ten days ago; everyone else yesterday. Progress as the class's courses say.
    await ctx.database.db.execute(sql`
      update enrolments set last_activity_at = ${iso(NOW - 10 * DAY)} where student_id = ${away.user.id}`);
    await ctx.database.db.execute(sql`
      update enrolments set progress_percent = case when student_id = ${missing.user.id} then 40 else 60 end
      where course_id = ${essays.courseId}
        and student_id in (select student_id from class_members where class_id = ${cls.id})`);
    // Failing: 2 of 10 on the essay quiz, graded.
    await ctx.database.db.execute(sql`
      insert into attempts (assessment_id, course_id, student_id, number, status, started_at, submitted_at,
        question_ids, seed, raw_score, max_score, score)
      values (${essays.assessment.id}, ${essays.courseId}, ${failing.user.id}, 1, 'graded', ${iso(NOW - 4 * DAY)},
        ${iso(NOW - 4 * DAY)}, array[${essays.questions[0]!.id}]::uuid[], 1, 2, 10, 2)`);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/forum/questions',
      headers: bearer(missing.token),
      payload: { question: 'How do B-trees split?', description: 'I am lost after the split.', tags: ['indexes'] },
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const home = (await homeOf(teacher)).json<TeacherHome>();
    const atRisk = home.atRisk.classes.find((c) => c.classId === cls.id)!;
    const reasons = Object.fromEntries(atRisk.students.map((s) => [s.name, s.reasons]));
    expect(Object.keys(reasons).sort()).toEqual(['Sam Away', 'Sam Failing', 'Sam Missing']);
    expect(reasons['Sam Missing']).toEqual([{ kind: 'missing', count: 2 }]);
    expect(reasons['Sam Away']).toEqual([{ kind: 'inactive', days: 10, lastActiveAt: iso(NOW - 10 * DAY) }]);
    expect(reasons['Sam Failing']).toEqual([
      { kind: 'grade', percent: 20, courseId: essays.courseId, courseTitle: 'Databases' },
    ]);
    expect(home.atRisk.thresholds).toEqual({
      inactiveDays: 7,
      missingAssignments: 2,
      passingPercent: 50,
      behindPoints: 25,
      absences: 3,
    });
    // The teacher's own thresholds: 15 points under the class's mean (55) is behind.
    const strict = (await homeOf(teacher, '?behindPoints=15&inactiveDays=30')).json<TeacherHome>();
    const mine = strict.atRisk.classes.find((c) => c.classId === cls.id)!;
    expect(mine.students.find((s) => s.name === 'Sam Missing')!.reasons).toEqual([
      { kind: 'missing', count: 2 },
      { kind: 'behind', percent: 40, classPercent: 55 },
    ]);
    expect(mine.students.map((s) => s.name)).not.toContain('Sam Away');
    // The totals are kept for the teacher until the course's results change: a regrade to 8 of 10 takes the reason away.
    await ctx.database.db.execute(sql`
      update attempts set raw_score = 8, score = 8 where student_id = ${failing.user.id}`);
    await expect
      .poll(async () => {
        const again = (await homeOf(teacher)).json<TeacherHome>();
        const row = again.atRisk.classes.find((c) => c.classId === cls.id)!.students;
        return row.map((s) => s.name).includes('Sam Failing');
      })
      .toBe(false);

    expect(home.dueSoon.items).toMatchObject([
      { classId: cls.id, title: 'Joins', dueAt: iso(NOW + 2 * DAY), learners: 4, submitted: 1, missing: 3 },
    ]);
    expect(home.questions.map((q) => [q.question, q.authorName])).toEqual([['How do B-trees split?', 'Sam Missing']]);
  });

  it('flags 3 or more absences from the class’s sessions of the last 14 days (issue 52, ADR 070)', async () => {
    const cls = await newClass(teacher, 'Databases Attendance', [essays.courseId]);
    const absent = await newStudent(cls, 'Absent');
    const older = await newStudent(cls, 'Older');
    const present = await newStudent(cls, 'Present');
    /** A session at 08:00 UTC `daysAgo` days before now, its sheet taken with these statuses. */
    const session = async (daysAgo: number, statuses: [TestUser, string][]) => {
      const date = iso(NOW - daysAgo * DAY).slice(0, 10);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/classes/${cls.id}/attendance/sessions`,
        headers: bearer(teacher.token),
        payload: { date, startTime: '08:00', timeZone: 'UTC' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/attendance/sessions/${res.json<{ id: string }>().id}`,
        headers: bearer(teacher.token),
        payload: { records: statuses.map(([s, status]) => ({ studentId: s.user.id, status })) },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    // Absent: three in the last 14 days. Older: two of them, and a third 20 days ago. Present: late once.
    await session(20, [[older, 'absent']]);
    await session(9, [
      [absent, 'absent'],
      [older, 'absent'],
      [present, 'late'],
    ]);
    await session(5, [
      [absent, 'absent'],
      [older, 'absent'],
    ]);
    await session(1, [
      [absent, 'absent'],
      [older, 'excused'],
    ]);
    const home = (await homeOf(teacher)).json<TeacherHome>();
    const students = home.atRisk.classes.find((c) => c.classId === cls.id)!.students;
    expect(students.map((s) => [s.name, s.reasons])).toEqual([
      ['Sam Absent', [{ kind: 'absences', count: 3, days: 14 }]],
    ]);
    // The teacher's own threshold: 2 absences flag Older too.
    const strict = (await homeOf(teacher, '?absences=2')).json<TeacherHome>();
    const flagged = strict.atRisk.classes.find((c) => c.classId === cls.id)!.students;
    expect(flagged.map((s) => [s.name, s.reasons])).toEqual([
      ['Sam Absent', [{ kind: 'absences', count: 3, days: 14 }]],
      ['Sam Older', [{ kind: 'absences', count: 2, days: 14 }]],
    ]);
  });

  it('never shows another teacher’s classes, students or answers; messages reach only the class’s students', async () => {
    const otherTeacher = await createUser(ctx, 'teacher');
    const theirQuiz = await setUpQuiz(ctx, { title: 'Their essay' }, [ESSAY], { teacher: otherTeacher });
    const theirClass = await newClass(otherTeacher, 'Their class', [theirQuiz.courseId]);
    const theirStudent = await newStudent(theirClass, 'Theirs', 30);
    await ctx.database.db.execute(sql`
      update enrolments set last_activity_at = ${iso(NOW - 30 * DAY)} where student_id = ${theirStudent.user.id}`);
    await assign(theirClass, otherTeacher, theirQuiz.assessment.id, NOW + DAY);
    await handIn(theirQuiz, theirQuiz.student, NOW - 5 * DAY);

    const home = (await homeOf(teacher)).json<TeacherHome>();
    const seen = JSON.stringify(home);
    for (const id of [theirClass.id, theirStudent.user.id, theirQuiz.courseId, theirQuiz.assessment.id])
      expect(seen).not.toContain(id);
    const theirs = (await homeOf(otherTeacher)).json<TeacherHome>();
    expect(theirs.atRisk.classes.map((c) => c.classId)).toEqual([theirClass.id]);
    expect(theirs.toGrade.groups.map((g) => g.assessmentTitle)).toEqual(['Their essay']);
    expect(theirs.dueSoon.items.map((d) => d.classId)).toEqual([theirClass.id]);

    // The one-click message: to the class's at-risk student; another teacher is told the class does not exist.
    const message = (who: TestUser, studentIds: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/classes/${theirClass.id}/messages`,
        headers: bearer(who.token),
        payload: { studentIds, message: 'Come and see me on Monday.' },
      });
    expect((await message(teacher, [theirStudent.user.id])).statusCode).toBe(404);
    const sent = await message(otherTeacher, [theirStudent.user.id, essays.student.user.id]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: 1 });
    const bell = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(theirStudent.token),
    });
    expect(JSON.stringify(bell.json())).toContain('Come and see me on Monday.');
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(essays.student.token),
    });
    expect(JSON.stringify(none.json())).not.toContain('Come and see me on Monday.');
  });

  it('keeps the teacher’s own thresholds: the home uses them from the next read, no other teacher’s', async () => {
    const cls = await newClass(teacher, 'Databases Settings', [essays.courseId]);
    const quiet = await newStudent(cls, 'Quiet');
    await ctx.database.db.execute(sql`
      update enrolments set last_activity_at = ${iso(NOW - 4 * DAY)} where student_id = ${quiet.user.id}`);
    const other = await createUser(ctx, 'teacher');
    const settings = (who: TestUser, payload?: unknown) =>
      ctx.app.inject({
        method: payload === undefined ? 'GET' : 'PUT',
        url: '/api/me/teacher-home/settings',
        headers: bearer(who.token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const studentsOf = async (who: TestUser) => {
      const home = (await homeOf(who)).json<TeacherHome>();
      const found = home.atRisk.classes.find((c) => c.classId === cls.id);
      return { home, names: (found?.students ?? []).map((s) => [s.name, s.reasons]) };
    };
    const defaults = { inactiveDays: 7, missingAssignments: 2, passingPercent: 50, behindPoints: 25, absences: 3 };
    expect((await settings(teacher)).json()).toEqual({ atRisk: defaults });
    // Four days without activity: not at risk under the default 7 days.
    expect((await studentsOf(teacher)).names).toEqual([]);

    const mine = { ...defaults, inactiveDays: 3, passingPercent: 60 };
    const saved = await settings(teacher, { atRisk: mine });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ atRisk: mine });
    expect((await settings(teacher)).json()).toEqual({ atRisk: mine });
    const after = await studentsOf(teacher);
    expect(after.home.atRisk.thresholds).toEqual(mine);
    expect(after.names).toEqual([['Sam Quiet', [{ kind: 'inactive', days: 4, lastActiveAt: iso(NOW - 4 * DAY) }]]]);
    // A read's query still wins over the stored value, for that read only.
    expect((await homeOf(teacher, '?inactiveDays=5')).json<TeacherHome>().atRisk.thresholds.inactiveDays).toBe(5);
    // Saved again: replaced, not added.
    await settings(teacher, { atRisk: { ...mine, inactiveDays: 10 } });
    expect((await studentsOf(teacher)).names).toEqual([]);

    // Another teacher keeps the defaults.
    expect((await settings(other)).json()).toEqual({ atRisk: defaults });
    expect((await homeOf(other)).json<TeacherHome>().atRisk.thresholds).toEqual(defaults);

    // Nonsense is refused and changes nothing.
    for (const atRisk of [
      { ...mine, inactiveDays: 0 },
      { ...mine, inactiveDays: 366 },
      { ...mine, missingAssignments: 51 },
      { ...mine, passingPercent: 101 },
      { ...mine, behindPoints: 2.5 },
      { ...mine, absences: '3' },
      { ...mine, absences: undefined },
      { ...mine, extra: 1 },
    ]) {
      const refused = await settings(teacher, { atRisk });
      expect(refused.statusCode, JSON.stringify(atRisk)).toBe(400);
    }
    expect((await settings(teacher, {})).statusCode).toBe(400);
    expect((await settings(teacher)).json()).toEqual({ atRisk: { ...mine, inactiveDays: 10 } });
    // Only a teacher has these settings.
    expect((await settings(essays.student)).statusCode).toBe(403);
    expect((await settings(essays.student, { atRisk: mine })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/teacher-home/settings' })).statusCode).toBe(401);
    // Back to the defaults for the tests that follow.
    expect((await settings(teacher, { atRisk: defaults })).statusCode).toBe(200);
  });

  it('refuses a student (403) and an anonymous caller (401)', async () => {
    expect((await homeOf(essays.student)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/teacher-home' })).statusCode).toBe(401);
  });

  it('costs the same few statements for one class of 4 and six classes of 40 with 60 assignments', async () => {
    /** The statements of a read once the counting totals are kept (the first read keeps them). */
    const counted = async () => {
      const first = await homeOf(teacher);
      expect(first.statusCode, first.body).toBe(200);
      return (await countQueries(ctx.database, () => homeOf(teacher))).length;
    };
    /** Joins `count` students (any of the tests') to each class, 40 days ago. */
    const fill = (classes: TeacherClass[], count: number) =>
      ctx.database.db.execute(sql`
        insert into class_members (class_id, student_id, joined_at)
        select c, u.id, ${iso(NOW - 40 * DAY)}::timestamptz
        from unnest(${`{${classes.map((c) => c.id).join(',')}}`}::uuid[]) as c
        cross join (select id from users where role = 'student' order by id limit ${count}) u
        on conflict do nothing`);
    const first = await newClass(teacher, 'Databases Q', [essays.courseId]);
    await fill([first], 4);
    const few = await counted();
    // The statement alone: the counting totals are kept for the teacher (read again once the members change).
    expect(few).toBe(1);
    const classes: TeacherClass[] = [];
    for (let n = 0; n < 5; n++) classes.push(await newClass(teacher, `Databases Q${n}`, [essays.courseId]));
    await fill([first, ...classes], 40);
    await ctx.database.db.execute(sql`
      insert into class_assignments (class_id, item_id, whole_class, due_at, created_by)
      select (${`{${classes.map((c) => c.id).join(',')}}`}::uuid[])[1 + n % 5],
        (${`{${lessons.join(',')}}`}::uuid[])[1 + n % 3], true,
        ${iso(NOW)}::timestamptz + (n - 30) * interval '1 day', ${teacher.user.id}::uuid
      from generate_series(1, 60) as n`);
    // Ten sessions of each class in the last 14 days, every member absent at each: still one aggregate.
    const classIds = `{${[first, ...classes].map((c) => c.id).join(',')}}`;
    await ctx.database.db.execute(sql`
      insert into attendance_sessions (class_id, on_date, start_time, time_zone, starts_at)
      select c, (${iso(NOW)}::timestamptz - n * interval '1 day')::date, '08:00'::time, 'UTC',
        ${iso(NOW)}::timestamptz - n * interval '1 day'
      from unnest(${classIds}::uuid[]) as c cross join generate_series(1, 10) as n`);
    await ctx.database.db.execute(sql`
      insert into attendance_records (session_id, student_id, status)
      select s.id, m.student_id, 'absent' from attendance_sessions s join class_members m on m.class_id = s.class_id
      where s.class_id = any(${classIds}::uuid[])`);
    expect(await counted()).toBe(few);
    const home = (await homeOf(teacher)).json<TeacherHome>();
    expect(home.atRisk.classes.length).toBeGreaterThanOrEqual(5);
    const absentees = home.atRisk.classes.find((c) => c.classId === first.id)!.students;
    expect(absentees.length, JSON.stringify(absentees)).toBeGreaterThan(0);
    for (const s of absentees) expect(s.reasons).toContainEqual({ kind: 'absences', count: 10, days: 14 });
    expect(home.dueSoon.items.length).toBeGreaterThan(1);
  });
});
