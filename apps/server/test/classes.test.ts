import {
  CLASS_CODE_ALPHABET,
  CLASS_LIMITS,
  CLASS_MESSAGES,
  type Assignment,
  type ClassGrade,
  type ClassSummary,
  type Gradebook,
  type JoinedClass,
  type RosterEntry,
  type StudentClass,
  type TeacherClass,
  type TodoItem,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { classMembers, enrolments, itemCompletions } from '../src/db/schema/index.js';
import { saveAnswer, setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { countQueries, createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

let now = Date.now();
const ctx = useTestApp({ clock: () => now });
const HOUR = 3_600_000;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(method: Method, url: string, user: TestUser | null, payload?: object, remoteAddress?: string) {
  return ctx.app.inject({
    method,
    url,
    headers: user ? bearer(user.token) : {},
    ...(payload ? { payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

let teacher: TestUser;
let otherTeacher: TestUser;
let courseA: string;
let courseB: string;
let lessonId: string;

async function newClass(owner = teacher, body: Record<string, unknown> = {}): Promise<TeacherClass> {
  const res = await call('POST', '/api/classes', owner, {
    name: 'Period 3 Algebra',
    section: 'P3',
    subject: 'Maths',
    courseIds: owner === teacher ? [courseA, courseB] : [otherCourse],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeacherClass>();
}

async function join(student: TestUser, code: string, remoteAddress?: string) {
  return call('POST', '/api/classes/join', student, { code }, remoteAddress);
}

let otherCourse: string;

beforeAll(async () => {
  [teacher, otherTeacher] = await Promise.all([createUser(ctx, 'teacher'), createUser(ctx, 'teacher')]);
  courseA = (await createCourse(ctx, teacher.token, { title: 'Algebra I', status: 'published' })).id;
  courseB = (await createCourse(ctx, teacher.token, { title: 'Geometry I', status: 'published' })).id;
  otherCourse = (await createCourse(ctx, otherTeacher.token, { title: 'Biology', status: 'published' })).id;
  const api = curriculumApi(ctx);
  const section = await api.section(teacher.token, courseA, 'Week 1');
  lessonId = (await api.lesson(teacher.token, courseA, section.id, { title: 'Read: linear equations' })).id;
});

describe('classes and access codes', () => {
  it('lets a teacher create a class from two courses and a student join with the code in any case, enrolled in both', async () => {
    const cls = await newClass();
    expect(cls.code).toMatch(new RegExp(`^[${CLASS_CODE_ALPHABET}]{7}$`));
    expect(cls.courses.map((c) => c.title).sort()).toEqual(['Algebra I', 'Geometry I']);
    expect(cls.joiningOpen).toBe(true);

    const student = await createUser(ctx, 'student');
    const typed = `${cls.code.slice(0, 3).toLowerCase()}-${cls.code.slice(3).toLowerCase()} `;
    const res = await join(student, typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JoinedClass>()).toMatchObject({ classId: cls.id, alreadyMember: false });

    const rows = await ctx.database.db.select().from(enrolments).where(eq(enrolments.studentId, student.user.id));
    expect(rows.map((r) => r.courseId).sort()).toEqual([courseA, courseB].sort());
    const mine = await call('GET', '/api/student/classes', student);
    expect(mine.json<{ items: ClassSummary[] }>().items.map((c) => c.name)).toEqual(['Period 3 Algebra']);
    expect(mine.json<{ items: ClassSummary[] }>().items[0]!.code).toBeUndefined();
  });

  it('refuses courses of another teacher and co-teachers who are not teachers', async () => {
    const bad = await call('POST', '/api/classes', teacher, { name: 'X', courseIds: [otherCourse] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(CLASS_MESSAGES.notYourCourse);
    const student = await createUser(ctx, 'student');
    const noTeacher = await call('POST', '/api/classes', teacher, {
      name: 'X',
      courseIds: [courseA],
      coTeacherEmails: [student.email],
    });
    expect(noTeacher.statusCode).toBe(400);
  });

  it('gives co-teachers the same rights in the class', async () => {
    const cls = await newClass(teacher, { coTeacherEmails: [otherTeacher.email.toUpperCase()] });
    expect(cls.teachers.map((t) => t.id)).toContain(otherTeacher.user.id);
    const rotated = await call('POST', `/api/classes/${cls.id}/code`, otherTeacher);
    expect(rotated.statusCode).toBe(200);
    const list = await call('GET', '/api/teacher/classes', otherTeacher);
    expect(list.json<{ items: ClassSummary[] }>().items.map((c) => c.id)).toContain(cls.id);
  });

  it('makes one membership of 50 concurrent joins', async () => {
    const cls = await newClass();
    const student = await createUser(ctx, 'student');
    const answers = await Promise.all(Array.from({ length: 50 }, () => join(student, cls.code)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((r) => !r.json<JoinedClass>().alreadyMember)).toHaveLength(1);
    const members = await ctx.database.db.select().from(classMembers).where(eq(classMembers.classId, cls.id));
    expect(members).toHaveLength(1);
    const rows = await ctx.database.db.select().from(enrolments).where(eq(enrolments.studentId, student.user.id));
    expect(rows).toHaveLength(2);
  });

  it('locks a user out after the stated number of wrong codes, with a 429 and a clear message, until the window ends', async () => {
    const cls = await newClass();
    const student = await createUser(ctx, 'student');
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 1000; i += 1) {
      const res = await join(student, `WRONG${String(i).padStart(2, '0')}`.slice(0, 7), '10.1.0.1');
      statuses.push(res.statusCode);
      last = res.body;
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(CLASS_LIMITS.wrongCodesPerUser);
    expect(statuses.slice(CLASS_LIMITS.wrongCodesPerUser).every((s) => s === 429)).toBe(true);
    expect(JSON.parse(last).message).toBe(CLASS_MESSAGES.tooManyCodes);
    // Locked out: even the right code waits for the window.
    const locked = await join(student, cls.code, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    now += CLASS_LIMITS.wrongCodeWindowMinutes * 60_000 + 1000;
    const after = await join(student, cls.code, '10.1.0.1');
    expect(after.statusCode, after.body).toBe(200);
  });

  it('limits wrong codes per IP address across users', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => createUser(ctx, 'student')));
    const statuses: number[] = [];
    for (const user of users) {
      for (let i = 0; i < CLASS_LIMITS.wrongCodesPerUser - 1; i += 1) {
        statuses.push((await join(user, 'ZZZZZZ2', '10.2.0.2')).statusCode);
      }
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(CLASS_LIMITS.wrongCodesPerIp);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await join(users[6]!, 'ZZZZZZ2', '10.2.0.3')).statusCode).toBe(404);
  });

  it('stops the old code working once rotated; the new one works; joining can be turned off', async () => {
    const cls = await newClass();
    const rotated = (await call('POST', `/api/classes/${cls.id}/code`, teacher)).json<TeacherClass>();
    expect(rotated.code).not.toBe(cls.code);
    const [a, b] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'student')]);
    expect((await join(a, cls.code)).statusCode).toBe(404);
    expect((await join(a, rotated.code)).statusCode).toBe(200);
    await call('PATCH', `/api/classes/${cls.id}`, teacher, { joiningOpen: false });
    const closed = await join(b, rotated.code);
    expect(closed.statusCode).toBe(403);
    expect(closed.json<{ message: string }>().message).toBe(CLASS_MESSAGES.joiningClosed);
  });

  it('keeps class B closed to class A’s students and teacher on every route', async () => {
    const a = await newClass();
    const b = await newClass(otherTeacher);
    const [studentA, studentB] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'student')]);
    await join(studentA, a.code);
    await join(studentB, b.code);
    await call('POST', `/api/classes/${b.id}/announcements`, otherTeacher, { bodyHtml: '<p>Secret B</p>' });
    for (const url of ['', '/announcements', '/todo']) {
      const res = await call('GET', `/api/student/classes/${b.id}${url}`, studentA);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Secret B');
    }
    expect((await call('DELETE', `/api/student/classes/${b.id}/membership`, studentA)).statusCode).toBe(404);
    for (const url of ['', '/roster', '/announcements', '/assignments']) {
      expect((await call('GET', `/api/classes/${b.id}${url}`, teacher)).statusCode, url).toBe(404);
      expect((await call('GET', `/api/classes/${b.id}${url}`, studentA)).statusCode, url).toBe(403);
    }
    expect((await call('DELETE', `/api/classes/${b.id}/members/${studentB.user.id}`, teacher)).statusCode).toBe(404);
    expect((await call('POST', `/api/classes/${b.id}/code`, teacher)).statusCode).toBe(404);
    // The members of B are untouched.
    const members = await ctx.database.db.select().from(classMembers).where(eq(classMembers.classId, b.id));
    expect(members.map((m) => m.studentId)).toEqual([studentB.user.id]);
  });

  it('makes an archived class read-only for everyone until it is restored', async () => {
    const cls = await newClass();
    const [student, late] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'student')]);
    await join(student, cls.code);
    expect((await call('PATCH', `/api/classes/${cls.id}`, teacher, { archived: true })).statusCode).toBe(200);
    const writes = [
      call('PATCH', `/api/classes/${cls.id}`, teacher, { name: 'Renamed' }),
      call('POST', `/api/classes/${cls.id}/code`, teacher),
      call('POST', `/api/classes/${cls.id}/announcements`, teacher, { bodyHtml: '<p>Hi</p>' }),
      call('POST', `/api/classes/${cls.id}/assignments`, teacher, { itemId: lessonId }),
      call('DELETE', `/api/classes/${cls.id}/members/${student.user.id}`, teacher),
      call('PUT', `/api/classes/${cls.id}/members/${student.user.id}/accommodation`, teacher, { extraAttempts: 1 }),
      call('DELETE', `/api/student/classes/${cls.id}/membership`, student),
      join(late, cls.code),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(CLASS_MESSAGES.archived);
    }
    // Still readable.
    expect((await call('GET', `/api/student/classes/${cls.id}`, student)).json<StudentClass>().archived).toBe(true);
    const restored = await call('PATCH', `/api/classes/${cls.id}`, teacher, { archived: false });
    expect(restored.json<TeacherClass>().archived).toBe(false);
    expect((await call('PATCH', `/api/classes/${cls.id}`, teacher, { name: 'Renamed' })).statusCode).toBe(200);
  });

  it('keeps a removed student’s enrolments and progress; the student can leave a class too', async () => {
    const cls = await newClass();
    const [student, leaver] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'student')]);
    await join(student, cls.code);
    await join(leaver, cls.code);
    await curriculumApi(ctx).complete(student.token, courseA, lessonId);
    const removed = await call('DELETE', `/api/classes/${cls.id}/members/${student.user.id}`, teacher);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/student/classes/${cls.id}`, student)).statusCode).toBe(404);
    const kept = await ctx.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.studentId, student.user.id), eq(enrolments.courseId, courseA)));
    expect(kept[0]?.progressPercent).toBe(100);
    const done = await ctx.database.db
      .select()
      .from(itemCompletions)
      .where(eq(itemCompletions.studentId, student.user.id));
    expect(done).toHaveLength(1);
    expect((await call('DELETE', `/api/student/classes/${cls.id}/membership`, leaver)).statusCode).toBe(204);
    const roster = (await call('GET', `/api/classes/${cls.id}/roster`, teacher)).json<{ items: RosterEntry[] }>();
    expect(roster.items).toEqual([]);
  });

  it('sanitises announcements and shows them to members newest first', async () => {
    const cls = await newClass();
    const student = await createUser(ctx, 'student');
    await join(student, cls.code);
    await call('POST', `/api/classes/${cls.id}/announcements`, teacher, { bodyHtml: '<p>First</p>' });
    const posted = await call('POST', `/api/classes/${cls.id}/announcements`, teacher, {
      bodyHtml: '<p onclick="x()">Quiz <b>Friday</b><script>alert(1)</script></p>',
    });
    expect(posted.statusCode).toBe(201);
    const stream = (await call('GET', `/api/student/classes/${cls.id}/announcements`, student)).json<{
      items: { bodyHtml: string }[];
    }>();
    expect(stream.items.map((a) => a.bodyHtml)).toEqual(['<p>Quiz <b>Friday</b></p>', '<p>First</p>']);
    const empty = await call('POST', `/api/classes/${cls.id}/announcements`, teacher, {
      bodyHtml: '<script>x</script>',
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('assignments and accommodations', () => {
  it('shows an accommodated learner later dates, the others theirs; the teacher sees who has what', async () => {
    const cls = await newClass();
    const [alice, bob, outsider] = await Promise.all([
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
    ]);
    await join(alice, cls.code);
    await join(bob, cls.code);
    const due = new Date(now + 24 * HOUR);
    const created = await call('POST', `/api/classes/${cls.id}/assignments`, teacher, {
      itemId: lessonId,
      dueAt: due.toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const assignment = created.json<Assignment>();
    expect(assignment).toMatchObject({ itemKind: 'lesson', learnerCount: 2, doneCount: 0 });

    const acc = await call('PUT', `/api/classes/${cls.id}/members/${alice.user.id}/accommodation`, teacher, {
      extraTimeFactor: 1.5,
      dueExtensionHours: 48,
    });
    expect(acc.statusCode, acc.body).toBe(200);
    // A learner of another class cannot be given one.
    const foreign = await call('PUT', `/api/classes/${cls.id}/members/${outsider.user.id}/accommodation`, teacher, {
      extraAttempts: 1,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await call('PUT', `/api/classes/${cls.id}/members/${alice.user.id}/accommodation`, teacher, {
      extraTimeFactor: 3,
    });
    expect(bad.statusCode).toBe(400);

    const todoOf = async (user: TestUser) =>
      (await call('GET', `/api/student/classes/${cls.id}/todo`, user)).json<{ items: TodoItem[] }>().items;
    const [aliceTodo] = await todoOf(alice);
    const [bobTodo] = await todoOf(bob);
    expect(Date.parse(aliceTodo!.dueAt!)).toBe(due.getTime() + 48 * HOUR);
    expect(aliceTodo!.accommodation).toMatchObject({ extraTimeFactor: 1.5, dueExtensionHours: 48 });
    expect(Date.parse(bobTodo!.dueAt!)).toBe(due.getTime());
    expect(bobTodo!.accommodation).toBeNull();
    expect(bobTodo!.status).toBe('due-soon');

    const roster = (await call('GET', `/api/classes/${cls.id}/roster`, teacher)).json<{ items: RosterEntry[] }>();
    const byId = new Map(roster.items.map((r) => [r.studentId, r]));
    expect(byId.get(alice.user.id)!.accommodation).toMatchObject({ extraTimeFactor: 1.5 });
    expect(byId.get(bob.user.id)!.accommodation).toBeNull();
    // Bob sees nothing of Alice's accommodation: his class page carries only his own.
    const bobClass = await call('GET', `/api/student/classes/${cls.id}`, bob);
    expect(bobClass.json<StudentClass>().accommodation).toBeNull();
    expect(bobClass.body).not.toContain('1.5');

    // Two days later: Bob is missing it, Alice is not (fake clock).
    const saved = now;
    now += 30 * HOUR;
    const list = (await call('GET', `/api/classes/${cls.id}/assignments`, teacher)).json<{ items: Assignment[] }>();
    expect(list.items[0]).toMatchObject({ missingCount: 1, accommodatedCount: 1 });
    expect((await todoOf(bob))[0]!.status).toBe('missing');
    expect((await todoOf(alice))[0]!.status).toBe('due-soon');
    now = saved;
  });

  it('assigns to chosen learners only, and refuses items outside the class’s courses', async () => {
    const cls = await newClass();
    const [alice, bob] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'student')]);
    await join(alice, cls.code);
    await join(bob, cls.code);
    const res = await call('POST', `/api/classes/${cls.id}/assignments`, teacher, {
      itemId: lessonId,
      learnerIds: [alice.user.id],
    });
    expect(res.json<Assignment>()).toMatchObject({ wholeClass: false, learnerCount: 1 });
    const todo = async (u: TestUser) =>
      (await call('GET', `/api/student/classes/${cls.id}/todo`, u)).json<{ total: number }>().total;
    expect(await todo(alice)).toBe(1);
    expect(await todo(bob)).toBe(0);
    const other = await newClass(otherTeacher);
    const foreign = await call('POST', `/api/classes/${other.id}/assignments`, otherTeacher, { itemId: lessonId });
    expect(foreign.statusCode).toBe(400);
    const outsider = await createUser(ctx, 'student');
    const notMember = await call('POST', `/api/classes/${cls.id}/assignments`, teacher, {
      itemId: lessonId,
      learnerIds: [outsider.user.id],
    });
    expect(notMember.statusCode).toBe(400);
  });

  it('reads the roster of a page in a fixed number of queries, whatever the class size', async () => {
    const cls = await newClass();
    const students = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx, 'student')));
    await join(students[0]!, cls.code);
    const small = await countQueries(ctx.database, () =>
      call('GET', `/api/classes/${cls.id}/roster?pageSize=100`, teacher),
    );
    for (const s of students.slice(1)) await join(s, cls.code);
    const large = await countQueries(ctx.database, () =>
      call('GET', `/api/classes/${cls.id}/roster?pageSize=100`, teacher),
    );
    expect(large.length).toBe(small.length);
  });
});

describe('lists of classes', () => {
  it('answer a page past the end with no class, the count and the last page, in the statements of page 1', async () => {
    const owner = await createUser(ctx, 'teacher');
    const course = (await createCourse(ctx, owner.token, { title: 'Lists course', status: 'published' })).id;
    const created: TeacherClass[] = [];
    for (const name of ['First', 'Second', 'Third'])
      created.push(
        (
          await call('POST', '/api/classes', owner, { name, section: 'S', subject: 'Maths', courseIds: [course] })
        ).json<TeacherClass>(),
      );
    const learner = await createUser(ctx, 'student');
    // One after another on the app's clock, which dates a membership: the student's list shows the latest first.
    const saved = now;
    for (const cls of created) {
      await join(learner, cls.code);
      now += 1000;
    }
    now = saved;
    for (const [url, who] of [
      ['/api/teacher/classes?pageSize=2', owner],
      ['/api/student/classes?pageSize=2', learner],
    ] as const) {
      let first: { items: { name: string }[]; total: number; lastPage: number } | undefined;
      let past: typeof first;
      const firstStatements = await countQueries(ctx.database, async () => {
        first = (await call('GET', url, who)).json();
      });
      const pastStatements = await countQueries(ctx.database, async () => {
        past = (await call('GET', `${url}&page=7`, who)).json();
      });
      expect(first!.items.map((c) => c.name)).toEqual(['Third', 'Second']);
      expect(first).toMatchObject({ total: 3, lastPage: 2 });
      expect(past).toMatchObject({ items: [], total: 3, lastPage: 2 });
      expect(pastStatements.length, url).toBe(firstStatements.length);
    }
  });
});

describe('assessments assigned to a class', () => {
  it('gives the accommodated student longer time, a later due date and an extra attempt, enforced by the server', async () => {
    const settings = {
      timeLimitMinutes: 10,
      attemptsAllowed: 2,
      latePenaltyPercentPerDay: 10,
      countingRule: 'average' as const,
    };
    const quiz = await setUpQuiz(ctx, settings, [
      {
        title: 'Order',
        prompt: '<p>B-trees keep keys sorted.</p>',
        content: { type: 'true_false', body: {}, key: { answer: true } },
      },
    ]);
    const created = await call('POST', '/api/classes', quiz.teacher, { name: 'Timed', courseIds: [quiz.courseId] });
    const cls = created.json<TeacherClass>();
    const bob = await createUser(ctx, 'student');
    const alice = quiz.student;
    await join(alice, cls.code);
    await join(bob, cls.code);
    const due = new Date(now + HOUR);
    const assigned = await call('POST', `/api/classes/${cls.id}/assignments`, quiz.teacher, {
      itemId: quiz.assessment.id,
      dueAt: due.toISOString(),
    });
    expect(assigned.json<Assignment>().itemKind).toBe('assessment');
    await call('PUT', `/api/classes/${cls.id}/members/${alice.user.id}/accommodation`, quiz.teacher, {
      extraTimeFactor: 1.5,
      dueExtensionHours: 48,
      extraAttempts: 1,
    });
    type Start = { window: { dueAt: string | null; timeLimitMinutes: number | null }; attemptsAllowed: number | null };
    const startPage = async (u: TestUser) =>
      (await call('GET', `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/start`, u)).json<Start>();
    const [a, b] = [await startPage(alice), await startPage(bob)];
    expect(a.window).toMatchObject({ timeLimitMinutes: 15, dueAt: new Date(due.getTime() + 48 * HOUR).toISOString() });
    expect(a.attemptsAllowed).toBe(3);
    expect(b.window).toMatchObject({ timeLimitMinutes: 10, dueAt: due.toISOString() });
    expect(b.attemptsAllowed).toBe(2);

    // The attempt's deadline comes from each one's window.
    const started = now;
    const attemptA = (await startAttempt(ctx, quiz, alice)).json<{ id: string; deadlineAt: string }>();
    const attemptB = (await startAttempt(ctx, quiz, bob)).json<{ id: string; deadlineAt: string }>();
    expect(Date.parse(attemptA.deadlineAt) - started).toBe(15 * 60_000);
    expect(Date.parse(attemptB.deadlineAt) - started).toBe(10 * 60_000);
    await submitAttempt(ctx, alice, attemptA.id);
    await submitAttempt(ctx, bob, attemptB.id);

    // Two hours later (fake clock): past Bob's due date, inside Alice's extension.
    const saved = now;
    now += 2 * HOUR;
    type Submitted = { result: { late: boolean } };
    const lateOf = async (u: TestUser) => {
      const attempt = (await startAttempt(ctx, quiz, u)).json<{ id: string }>();
      return (await submitAttempt(ctx, u, attempt.id)).json<Submitted>().result.late;
    };
    expect(await lateOf(alice)).toBe(false);
    expect(await lateOf(bob)).toBe(true);
    // The gradebook agrees with each one's receipt: late against their own due date (the assessment has none).
    type Book = {
      columns: { assessmentId: string }[];
      items: { student: { id: string }; cells: { late: boolean }[] }[];
    };
    const book = (await call('GET', `/api/courses/${quiz.courseId}/gradebook?pageSize=50`, quiz.teacher)).json<Book>();
    const column = book.columns.findIndex((c) => c.assessmentId === quiz.assessment.id);
    const lateIn = (u: TestUser) => book.items.find((row) => row.student.id === u.user.id)?.cells[column]?.late;
    expect(lateIn(alice)).toBe(false);
    expect(lateIn(bob)).toBe(true);
    // Bob has used his two attempts; Alice has her extra one left.
    expect((await startAttempt(ctx, quiz, bob)).statusCode).toBe(403);
    expect((await startAttempt(ctx, quiz, alice)).statusCode).toBe(201);
    now = saved;
  });
});

describe('calendar feed', () => {
  it('lists a learner’s due dates in a valid iCalendar with exact instants; a reset makes the old URL 404', async () => {
    const cls = await newClass();
    const student = await createUser(ctx, 'student');
    await join(student, cls.code);
    // Due 17:30 in Paris (UTC+1 in winter) = 16:30 UTC.
    const due = '2030-01-15T17:30:00+01:00';
    await call('POST', `/api/classes/${cls.id}/assignments`, teacher, { itemId: lessonId, dueAt: due });
    const { url } = (await call('GET', '/api/me/calendar', student)).json<{ url: string }>();
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await ctx.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const component = new ICAL.Component(ICAL.parse(feed.body) as unknown[]);
    const events = component.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const event = events.find((e) => e.summary === 'Due: Read: linear equations');
    expect(event).toBeDefined();
    expect(event!.startDate.toJSDate().toISOString()).toBe('2030-01-15T16:30:00.000Z');
    // A due date is a 15-minute block starting at the due time (ADR 034), free time, not a zero-length event.
    expect(event!.endDate.toJSDate().toISOString()).toBe('2030-01-15T16:45:00.000Z');
    expect(event!.duration.toSeconds()).toBe(15 * 60);
    expect(event!.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    for (const vevent of component.getAllSubcomponents('vevent'))
      expect(String(vevent.getFirstPropertyValue('dtend'))).not.toBe(String(vevent.getFirstPropertyValue('dtstart')));

    const again = (await call('GET', '/api/me/calendar', student)).json<{ url: string }>();
    expect(again.url).toBe(url);
    const reset = (await call('POST', '/api/me/calendar/reset', student)).json<{ url: string }>();
    expect(reset.url).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(reset.url).pathname })).statusCode).toBe(200);
  });
});

describe('class grades', () => {
  it('shows each member’s counting grade on the roster and the class’s gradebook, members only, per course', async () => {
    const quiz = await setUpQuiz(ctx, {}, [
      {
        title: 'Order',
        prompt: '<p>B-trees keep keys sorted.</p>',
        content: { type: 'true_false', body: {}, key: { answer: true } },
      },
    ]);
    const created = await call('POST', '/api/classes', quiz.teacher, { name: 'Graded', courseIds: [quiz.courseId] });
    const cls = created.json<TeacherClass>();
    const alice = quiz.student;
    const bob = await createUser(ctx, 'student');
    await join(alice, cls.code);
    await join(bob, cls.code);
    // Carol is enrolled in the course but not in the class: the class's gradebook leaves her out.
    const carol = await createUser(ctx, 'student');
    await call('POST', `/api/courses/${quiz.courseId}/enrolment`, carol);
    const answer = async (u: TestUser, value: boolean) => {
      const attempt = (await startAttempt(ctx, quiz, u)).json<{ id: string }>();
      const saved = await saveAnswer(ctx, u, attempt as never, quiz.questions[0]!.id, { answer: value });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      expect((await submitAttempt(ctx, u, attempt.id)).statusCode).toBe(200);
    };
    await answer(alice, true);
    await answer(bob, false);
    await answer(carol, true);

    const roster = (await call('GET', `/api/classes/${cls.id}/roster`, quiz.teacher)).json<{ items: RosterEntry[] }>();
    const gradeOf = (u: TestUser) => roster.items.find((r) => r.studentId === u.user.id)!.grades;
    expect(gradeOf(alice)).toEqual([{ courseId: quiz.courseId, courseTitle: 'Databases', percent: 100 }]);
    expect(gradeOf(bob)).toEqual([{ courseId: quiz.courseId, courseTitle: 'Databases', percent: 0 }]);

    const res = await call('GET', `/api/classes/${cls.id}/gradebook?courseId=${quiz.courseId}`, quiz.teacher);
    expect(res.statusCode, res.body).toBe(200);
    const book = res.json<Gradebook>();
    expect(book.total).toBe(2);
    expect(book.columns.map((c) => c.assessmentId)).toEqual([quiz.assessment.id]);
    expect(book.items.map((r) => [r.student.id, r.totalPercent]).sort()).toEqual(
      [
        [alice.user.id, 100],
        [bob.user.id, 0],
      ].sort(),
    );
    // The same numbers as the course's own gradebook (one counting function).
    const course = (await call('GET', `/api/courses/${quiz.courseId}/gradebook`, quiz.teacher)).json<Gradebook>();
    const aliceRow = course.items.find((r) => r.student.id === alice.user.id)!;
    expect(book.items.find((r) => r.student.id === alice.user.id)!.cells).toEqual(aliceRow.cells);
    expect(course.total).toBe(3);

    // Another teacher, a member, or a course outside the class: 404, nothing leaks.
    const other = await createUser(ctx, 'teacher');
    expect((await call('GET', `/api/classes/${cls.id}/gradebook?courseId=${quiz.courseId}`, other)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/classes/${cls.id}/gradebook?courseId=${quiz.courseId}`, alice)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/classes/${cls.id}/gradebook?courseId=${courseA}`, quiz.teacher)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/classes/${cls.id}/gradebook?courseId=nope`, quiz.teacher)).statusCode).toBe(400);
  });

  it('reads a page of the class gradebook in a fixed number of queries, whatever the class size', async () => {
    const quiz = await setUpQuiz(ctx);
    const cls = (
      await call('POST', '/api/classes', quiz.teacher, { name: 'Big', courseIds: [quiz.courseId] })
    ).json<TeacherClass>();
    const students = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx, 'student')));
    await join(students[0]!, cls.code);
    const url = `/api/classes/${cls.id}/gradebook?courseId=${quiz.courseId}&pageSize=50`;
    // The course's columns are read once, then kept until they change (lib/gradebook.ts): both reads below find them.
    expect((await call('GET', url, quiz.teacher)).statusCode).toBe(200);
    const small = await countQueries(ctx.database, () => call('GET', url, quiz.teacher));
    for (const s of students.slice(1)) await join(s, cls.code);
    const large = await countQueries(ctx.database, () => call('GET', url, quiz.teacher));
    expect(large.length).toBe(small.length);
  });
});

describe('assignment counts', () => {
  it('counts submitted / late / missing from attempts and each learner’s window (extensions included)', async () => {
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: 3 }, [
      {
        title: 'Order',
        prompt: '<p>B-trees keep keys sorted.</p>',
        content: { type: 'true_false', body: {}, key: { answer: true } },
      },
    ]);
    const cls = (
      await call('POST', '/api/classes', quiz.teacher, { name: 'Counts', courseIds: [quiz.courseId] })
    ).json<TeacherClass>();
    const alice = quiz.student;
    const [bob, carol, dan] = await Promise.all([1, 2, 3].map(() => createUser(ctx, 'student')));
    for (const u of [alice, bob!, carol!, dan!]) await join(u, cls.code);
    const saved = now;
    await call('POST', `/api/classes/${cls.id}/assignments`, quiz.teacher, {
      itemId: quiz.assessment.id,
      dueAt: new Date(now + HOUR).toISOString(),
    });
    await call('PUT', `/api/classes/${cls.id}/members/${alice.user.id}/accommodation`, quiz.teacher, {
      dueExtensionHours: 48,
    });
    type Counts = Pick<Assignment, 'doneCount' | 'lateCount' | 'missingCount' | 'accommodatedCount' | 'learnerCount'>;
    const counts = async () =>
      (await call('GET', `/api/classes/${cls.id}/assignments`, quiz.teacher)).json<{ items: Counts[] }>().items[0]!;
    // Dan submits on time; an attempt still in progress (Carol's) is not a submission.
    const danAttempt = (await startAttempt(ctx, quiz, dan)).json<{ id: string }>();
    await submitAttempt(ctx, dan!, danAttempt.id);
    await startAttempt(ctx, quiz, carol);
    expect(await counts()).toMatchObject({ learnerCount: 4, doneCount: 1, lateCount: 0, missingCount: 0 });

    // Two hours later: Alice (extended by 2 days) and Bob submit; only Bob is late; Carol is missing; Alice's
    // accommodation shows.
    now += 2 * HOUR;
    for (const u of [alice, bob!]) {
      const attempt = (await startAttempt(ctx, quiz, u)).json<{ id: string }>();
      expect((await submitAttempt(ctx, u, attempt.id)).statusCode).toBe(200);
    }
    expect(await counts()).toMatchObject({
      learnerCount: 4,
      doneCount: 3,
      lateCount: 1,
      missingCount: 1,
      accommodatedCount: 1,
    });
    const list = (await call('GET', `/api/classes/${cls.id}/assignments`, quiz.teacher)).json<{
      items: Assignment[];
    }>();
    expect(list.items[0]!.accommodations).toEqual([
      {
        studentId: alice.user.id,
        name: expect.any(String),
        accommodation: expect.objectContaining({ assignmentId: null, dueExtensionHours: 48 }),
      },
    ]);

    // Alice's grades tab: her own counting score (released immediately), her own due date; class B's 404.
    const grades = await call('GET', `/api/student/classes/${cls.id}/grades`, alice);
    expect(grades.statusCode, grades.body).toBe(200);
    expect(grades.json<{ items: ClassGrade[] }>().items).toEqual([
      expect.objectContaining({
        itemId: quiz.assessment.id,
        released: true,
        points: 0,
        percent: 0,
        attempts: 1,
        dueAt: new Date(saved + HOUR + 48 * HOUR).toISOString(),
      }),
    ]);
    const outsider = await createUser(ctx, 'student');
    expect((await call('GET', `/api/student/classes/${cls.id}/grades`, outsider)).statusCode).toBe(404);
    now = saved;
  });
});
