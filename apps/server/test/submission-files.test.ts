import {
  ASSESSMENT_MESSAGES,
  SUBMISSION_FILE_MESSAGES,
  type AttemptForStudent,
  type CreateBankQuestionBody,
  type InboxPage,
  type SubmissionFile,
} from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpQuiz, startAttempt, submitAttempt, type QuizSetup } from './assessment-helpers.js';
import { multipart, PDF } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const START = Date.parse('2026-11-24T09:00:00Z');
let nowMs = START;
const ctx = useTestApp({ clock: () => nowMs });
const DAY = 24 * 60 * 60_000;

const taskQuestion = (body: {
  allowText?: boolean;
  allowFiles: boolean;
  maxFiles?: number;
}): CreateBankQuestionBody => ({
  title: 'Lab report',
  prompt: '<p>Hand in your lab report.</p>',
  points: 10,
  content: { type: 'task', body: { allowText: true, maxFiles: 2, ...body }, key: {} },
});

let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let otherStudent: TestUser;
let quiz: QuizSetup;

function upload(token: string | null, attemptId: string, questionId: string, data: Buffer | string, filename: string) {
  const body = multipart([{ name: 'file', data, filename, contentType: 'application/pdf' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/attempts/${attemptId}/questions/${questionId}/files`,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

async function newAttempt(setup: QuizSetup, student = setup.student): Promise<AttemptForStudent> {
  const res = await startAttempt(ctx, setup, student);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AttemptForStudent>();
}

/** An assignment of one task question (files allowed, at most 2) in a course of `teacher`. */
async function assignment(settings: Record<string, unknown> = {}, body = { allowFiles: true }) {
  return setUpQuiz(
    ctx,
    { kind: 'assignment', attemptsAllowed: null, releaseScore: 'manual', releaseFeedback: 'manual', ...settings },
    [taskQuestion(body)],
    { teacher },
  );
}

beforeAll(async () => {
  [teacher, otherTeacher, admin, otherStudent] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
    createUser(ctx, 'student'),
  ]);
  quiz = await assignment();
});

describe('assignment file hand-ins', () => {
  it('stores a PDF in the answer, serves it to the student and the course teacher as a download, nobody else', async () => {
    const attempt = await newAttempt(quiz);
    const questionId = quiz.questions[0]!.id;
    const res = await upload(quiz.student.token, attempt.id, questionId, PDF, 'C:\\lab\\Report; week 1.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<SubmissionFile>();
    expect(file).toMatchObject({ name: 'Report week 1.pdf', type: 'application/pdf', size: PDF.length, questionId });

    const mine = (await get(`/api/attempts/${attempt.id}`, quiz.student.token)).json<AttemptForStudent>();
    expect(mine.questions[0]!.files).toEqual([file]);
    expect(mine.questions[0]!.response).toEqual({ html: '', files: [file.id] });

    const served = await get(file.url, quiz.student.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Report week 1.pdf"; filename*=UTF-8''Report%20week%201.pdf`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(PDF)).toBe(true);
    const part = await get(file.url, quiz.student.token, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.payload).toBe('%PDF');

    // Text saved afterwards keeps the file, whatever `files` the client sends.
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/attempts/${attempt.id}/answers/${questionId}`,
      headers: bearer(quiz.student.token),
      payload: { response: { html: '<p>See the attached report.</p>', files: [] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await submitAttempt(ctx, quiz.student, attempt.id)).statusCode).toBe(200);

    // The grading inbox lists it with the teacher's download address.
    const inbox = await get(
      `/api/grading/inbox?courseId=${quiz.courseId}&assessmentId=${quiz.assessment.id}&status=all`,
      teacher.token,
    );
    const item = inbox.json<InboxPage>().items.find((i) => i.attemptId === attempt.id)!;
    expect(item.response).toEqual({ html: '<p>See the attached report.</p>', files: [file.id] });
    expect(item.files).toHaveLength(1);
    const key = file.url.split('/').pop()!;
    expect(item.files[0]).toMatchObject({ id: file.id, name: 'Report week 1.pdf', size: PDF.length });
    expect(item.files[0]!.url).toBe(`/api/courses/${quiz.courseId}/submission-files/${key}`);
    const forTeacher = await get(item.files[0]!.url, teacher.token);
    expect(forTeacher.statusCode).toBe(200);
    expect(forTeacher.headers['content-disposition']).toContain('attachment;');
    expect(forTeacher.headers['x-content-type-options']).toBe('nosniff');
    expect(forTeacher.rawPayload.equals(PDF)).toBe(true);
    expect((await get(item.files[0]!.url, admin.token)).statusCode).toBe(200);

    // Another teacher, another student (enrolled, with an attempt of their own), the teacher on the student's address.
    expect((await get(item.files[0]!.url, otherTeacher.token)).statusCode).toBe(403);
    expect((await get(item.files[0]!.url, otherStudent.token)).statusCode).toBe(403);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${quiz.courseId}/enrolment`,
      headers: bearer(otherStudent.token),
    });
    const theirs = await newAttempt(quiz, otherStudent);
    expect((await get(file.url, otherStudent.token)).statusCode).toBe(404);
    expect((await get(`/api/attempts/${theirs.id}/files/${key}`, otherStudent.token)).statusCode).toBe(404);
    expect((await get(file.url, teacher.token)).statusCode).toBe(403);
    expect((await upload(otherStudent.token, attempt.id, questionId, PDF, 'x.pdf')).statusCode).toBe(404);
    const foreignDelete = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/attempts/${theirs.id}/files/${file.id}`,
      headers: bearer(otherStudent.token),
    });
    expect(foreignDelete.statusCode).toBe(404);
    // Another teacher's course path does not reach the file either.
    const elsewhere = await assignment();
    expect((await get(`/api/courses/${elsewhere.courseId}/submission-files/${key}`, teacher.token)).statusCode).toBe(
      404,
    );
  });

  it('refuses a 21 MB file with 413 and disguised HTML or SVG with 415, keeping nothing', async () => {
    const setup = await assignment();
    const attempt = await newAttempt(setup);
    const questionId = setup.questions[0]!.id;
    const big = await upload(
      setup.student.token,
      attempt.id,
      questionId,
      Buffer.concat([PDF, Buffer.alloc(21 << 20)]),
      'big.pdf',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(SUBMISSION_FILE_MESSAGES.tooLarge);
    for (const content of [
      '<!doctype html><html><script>alert(document.cookie)</script></html>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '#!/bin/sh\nrm -rf ~\n',
    ]) {
      const res = await upload(setup.student.token, attempt.id, questionId, content, 'report.pdf');
      expect(res.statusCode, content).toBe(415);
      expect(res.json().message).toBe(SUBMISSION_FILE_MESSAGES.type);
    }
    const after = (await get(`/api/attempts/${attempt.id}`, setup.student.token)).json<AttemptForStudent>();
    expect(after.questions[0]!.files).toEqual([]);
    expect(after.questions[0]!.response).toBeNull();
  });

  it('takes plain text, served as text/plain in UTF-8, still as a download', async () => {
    const setup = await assignment();
    const attempt = await newAttempt(setup);
    const res = await upload(
      setup.student.token,
      attempt.id,
      setup.questions[0]!.id,
      'Résultats : 42 ± 1\n',
      'notes.md',
    );
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<SubmissionFile>();
    expect(file).toMatchObject({ name: 'notes.md', type: 'text/plain' });
    const served = await get(file.url, setup.student.token);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['content-disposition']).toContain('attachment;');
    expect(served.payload).toBe('Résultats : 42 ± 1\n');
  });

  it("enforces the task's maxFiles; removing a file makes room and takes it out of the answer", async () => {
    const setup = await assignment();
    const attempt = await newAttempt(setup);
    const questionId = setup.questions[0]!.id;
    const first = (await upload(setup.student.token, attempt.id, questionId, PDF, 'a.pdf')).json<SubmissionFile>();
    expect((await upload(setup.student.token, attempt.id, questionId, PDF, 'b.pdf')).statusCode).toBe(201);
    const third = await upload(setup.student.token, attempt.id, questionId, PDF, 'c.pdf');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Question 1 takes at most 2 files');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/attempts/${attempt.id}/files/${first.id}`,
      headers: bearer(setup.student.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(first.url, setup.student.token)).statusCode).toBe(404);
    const after = (await get(`/api/attempts/${attempt.id}`, setup.student.token)).json<AttemptForStudent>();
    expect(after.questions[0]!.files.map((f) => f.name)).toEqual(['b.pdf']);
    expect((after.questions[0]!.response as { files: string[] }).files).toEqual([after.questions[0]!.files[0]!.id]);
    expect((await upload(setup.student.token, attempt.id, questionId, PDF, 'c.pdf')).statusCode).toBe(201);
  });

  it('refuses files on a text-only task (400), once submitted (409) and after the close date + grace (409)', async () => {
    const textOnly = await assignment({}, { allowFiles: false });
    const textAttempt = await newAttempt(textOnly);
    const refused = await upload(textOnly.student.token, textAttempt.id, textOnly.questions[0]!.id, PDF, 'a.pdf');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SUBMISSION_FILE_MESSAGES.filesNotAllowed);

    const setup = await assignment();
    const attempt = await newAttempt(setup);
    const questionId = setup.questions[0]!.id;
    const kept = (await upload(setup.student.token, attempt.id, questionId, PDF, 'a.pdf')).json<SubmissionFile>();
    expect((await submitAttempt(ctx, setup.student, attempt.id)).statusCode).toBe(200);
    const late = await upload(setup.student.token, attempt.id, questionId, PDF, 'b.pdf');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ASSESSMENT_MESSAGES.attemptClosed);
    const frozen = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/attempts/${attempt.id}/files/${kept.id}`,
      headers: bearer(setup.student.token),
    });
    expect(frozen.statusCode).toBe(409);
    expect((await get(kept.url, setup.student.token)).statusCode).toBe(200);

    nowMs = START;
    const closing = await assignment({ closesAt: new Date(START + DAY).toISOString() });
    const open = await newAttempt(closing);
    const closingQuestion = closing.questions[0]!.id;
    nowMs = START + DAY + 20_000; // within the 30 s grace
    expect((await upload(closing.student.token, open.id, closingQuestion, PDF, 'a.pdf')).statusCode).toBe(201);
    nowMs = START + DAY + 31_000;
    const overdue = await upload(closing.student.token, open.id, closingQuestion, PDF, 'b.pdf');
    expect(overdue.statusCode).toBe(409);
    expect(overdue.json().message).toBe(ASSESSMENT_MESSAGES.deadlinePassed);
    nowMs = START;
  });
});
