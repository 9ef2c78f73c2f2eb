import type { AttemptForStudent, TeacherClass } from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClassService } from '../src/features/classes/service.js';
import { jobs, notificationPreferences, notifications } from '../src/db/schema/index.js';
import { raiseEvent } from '../src/lib/events.js';
import { createJobRunner } from '../src/lib/jobs.js';
import { EVERY_TYPE, setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * The learning core's notification events (ADR 027, "learning-core events"): each raised through raiseEvent in
 * the transaction of its change, to the right people and nobody else.
 */
let now = Date.now();
const ctx = useTestApp({ clock: () => now, env: { JOB_RUNNER: 'off' } });
const HOUR = 3_600_000;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, user: TestUser, payload?: object, status = 200) {
  const res = await ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

/** Notifications of a type, per recipient id. */
async function received(type: string, userIds: string[]) {
  const rows = await ctx.database.db
    .select({
      userId: notifications.userId,
      title: notifications.title,
      link: notifications.link,
      mail: notifications.mail,
    })
    .from(notifications)
    .where(and(eq(notifications.type, type), inArray(notifications.userId, userIds)));
  return rows;
}

let teacher: TestUser;
let coTeacher: TestUser;
let outsider: TestUser;
let students: TestUser[];
let courseId: string;
let lessonId: string;
let cls: TeacherClass;

beforeAll(async () => {
  [teacher, coTeacher, outsider, ...students] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
  ]);
  courseId = (await createCourse(ctx, teacher.token, { title: 'Algebra I', status: 'published' })).id;
  const api = curriculumApi(ctx);
  const section = await api.section(teacher.token, courseId, 'Week 1');
  lessonId = (await api.lesson(teacher.token, courseId, section.id, { title: 'Read: linear equations' })).id;
  cls = (
    await call('POST', '/api/classes', teacher, { name: 'Period 3 Algebra', courseIds: [courseId] }, 201)
  ).json<TeacherClass>();
  for (const student of students) await call('POST', '/api/classes/join', student, { code: cls.code });
});

describe('class events', () => {
  it('an announcement reaches every member, not the teacher or an outsider; "e-mail now" mails digest members at once but not "off"', async () => {
    const [a, b, c] = students as [TestUser, TestUser, TestUser];
    await ctx.database.db
      .insert(notificationPreferences)
      .values({ userId: c.user.id, type: 'class.announcement', email: 'off' });
    await call('POST', `/api/classes/${cls.id}/announcements`, teacher, { bodyHtml: '<p>Quiz on Friday</p>' }, 201);
    let rows = await received('class.announcement', [
      a.user.id,
      b.user.id,
      c.user.id,
      teacher.user.id,
      outsider.user.id,
    ]);
    expect(rows.map((r) => r.userId).sort()).toEqual([a.user.id, b.user.id, c.user.id].sort());
    expect(rows[0]!.title).toContain('Period 3 Algebra');
    expect(rows[0]!.link).toBe(`/student/classes/${cls.id}`);
    // Default for announcements is the digest.
    expect(rows.find((r) => r.userId === a.user.id)!.mail).toBe('digest');

    await ctx.database.db.delete(notifications).where(eq(notifications.type, 'class.announcement'));
    await call(
      'POST',
      `/api/classes/${cls.id}/announcements`,
      teacher,
      { bodyHtml: '<p>Room change</p>', emailNow: true },
      201,
    );
    rows = await received('class.announcement', [a.user.id, b.user.id, c.user.id]);
    const mail = Object.fromEntries(rows.map((r) => [r.userId, r.mail]));
    expect(mail).toEqual({ [a.user.id]: 'immediate', [b.user.id]: 'immediate', [c.user.id]: 'none' });
  });

  it('an assignment notifies the chosen learners only, or the whole class', async () => {
    const [a, b, c] = students as [TestUser, TestUser, TestUser];
    await call(
      'POST',
      `/api/classes/${cls.id}/assignments`,
      teacher,
      { itemId: lessonId, learnerIds: [b.user.id] },
      201,
    );
    let rows = await received('class.assigned', [a.user.id, b.user.id, c.user.id, teacher.user.id, outsider.user.id]);
    expect(rows.map((r) => r.userId)).toEqual([b.user.id]);
    expect(rows[0]!.title).toContain('Read: linear equations');

    await call('POST', `/api/classes/${cls.id}/assignments`, teacher, { itemId: lessonId }, 201);
    rows = await received('class.assigned', [a.user.id, b.user.id, c.user.id, teacher.user.id, outsider.user.id]);
    expect(rows.map((r) => r.userId).sort()).toEqual([a.user.id, b.user.id, b.user.id, c.user.id].sort());
  });

  it('a removed student and an added or removed co-teacher are told; nobody else', async () => {
    const extra = await createUser(ctx, 'student');
    await call('POST', '/api/classes/join', extra, { code: cls.code });
    expect(await received('class.membership', [extra.user.id])).toHaveLength(0);
    await call('DELETE', `/api/classes/${cls.id}/members/${extra.user.id}`, teacher, undefined, 204);
    const removed = await received('class.membership', [
      extra.user.id,
      teacher.user.id,
      ...students.map((s) => s.user.id),
    ]);
    expect(removed.map((r) => [r.userId, r.title])).toEqual([
      [extra.user.id, 'You were removed from Period 3 Algebra'],
    ]);

    await call('POST', `/api/classes/${cls.id}/co-teachers`, teacher, { email: coTeacher.email });
    await call('DELETE', `/api/classes/${cls.id}/co-teachers/${coTeacher.user.id}`, teacher, undefined, 204);
    const co = await received('class.membership', [coTeacher.user.id, teacher.user.id]);
    expect(co.map((r) => r.title).sort()).toEqual([
      'You were added to Period 3 Algebra as a co-teacher',
      'You were removed from Period 3 Algebra as a co-teacher',
    ]);
    // A failed removal (not a member) changes nothing and tells no one.
    await call('DELETE', `/api/classes/${cls.id}/members/${extra.user.id}`, teacher, undefined, 404);
    expect(await received('class.membership', [extra.user.id])).toHaveLength(1);
  });

  it('no event, mail job or row survives when the transaction of the change rolls back', async () => {
    const [a] = students as [TestUser];
    const before = await received('class.announcement', [a.user.id]);
    const mailJobs = async () =>
      (await ctx.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, 'notifications.mail'))).length;
    const mailJobsBefore = await mailJobs();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await raiseEvent(tx, {
          type: 'class.announcement',
          recipients: [a.user.id],
          data: { classId: cls.id, className: 'X', authorName: 'Y', excerpt: 'rolled back' },
          mailNow: true,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await received('class.announcement', [a.user.id])).toHaveLength(before.length);
    const rolledBack = await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.body, 'rolled back'));
    expect(rolledBack).toHaveLength(0);
    expect(await mailJobs()).toBe(mailJobsBefore);
  });
});

describe('due in 24 hours', () => {
  it('reminds each learner who has not handed in, once, with two runners and again later; uses their own due date', async () => {
    const late = await createUser(ctx, 'student');
    const done = await createUser(ctx, 'student');
    const dueClass = (
      await call('POST', '/api/classes', teacher, { name: 'Due class', courseIds: [courseId] }, 201)
    ).json<TeacherClass>();
    const onTime = await createUser(ctx, 'student');
    for (const s of [late, done, onTime]) await call('POST', '/api/classes/join', s, { code: dueClass.code });
    const assignment = (
      await call(
        'POST',
        `/api/classes/${dueClass.id}/assignments`,
        teacher,
        { itemId: lessonId, dueAt: new Date(now + 5 * HOUR).toISOString() },
        201,
      )
    ).json<{ id: string }>();
    // `late` has two extra days: their due date is not within 24 hours yet.
    await call('PUT', `/api/classes/${dueClass.id}/members/${late.user.id}/accommodation`, teacher, {
      assignmentId: assignment.id,
      dueExtensionHours: 48,
    });
    // `done` completed the lesson.
    await ctx.database.db.execute(
      sql`insert into item_completions (student_id, item_id) values (${done.user.id}, ${lessonId}) on conflict do nothing`,
    );

    const runners = [createJobRunner(ctx.database.db), createJobRunner(ctx.database.db)];
    for (const runner of runners) {
      const service = createClassService(ctx.database.db, {
        attempts: { hit: async () => 1, count: async () => 0 } as never,
        clock: () => now,
        publicUrl: 'http://localhost',
        refreshProgress: async () => undefined,
      });
      service.registerJobs(runner);
    }
    await Promise.all(runners.map((r) => r.drain()));
    // A later slot (and a second service racing it) finds nobody new.
    const again = createClassService(ctx.database.db, {
      attempts: {} as never,
      clock: () => now,
      publicUrl: 'http://localhost',
      refreshProgress: async () => undefined,
    });
    const [x, y] = await Promise.all([again.remindDueSoon(), again.remindDueSoon()]);
    expect(x + y).toBe(0);

    const ids = [late.user.id, done.user.id, onTime.user.id, teacher.user.id];
    let rows = await received('class.due_soon', ids);
    expect(rows.map((r) => r.userId)).toEqual([onTime.user.id]);
    expect(rows[0]!.title).toContain('is due in less than 24 hours');

    // Two days later `late` is within 24 hours of their own date: reminded once, `onTime` not again.
    now += 40 * HOUR;
    expect(await again.remindDueSoon()).toBe(1);
    expect(await again.remindDueSoon()).toBe(0);
    rows = await received('class.due_soon', ids);
    expect(rows.map((r) => r.userId).sort()).toEqual([late.user.id, onTime.user.id].sort());
    now -= 40 * HOUR;
  });
});

describe('grades and grading', () => {
  it('a teacher release tells each learner with a graded attempt once; a second release does not repeat it', async () => {
    const autoOnly = EVERY_TYPE.filter((q) => q.content.type !== 'essay');
    const quiz = await setUpQuiz(ctx, { releaseScore: 'manual' }, autoOnly);
    const started = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    expect((await submitAttempt(ctx, quiz.student, started.id)).statusCode).toBe(200);
    const bystander = await createUser(ctx, 'student');
    const url = `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/release`;
    await call('POST', url, quiz.teacher, { released: true });
    let rows = await received('grade.released', [quiz.student.user.id, quiz.teacher.user.id, bystander.user.id]);
    expect(rows.map((r) => r.userId)).toEqual([quiz.student.user.id]);
    expect(rows[0]!.link).toBe(`/student/courses/${quiz.courseId}/assessments/${quiz.assessment.id}`);
    await call('POST', url, quiz.teacher, { released: true });
    rows = await received('grade.released', [quiz.student.user.id]);
    expect(rows).toHaveLength(1);
  });

  it('submissions waiting to be graded make one notice per assessment and hour for its teacher', async () => {
    const quiz = await setUpQuiz(ctx, { releaseScore: 'immediately' });
    const second = await createUser(ctx, 'student');
    await call('POST', `/api/courses/${quiz.courseId}/enrolment`, second);
    for (const student of [quiz.student, second]) {
      const attempt = (await startAttempt(ctx, quiz, student)).json<AttemptForStudent>();
      const essay = quiz.questions.find((q) => q.content.type === 'essay')!;
      await call('PUT', `/api/attempts/${attempt.id}/answers/${essay.id}`, student, {
        response: { html: '<p>Indexes avoid full scans.</p>' },
      });
      expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);
    }
    const queued = await ctx.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.name, 'assessments.grading-waiting'));
    expect(queued.length).toBeGreaterThanOrEqual(1);
    const runners = [createJobRunner(ctx.database.db), createJobRunner(ctx.database.db)];
    const { registerGradingWaitingJob } = await import('../src/features/assessments/grading.js');
    for (const runner of runners) registerGradingWaitingJob(ctx.database.db, runner);
    await Promise.all(runners.map((r) => r.drain()));
    const rows = await received('grading.waiting', [quiz.teacher.user.id, quiz.student.user.id, second.user.id]);
    expect(rows.map((r) => r.userId)).toEqual([quiz.teacher.user.id]);
    expect(rows[0]!.link).toBe(`/teacher/courses/${quiz.courseId}/grading`);
  });
});
