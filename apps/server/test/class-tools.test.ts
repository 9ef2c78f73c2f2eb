import type { Assignment, AssignmentLearner, RosterEntry, TeacherClass, TodoItem } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpQuiz, startAttempt, submitAttempt, type QuizSetup } from './assessment-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

// Issue 46.4 and 46.5: editing an assignment, its Turned in / Assigned / Missing lists, late joiners never missing,
// and the roster's last activity counting attempts and completions.
let now = Date.now();
const ctx = useTestApp({ clock: () => now });
const HOUR = 3_600_000;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

let quiz: QuizSetup;
let lessonId: string;

beforeAll(async () => {
  quiz = await setUpQuiz(ctx, { attemptsAllowed: 3 }, [
    {
      title: 'Order',
      prompt: '<p>B-trees keep keys sorted.</p>',
      content: { type: 'true_false', body: {}, key: { answer: true } },
    },
  ]);
  lessonId = (await curriculumApi(ctx).lesson(quiz.teacher.token, quiz.courseId, quiz.section.id, { title: 'Read' }))
    .id;
});

async function newClass(name: string) {
  const res = await call('POST', '/api/classes', quiz.teacher, { name, courseIds: [quiz.courseId] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeacherClass>();
}

async function join(student: TestUser, code: string) {
  const res = await call('POST', '/api/classes/join', student, { code });
  expect(res.statusCode, res.body).toBe(200);
}

describe('an assignment’s lists and late joiners (issue 46.4)', () => {
  it('lists who turned it in, who is assigned and who is missing; a learner who joined after the due date is not missing', async () => {
    const saved = now;
    const cls = await newClass('Lists');
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map(() => createUser(ctx, 'student')));
    await join(alice!, cls.code);
    await join(carol!, cls.code);
    const created = await call('POST', `/api/classes/${cls.id}/assignments`, quiz.teacher, {
      itemId: lessonId,
      dueAt: new Date(now + HOUR).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const assignment = created.json<Assignment>();
    // Carol reads it before the due date.
    expect((await curriculumApi(ctx).complete(carol!.token, quiz.courseId, lessonId)).statusCode).toBe(200);

    // Two hours later Bob joins the class: the due date passed before he was in it.
    now += 2 * HOUR;
    await join(bob!, cls.code);
    const counts = (await call('GET', `/api/classes/${cls.id}/assignments`, quiz.teacher)).json<{
      items: Assignment[];
    }>().items[0]!;
    expect(counts).toMatchObject({ learnerCount: 3, doneCount: 1, lateCount: 0, missingCount: 1 });

    const list = async (status: string) => {
      const res = await call(
        'GET',
        `/api/classes/${cls.id}/assignments/${assignment.id}/learners?status=${status}`,
        quiz.teacher,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: AssignmentLearner[]; total: number }>();
    };
    const missing = await list('missing');
    expect(missing.items.map((l) => l.studentId)).toEqual([alice!.user.id]);
    expect(missing.total).toBe(1);
    const assigned = await list('assigned');
    expect(assigned.items).toEqual([
      expect.objectContaining({ studentId: bob!.user.id, status: 'assigned', dueAt: null, turnedInAt: null }),
    ]);
    const turnedIn = await list('turned-in');
    expect(turnedIn.items).toEqual([
      expect.objectContaining({ studentId: carol!.user.id, status: 'turned-in', late: false }),
    ]);
    // Without a status, every learner of it.
    const all = await call('GET', `/api/classes/${cls.id}/assignments/${assignment.id}/learners`, quiz.teacher);
    expect(all.json<{ total: number }>().total).toBe(3);
    // Bob's own to-do says the same: assigned, not missing.
    const bobTodo = (await call('GET', `/api/student/classes/${cls.id}/todo`, bob!)).json<{ items: TodoItem[] }>();
    expect(bobTodo.items[0]!.status).toBe('assigned');

    // Nobody else reads the lists; a wrong status is refused.
    const other = await createUser(ctx, 'teacher');
    const url = `/api/classes/${cls.id}/assignments/${assignment.id}/learners?status=missing`;
    expect((await call('GET', url, other)).statusCode).toBe(404);
    expect((await call('GET', url.replace('missing', 'lost'), quiz.teacher)).statusCode).toBe(400);
    now = saved;
  });
});

describe('editing an assignment (issue 46.4)', () => {
  it('changes its dates and whom it is for, keeping the dates in order', async () => {
    const saved = now;
    const cls = await newClass('Edit');
    const [alice, bob] = await Promise.all([1, 2].map(() => createUser(ctx, 'student')));
    await join(alice!, cls.code);
    await join(bob!, cls.code);
    const created = (
      await call('POST', `/api/classes/${cls.id}/assignments`, quiz.teacher, {
        itemId: quiz.assessment.id,
        dueAt: new Date(now + HOUR).toISOString(),
      })
    ).json<Assignment>();
    now += 2 * HOUR;
    const url = `/api/classes/${cls.id}/assignments/${created.id}`;
    const before = (await call('GET', `/api/classes/${cls.id}/assignments`, quiz.teacher)).json<{
      items: Assignment[];
    }>();
    expect(before.items[0]).toMatchObject({ id: created.id, missingCount: 2 });

    // A later due date: nobody is missing it any more.
    const later = new Date(now + 24 * HOUR).toISOString();
    const moved = await call('PATCH', url, quiz.teacher, { dueAt: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Assignment>()).toMatchObject({ dueAt: later, missingCount: 0, learnerCount: 2 });

    // A closing date before the due date is refused, on its field.
    const wrong = await call('PATCH', url, quiz.teacher, { closesAt: new Date(now + HOUR).toISOString() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('closesAt');

    // For Alice only, then for the whole class again.
    const chosen = await call('PATCH', url, quiz.teacher, { learnerIds: [alice!.user.id] });
    expect(chosen.json<Assignment>()).toMatchObject({ wholeClass: false, learnerCount: 1, dueAt: later });
    const todo = async (u: TestUser) =>
      (await call('GET', `/api/student/classes/${cls.id}/todo`, u)).json<{ total: number }>().total;
    expect(await todo(bob!)).toBe(0);
    expect(await todo(alice!)).toBe(1);
    const whole = await call('PATCH', url, quiz.teacher, { learnerIds: null });
    expect(whole.json<Assignment>()).toMatchObject({ wholeClass: true, learnerCount: 2 });
    expect(await todo(bob!)).toBe(1);

    // Another teacher's PATCH finds nothing; a learner outside the class is refused.
    const other = await createUser(ctx, 'teacher');
    expect((await call('PATCH', url, other, { dueAt: null })).statusCode).toBe(404);
    const outsider = await createUser(ctx, 'student');
    expect((await call('PATCH', url, quiz.teacher, { learnerIds: [outsider.user.id] })).statusCode).toBe(400);
    now = saved;
  });
});

describe('the roster’s last activity (issue 46.5)', () => {
  it('counts starting and submitting an attempt and completing a lesson, not only opening one', async () => {
    const saved = now;
    const cls = await newClass('Activity');
    const [ann, ben] = await Promise.all([1, 2].map(() => createUser(ctx, 'student')));
    await join(ann!, cls.code);
    await join(ben!, cls.code);
    const activity = async () => {
      const res = await call('GET', `/api/classes/${cls.id}/roster`, quiz.teacher);
      expect(res.statusCode, res.body).toBe(200);
      return new Map(res.json<{ items: RosterEntry[] }>().items.map((r) => [r.studentId, r.lastActivityAt]));
    };
    expect([...(await activity()).values()]).toEqual([null, null]);

    // Ann starts an attempt (the app's clock, ahead of joining).
    now = Date.now() + HOUR;
    const started = now;
    const attempt = await startAttempt(ctx, quiz, ann!);
    expect(attempt.statusCode, attempt.body).toBe(201);
    expect((await activity()).get(ann!.user.id)).toBe(new Date(started).toISOString());

    // She submits an hour later: that is her last activity.
    now += HOUR;
    expect((await submitAttempt(ctx, ann!, attempt.json<{ id: string }>().id)).statusCode).toBe(200);
    expect((await activity()).get(ann!.user.id)).toBe(new Date(now).toISOString());

    // Ben completes the lesson without opening it first.
    expect((await activity()).get(ben!.user.id)).toBeNull();
    expect((await curriculumApi(ctx).complete(ben!.token, quiz.courseId, lessonId)).statusCode).toBe(200);
    expect((await activity()).get(ben!.user.id)).not.toBeNull();
    now = saved;
  });
});
