import type { Announcement, ClassGrade, TeacherClass } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { createGuardian } from './security/route-table.js';

/**
 * The guardian's child view (issue 52, ADR 070): the child's released grades only, their classes' teacher
 * announcements, read-only; nothing of another student, unreleased scores or messages to the child alone.
 */
const ctx = useTestApp({ env: { JOB_RUNNER: 'off' } });
const ESSAY = {
  title: 'Why indexes?',
  prompt: '<p>Explain why databases use indexes.</p>',
  points: 10,
  content: { type: 'essay' as const, body: {}, key: {} },
};

let teacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let guardian: TestUser;
let released: QuizSetup;
let hidden: QuizSetup;
let cls: TeacherClass;
let bobsClass: TeacherClass;

const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) });
const post = (user: TestUser, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
const child = (student: TestUser, classId: string, part: 'grades' | 'announcements') =>
  `/api/guardian/children/${student.user.id}/classes/${classId}/${part}`;

async function newClass(name: string, courseIds: string[]): Promise<TeacherClass> {
  const res = await post(teacher, '/api/classes', { name, courseIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeacherClass>();
}

/** A graded attempt of the student at the quiz: `score` of 10. */
async function graded(quiz: QuizSetup, student: TestUser, score: number) {
  await ctx.database.db.execute(sql`
    insert into attempts (assessment_id, course_id, student_id, number, status, started_at, submitted_at,
      question_ids, seed, raw_score, max_score, score)
    values (${quiz.assessment.id}, ${quiz.courseId}, ${student.user.id}, 1, 'graded', now() - interval '1 day',
      now() - interval '1 day', array[${quiz.questions[0]!.id}]::uuid[], 1, ${score}, 10, ${score})`);
}

beforeAll(async () => {
  [teacher, alice, bob] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'student', { firstname: 'Alice', lastname: 'Adams' }),
    createUser(ctx, 'student', { firstname: 'Bob', lastname: 'Adams' }),
  ]);
  released = await setUpQuiz(ctx, { title: 'Released quiz', releaseScore: 'immediately' }, [ESSAY], { teacher });
  hidden = await setUpQuiz(ctx, { title: 'Hidden quiz', releaseScore: 'manual' }, [ESSAY], { teacher });
  cls = await newClass('Databases P1', [released.courseId, hidden.courseId]);
  bobsClass = await newClass('Databases P2', [released.courseId]);
  for (const [student, c] of [
    [alice, cls],
    [bob, cls],
    [bob, bobsClass],
  ] as const)
    expect((await post(student, '/api/classes/join', { code: c.code })).statusCode).toBeLessThan(300);
  for (const quiz of [released, hidden])
    await ctx.database.db.execute(sql`
      insert into class_assignments (class_id, item_id, whole_class, created_by)
      values (${cls.id}, ${quiz.assessment.id}, true, ${teacher.user.id})`);
  await graded(released, alice, 8);
  await graded(hidden, alice, 3);
  await graded(released, bob, 2);
  guardian = await createGuardian(ctx, alice.user.id);
});

describe("a guardian's view of their child", () => {
  it('lists released grades only: an unreleased score is left out, title and all', async () => {
    const res = await get(guardian, child(alice, cls.id, 'grades'));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: ClassGrade[] }>().items;
    expect(items.map((g) => [g.title, g.released, g.percent])).toEqual([['Released quiz', true, 80]]);
    expect(res.body).not.toContain('Hidden quiz');
    // Alice herself sees the hidden one as not released (no numbers): the guardian sees less, never more.
    const own = (await get(alice, `/api/student/classes/${cls.id}/grades`)).json<{ items: ClassGrade[] }>();
    expect(own.items.find((g) => g.title === 'Hidden quiz')).toMatchObject({ released: false, percent: null });
    // Once the teacher releases it, it is there.
    await ctx.database.db.execute(sql`
      update assessments set released_at = now() - interval '1 minute' where item_id = ${hidden.assessment.id}`);
    const after = (await get(guardian, child(alice, cls.id, 'grades'))).json<{ items: ClassGrade[] }>();
    expect(after.items.map((g) => [g.title, g.percent]).sort()).toEqual([
      ['Hidden quiz', 30],
      ['Released quiz', 80],
    ]);
  });

  it('shows the class’s teacher announcements, not a message the teacher sent to the child alone', async () => {
    const posted = await post(teacher, `/api/classes/${cls.id}/announcements`, {
      bodyHtml: '<p>Field trip on Friday</p>',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const privately = await post(teacher, `/api/classes/${cls.id}/messages`, {
      studentIds: [alice.user.id],
      message: 'Private: please see me about your essay',
    });
    expect(privately.statusCode, privately.body).toBeLessThan(300);
    const res = await get(guardian, child(alice, cls.id, 'announcements'));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: Announcement[] }>().items;
    expect(items.map((a) => a.bodyHtml)).toEqual(['<p>Field trip on Friday</p>']);
    expect(res.body).not.toContain('Private');
  });

  it('is 404 for a sibling not linked, and for a class the child is not in; read-only', async () => {
    // Bob: same class, same family name, not linked.
    expect((await get(guardian, child(bob, cls.id, 'grades'))).statusCode).toBe(404);
    expect((await get(guardian, child(bob, cls.id, 'announcements'))).statusCode).toBe(404);
    // Alice's own link, a class only Bob is in.
    expect((await get(guardian, child(alice, bobsClass.id, 'grades'))).statusCode).toBe(404);
    expect((await get(guardian, child(alice, bobsClass.id, 'announcements'))).statusCode).toBe(404);
    // Nothing of Bob in Alice's grades (his 20% on the same quiz).
    const mine = (await get(guardian, child(alice, cls.id, 'grades'))).json<{ items: ClassGrade[] }>();
    expect(mine.items.map((g) => g.percent)).not.toContain(20);
    // No writes: the classes' routes refuse a guardian.
    expect((await post(guardian, `/api/classes/${cls.id}/announcements`, { bodyHtml: '<p>x</p>' })).statusCode).toBe(
      403,
    );
    expect((await get(alice, child(alice, cls.id, 'grades'))).statusCode).toBe(403);
  });

  it('ends at once when the school unlinks the guardian', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/students/${alice.user.id}/guardians/${guardian.user.id}`,
      headers: bearer(teacher.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(guardian, child(alice, cls.id, 'grades'))).statusCode).toBe(404);
    expect((await get(guardian, child(alice, cls.id, 'announcements'))).statusCode).toBe(404);
  });
});
