import {
  sequenceLockedMessage,
  type Assessment,
  type AttemptForStudent,
  type CreateBankQuestionBody,
  type SubmissionFile,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attempts } from '../src/db/schema/index.js';
import { setUpQuiz, startAttempt } from './assessment-helpers.js';
import { curriculumApi, multipart, PDF } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const api = curriculumApi(ctx);

const QUESTIONS: CreateBankQuestionBody[] = [
  {
    title: 'Q01 TF indexes',
    prompt: '<p>An index can speed up reads.</p>',
    content: { type: 'true_false', body: {}, key: { answer: true } },
  },
  {
    title: 'Q02 task report',
    prompt: '<p>Hand in your report.</p>',
    points: 5,
    content: { type: 'task', body: { allowText: true, allowFiles: true, maxFiles: 2 }, key: {} },
  },
];

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) {
  return ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
}

function upload(user: TestUser, attemptId: string, questionId: string) {
  const body = multipart([{ name: 'file', data: PDF, filename: 'report.pdf', contentType: 'application/pdf' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/attempts/${attemptId}/questions/${questionId}/files`,
    headers: { ...body.headers, ...bearer(user.token) },
    payload: body.payload,
  });
}

/**
 * A published course whose section holds a required lesson "Read first" and then the quiz (true/false and a task
 * taking files); the student is enrolled and, before the course turns sequential, started an attempt and handed in
 * a file. Then the teacher turns sequential mode on.
 */
async function lockedQuiz() {
  const quiz = await setUpQuiz(ctx, { attemptsAllowed: 3, releaseFeedback: 'immediately' }, QUESTIONS);
  const lesson = await api.lesson(quiz.teacher.token, quiz.courseId, quiz.section.id, { title: 'Read first' });
  const moved = await inject(
    'POST',
    `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/move`,
    quiz.teacher,
    { sectionId: quiz.section.id, position: 1 },
  );
  expect(moved.statusCode, moved.body).toBe(200);
  expect(moved.json<Assessment>().id).toBe(quiz.assessment.id);
  const started = await startAttempt(ctx, quiz);
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json<AttemptForStudent>();
  const [tf, task] = [quiz.questions[0]!.id, quiz.questions[1]!.id];
  const handedIn = await upload(quiz.student, attempt.id, task);
  expect(handedIn.statusCode, handedIn.body).toBe(201);
  const file = handedIn.json<SubmissionFile>();
  const key = file.url.split('/').pop()!;
  const sequential = await api.call('PATCH', `/api/courses/${quiz.courseId}/curriculum`, quiz.teacher.token, {
    sequential: true,
  });
  expect(sequential.statusCode).toBe(200);
  return { quiz, lesson, attempt, tf, task, file, key };
}

describe('sequential mode on assessments', () => {
  it('locks the start and every attempt route (403, the outline’s reason) until the lesson before is complete', async () => {
    const { quiz, lesson, attempt, tf, task, file, key } = await lockedQuiz();
    const outline = await api.outline(quiz.courseId, quiz.student.token);
    const item = outline.sections[0]!.items.find((i) => i.id === quiz.assessment.id)!;
    expect([item.locked, item.lockReason, item.blockedBy]).toEqual([true, 'sequence', lesson.id]);

    const base = `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}`;
    const routes = {
      'start page': () => inject('GET', `${base}/start`, quiz.student),
      start: () => inject('POST', `${base}/attempts`, quiz.student, {}),
      'read the attempt': () => inject('GET', `/api/attempts/${attempt.id}`, quiz.student),
      'save an answer': () =>
        inject('PUT', `/api/attempts/${attempt.id}/answers/${tf}`, quiz.student, { response: { answer: true } }),
      'upload a file': () => upload(quiz.student, attempt.id, task),
      'download my file': () => inject('GET', `/api/attempts/${attempt.id}/files/${key}`, quiz.student),
      'remove my file': () => inject('DELETE', `/api/attempts/${attempt.id}/files/${file.id}`, quiz.student),
      'rubric feedback': () => inject('GET', `/api/me/attempts/${attempt.id}/rubrics`, quiz.student),
      submit: () => inject('POST', `/api/attempts/${attempt.id}/submit`, quiz.student),
    };
    for (const [name, call] of Object.entries(routes)) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      expect(res.json<{ message: string }>().message, name).toBe(sequenceLockedMessage('Read first'));
    }
    // Nothing changed behind the refusals: the answer was not saved, the file is still there, not submitted.
    const [inDb] = await ctx.database.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(inDb).toMatchObject({ status: 'in_progress', savesCount: 0 });

    expect((await api.complete(quiz.student.token, quiz.courseId, lesson.id)).statusCode).toBe(200);
    expect((await routes['start page']()).statusCode).toBe(200);
    const resumed = await routes.start();
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<AttemptForStudent>().id).toBe(attempt.id);
    expect((await routes['read the attempt']()).statusCode).toBe(200);
    expect((await routes['save an answer']()).statusCode).toBe(200);
    expect((await routes['download my file']()).statusCode).toBe(200);
    expect((await routes['upload a file']()).statusCode).toBe(201);
    expect((await routes['remove my file']()).statusCode).toBe(204);
    expect((await routes.submit()).statusCode).toBe(200);
    expect((await routes['rubric feedback']()).statusCode).toBe(200);
  });

  it('answers 404, not the lock, for another student’s attempt; a course not sequential locks nothing', async () => {
    const { quiz, attempt } = await lockedQuiz();
    const stranger = await createUser(ctx, 'student');
    const answer = { response: { answer: true } };
    expect((await inject('GET', `/api/attempts/${attempt.id}`, stranger)).statusCode).toBe(404);
    const save = await inject('PUT', `/api/attempts/${attempt.id}/answers/${quiz.questions[0]!.id}`, stranger, answer);
    expect(save.statusCode).toBe(404);
    expect((await inject('POST', `/api/attempts/${attempt.id}/submit`, stranger)).statusCode).toBe(404);

    // The same layout with the mode off: the lesson before it is not complete, the quiz starts anyway.
    const open = await setUpQuiz(ctx, {}, QUESTIONS.slice(0, 1));
    await api.lesson(open.teacher.token, open.courseId, open.section.id, { title: 'Read first' });
    const base = `/api/courses/${open.courseId}/assessments/${open.assessment.id}`;
    const moved = await inject('POST', `${base}/move`, open.teacher, { sectionId: open.section.id, position: 1 });
    expect(moved.statusCode).toBe(200);
    expect((await startAttempt(ctx, open)).statusCode).toBe(201);
  });
});
