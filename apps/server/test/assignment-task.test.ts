import type { Assessment, AttemptForStudent, BankQuestion, InboxPage, Section } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
async function ok<T>(res: { statusCode: number; body: string; json: <U>() => U }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

let teacher: TestUser;
let student: TestUser;
let courseId: string;
let task: BankQuestion;
let assignment: Assessment;
let attemptId: string;

beforeAll(async () => {
  [teacher, student] = await Promise.all([createUser(ctx, 'teacher'), createUser(ctx, 'student')]);
  courseId = (await createCourse(ctx, teacher.token, { status: 'published', title: 'Writing' })).id;
  const section = await ok<Section>(
    await call('POST', `/api/courses/${courseId}/sections`, teacher.token, { title: 'Week 1' }),
    201,
  );
  task = await ok<BankQuestion>(
    await call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
      title: 'Report',
      prompt: '<p>Write a one-page report on your lab.</p>',
      points: 10,
      content: { type: 'task', body: { allowText: true, allowFiles: false }, key: {} },
    }),
    201,
  );
  const draft = await ok<Assessment>(
    await call('POST', `/api/courses/${courseId}/sections/${section.id}/assessments`, teacher.token, {
      title: 'Lab report',
      points: 10,
      attemptsAllowed: 1,
      countingRule: 'highest',
      releaseScore: 'manual',
      releaseFeedback: 'manual',
      releaseAnswers: 'manual',
    }),
    201,
  );
  const parts = await ok<Assessment>(
    await call('PUT', `/api/courses/${courseId}/assessments/${draft.id}/parts`, teacher.token, {
      version: draft.version,
      parts: [{ mode: 'fixed', questionIds: [task.id] }],
    }),
  );
  assignment = await ok<Assessment>(
    await call('POST', `/api/courses/${courseId}/assessments/${draft.id}/publish`, teacher.token, {
      version: parts.version,
      published: true,
    }),
  );
  await ok(await call('POST', `/api/courses/${courseId}/enrolment`, student.token));
  const attempt = await ok<AttemptForStudent>(
    await call('POST', `/api/courses/${courseId}/assessments/${assignment.id}/attempts`, student.token, {}),
    201,
  );
  attemptId = attempt.id;
});

describe('task question (assignment submission)', () => {
  it('is served to the student without a key, with what may be handed in', async () => {
    const attempt = await ok<AttemptForStudent>(await call('GET', `/api/attempts/${attemptId}`, student.token));
    const served = JSON.stringify(attempt);
    expect(served).toContain('"type":"task"');
    expect(served).toContain('"allowText":true');
  });

  it('refuses files on a text-only task, and sanitises the text', async () => {
    const refused = await call('PUT', `/api/attempts/${attemptId}/answers/${task.id}`, student.token, {
      response: { html: '<p>x</p>', files: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Question 1: the answer has files; this task takes text only');
    await ok(
      await call('PUT', `/api/attempts/${attemptId}/answers/${task.id}`, student.token, {
        response: { html: '<p>My lab went well.</p><script>alert(1)</script>' },
      }),
    );
    await ok(await call('POST', `/api/attempts/${attemptId}/submit`, student.token));
  });

  it('lands in the grading inbox as an answer needing a person, with the sanitised text', async () => {
    const page = await ok<InboxPage>(
      await call('GET', `/api/grading/inbox?courseId=${courseId}&assessmentId=${assignment.id}`, teacher.token),
    );
    expect(page.items).toHaveLength(1);
    const response = JSON.stringify(page.items[0]);
    expect(response).toContain('My lab went well.');
    expect(response).not.toContain('<script>');
  });

  it('is left out of a GIFT export with a comment saying why', async () => {
    const exported = await call('GET', `/api/courses/${courseId}/questions/export`, teacher.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('// Not exported: "Report" (GIFT has no file or assignment submissions)');
  });
});
