import type { BankQuestion, MyRubricPage, Rubric, RubricPage } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * Issue 54.5: rubrics reused from the browser — a duplicate in the same course, a copy into another course the
 * teacher teaches, the list of every rubric of the teacher's courses, and the title of what a rubric is attached to.
 */
const ctx = useTestApp();

let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let admin: TestUser;
let courseId: string;
let secondCourseId: string;
let foreignCourseId: string;
let essay: BankQuestion;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const CRITERIA = [
  {
    title: 'Argument',
    description: 'Does the answer reason from the prompt?',
    levels: [
      { title: 'Weak', points: 0 },
      { title: 'Sound', description: 'Each step follows', points: 2.5 },
    ],
  },
  { title: 'Sources', levels: [{ title: 'Cited', points: 1 }] },
];

async function rubric(title: string, extra: object = {}): Promise<Rubric> {
  const res = await call('POST', `/api/courses/${courseId}/rubrics`, teacher.token, {
    title,
    criteria: CRITERIA,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Rubric>();
}

beforeAll(async () => {
  [teacher, otherTeacher, student, admin] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'student'),
    createUser(ctx, 'admin'),
  ]);
  courseId = (await createCourse(ctx, teacher.token, { title: 'Databases' })).id;
  secondCourseId = (await createCourse(ctx, teacher.token, { title: 'Databases II' })).id;
  foreignCourseId = (await createCourse(ctx, otherTeacher.token, { title: 'Someone else’s course' })).id;
  const res = await call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
    title: 'Why indexes?',
    prompt: '<p>Explain why a database uses indexes.</p>',
    points: 4,
    content: { type: 'essay', body: {}, key: {} },
  });
  expect(res.statusCode, res.body).toBe(201);
  essay = res.json<BankQuestion>();
});

describe('rubric reuse (issue 54.5)', () => {
  it('names what a rubric is attached to, in the rubric and in the course list; detached, nothing', async () => {
    const attached = await rubric('Essay rubric', { attachTo: { type: 'question', id: essay.id } });
    expect(attached).toMatchObject({ attachedTo: { type: 'question', id: essay.id }, attachedTitle: 'Why indexes?' });
    const read = (await call('GET', `/api/rubrics/${attached.id}`, teacher.token)).json<Rubric>();
    expect(read.attachedTitle).toBe('Why indexes?');
    const list = (await call('GET', `/api/courses/${courseId}/rubrics`, teacher.token)).json<RubricPage>();
    expect(list.items.find((r) => r.id === attached.id)).toMatchObject({
      attachedTitle: 'Why indexes?',
      maxPoints: 3.5,
    });

    const detached = await call('PATCH', `/api/rubrics/${attached.id}`, teacher.token, {
      version: attached.version,
      attachTo: null,
    });
    expect(detached.json<Rubric>()).toMatchObject({ attachedTo: null, attachedTitle: null });
  });

  it('duplicates a rubric in its course: same criteria and points with new ids, "(copy)", attached to nothing', async () => {
    const original = await rubric('Lab report', { attachTo: null });
    await call('PATCH', `/api/rubrics/${original.id}`, teacher.token, {
      version: original.version,
      attachTo: { type: 'question', id: essay.id },
    });
    const res = await call('POST', `/api/rubrics/${original.id}/copy`, teacher.token, {});
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<Rubric>();
    expect(copy).toMatchObject({
      courseId,
      title: 'Lab report (copy)',
      maxPoints: 3.5,
      attachedTo: null,
      attachedTitle: null,
      version: 1,
    });
    expect(copy.id).not.toBe(original.id);
    const shape = (r: Rubric) =>
      r.criteria.map((c) => ({
        title: c.title,
        description: c.description,
        levels: c.levels.map((l) => [l.title, l.description, l.points]),
      }));
    expect(shape(copy)).toEqual(shape(original));
    const ids = (r: Rubric) => r.criteria.flatMap((c) => [c.id, ...c.levels.map((l) => l.id)]);
    expect(ids(copy).some((id) => ids(original).includes(id))).toBe(false);
    // The original keeps its question; editing the copy leaves the original alone.
    await call('PATCH', `/api/rubrics/${copy.id}`, teacher.token, { version: copy.version, title: 'Lab report v2' });
    expect((await call('GET', `/api/rubrics/${original.id}`, teacher.token)).json<Rubric>()).toMatchObject({
      title: 'Lab report',
      attachedTo: { type: 'question', id: essay.id },
    });

    // A title at the limit still fits with its suffix; a title given is used as it is.
    const long = await rubric('x'.repeat(120));
    const longCopy = (await call('POST', `/api/rubrics/${long.id}/copy`, teacher.token, {})).json<Rubric>();
    expect(longCopy.title).toHaveLength(120);
    expect(longCopy.title.endsWith(' (copy)')).toBe(true);
    const named = await call('POST', `/api/rubrics/${long.id}/copy`, teacher.token, { title: 'Short' });
    expect(named.json<Rubric>().title).toBe('Short');
  });

  it('copies a rubric into another course I teach, under the same title', async () => {
    const original = await rubric('Presentation');
    const res = await call('POST', `/api/rubrics/${original.id}/copy`, teacher.token, { courseId: secondCourseId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Rubric>()).toMatchObject({ courseId: secondCourseId, title: 'Presentation', maxPoints: 3.5 });
    const there = (await call('GET', `/api/courses/${secondCourseId}/rubrics`, teacher.token)).json<RubricPage>();
    expect(there.items.map((r) => r.title)).toContain('Presentation');
  });

  it('refuses a copy into a course I do not teach, and a copy of a rubric of another teacher', async () => {
    const original = await rubric('Private rubric');
    const into = await call('POST', `/api/rubrics/${original.id}/copy`, teacher.token, { courseId: foreignCourseId });
    expect(into.statusCode, into.body).toBe(403);
    const from = await call('POST', `/api/rubrics/${original.id}/copy`, otherTeacher.token, {
      courseId: foreignCourseId,
    });
    expect(from.statusCode, from.body).toBe(403);
    expect((await call('POST', `/api/rubrics/${original.id}/copy`, student.token, {})).statusCode).toBe(403);
    const missing = await call('POST', `/api/rubrics/${original.id}/copy`, teacher.token, {
      courseId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const extra = await call('POST', `/api/rubrics/${original.id}/copy`, teacher.token, { attachTo: null });
    expect(extra.statusCode).toBe(400);
    // Nothing was added to the other teacher's course; an admin may copy into any course.
    const foreign = (
      await call('GET', `/api/courses/${foreignCourseId}/rubrics`, otherTeacher.token)
    ).json<RubricPage>();
    expect(foreign.total).toBe(0);
    const byAdmin = await call('POST', `/api/rubrics/${original.id}/copy`, admin.token, { courseId: foreignCourseId });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it('lists the rubrics of every course I teach with their course; not another teacher’s; filters by course and title', async () => {
    const mine = await rubric('Reusable essay rubric');
    const theirs = await call('POST', `/api/courses/${foreignCourseId}/rubrics`, otherTeacher.token, {
      title: 'Their rubric',
      criteria: CRITERIA,
    });
    expect(theirs.statusCode).toBe(201);

    const page = (await call('GET', '/api/me/rubrics?pageSize=100', teacher.token)).json<MyRubricPage>();
    expect(page.items.find((r) => r.id === mine.id)).toMatchObject({
      title: 'Reusable essay rubric',
      course: { id: courseId, title: 'Databases' },
      maxPoints: 3.5,
    });
    expect(page.items.some((r) => r.title === 'Their rubric')).toBe(false);
    expect(page.items.some((r) => r.course.id === secondCourseId)).toBe(true);

    const others = (
      await call('GET', `/api/me/rubrics?pageSize=100&excludeCourseId=${courseId}`, teacher.token)
    ).json<MyRubricPage>();
    expect(others.items.length).toBeGreaterThan(0);
    expect(others.items.every((r) => r.course.id !== courseId)).toBe(true);

    const found = (await call('GET', '/api/me/rubrics?q=reusable', teacher.token)).json<MyRubricPage>();
    expect(found.items.map((r) => r.id)).toEqual([mine.id]);
    expect(found.total).toBe(1);

    const theirList = (await call('GET', '/api/me/rubrics', otherTeacher.token)).json<MyRubricPage>();
    // Only their own course's rubrics (with the admin's copy into it from the test above).
    expect(theirList.items.map((r) => r.title)).toContain('Their rubric');
    expect(theirList.items.every((r) => r.course.id === foreignCourseId)).toBe(true);
    expect((await call('GET', '/api/me/rubrics', student.token)).statusCode).toBe(403);
  });
});
