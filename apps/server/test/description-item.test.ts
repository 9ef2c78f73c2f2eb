import type {
  Assessment,
  AttemptForStudent,
  BankQuestion,
  BankQuestionPage,
  CreateBankQuestionBody,
  QuestionImport,
  ItemAnalysisReport,
  SubmitAttemptResult,
  TeacherAttempt,
} from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveAnswer, setUpQuiz, startAttempt, submitAttempt, type QuizSetup } from './assessment-helpers.js';
import { createCourse } from './course-helpers.js';
import { multipart } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/*
 * A description item (issue 54.12, ADR 051): text between questions, as Moodle has it. GIFT keeps a block without
 * {…} as one; it is worth 0 points, takes no answer, and never counts as a question or in a score.
 */
const ctx = useTestApp();
let teacher: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const truth = (title: string, answer: boolean, points = 1): CreateBankQuestionBody => ({
  title,
  prompt: `<p>${title}</p>`,
  points,
  content: { type: 'true_false', body: {}, key: { answer } },
});
const DESCRIPTION: CreateBankQuestionBody = {
  title: 'About the next part',
  prompt: '<p>The next questions are about the water cycle.</p>',
  // Whatever a client sends, a description is worth nothing.
  points: 5,
  content: { type: 'description', body: {}, key: {} },
};

describe('GIFT import of a description', () => {
  it('keeps a block without {…} between two questions as a description worth 0, and exports it without braces', async () => {
    const course = (await createCourse(ctx, teacher.token, { title: 'Water' })).id;
    const gift = [
      '::Rain:: Rain is water {T}',
      '',
      '::Intro:: The next questions are about the water cycle.',
      '',
      '::Ice:: Ice is warm {F}',
    ].join('\n');
    const body = multipart([{ name: 'file', data: gift, filename: 'water.gift' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course}/questions/import`,
      headers: { ...body.headers, ...bearer(teacher.token) },
      payload: body.payload,
    });
    // Imports are written by a job (ADR 045/055): wait for it, then read its report.
    expect(res.statusCode).toBe(202);
    await ctx.app.jobs.drain();
    const done = (
      await call('GET', `/api/question-imports/${res.json<QuestionImport>().id}`, teacher.token)
    ).json<QuestionImport>();
    expect(done).toMatchObject({ status: 'done', error: null });
    const report = done.report;
    expect(report.questions.map((q) => [q.line, q.title, q.type, q.points])).toEqual([
      [1, 'Rain', 'true_false', 1],
      [3, 'Intro', 'description', 0],
      [5, 'Ice', 'true_false', 1],
    ]);
    expect(report.refused).toEqual([]);
    expect(report.notices).toEqual([]);

    const page = (
      await call('GET', `/api/courses/${course}/questions?type=description`, teacher.token)
    ).json<BankQuestionPage>();
    expect(page.items.map((q) => [q.title, q.type, q.points])).toEqual([['Intro', 'description', 0]]);
    const stored = (await call('GET', `/api/questions/${page.items[0]!.id}`, teacher.token)).json<BankQuestion>();
    expect(stored.prompt).toContain('The next questions are about the water cycle.');

    const exported = await call('GET', `/api/courses/${course}/questions/export`, teacher.token);
    expect(exported.statusCode).toBe(200);
    const line = exported.body.split('\n').find((text) => text.startsWith('::Intro::'));
    expect(line).toBeDefined();
    expect(line).toContain('The next questions are about the water cycle.');
    expect(line).not.toMatch(/[{}]/);
  });
});

describe('a description in a quiz', () => {
  let quiz: QuizSetup;
  let description: BankQuestion;
  let current: AttemptForStudent;

  beforeAll(async () => {
    quiz = await setUpQuiz(
      ctx,
      { points: 10 },
      [truth('Rain is water', true), DESCRIPTION, truth('Ice is warm', false, 3)],
      {
        teacher,
      },
    );
    description = quiz.questions[1]!;
  });

  it('is stored with 0 points and listed as a description', () => {
    expect(description.points).toBe(0);
    expect(description.content.type).toBe('description');
  });

  it('is not counted as a question, and the attempt shows it between the questions without a number', async () => {
    expect(quiz.assessment.questionCount).toBe(2);
    const started = await startAttempt(ctx, quiz);
    expect(started.statusCode).toBe(201);
    const attempt = started.json<AttemptForStudent>();
    current = attempt;
    expect(attempt.questions.map((q) => [q.number, q.question.content.type, q.question.points])).toEqual([
      [1, 'true_false', 1],
      [0, 'description', 0],
      [2, 'true_false', 3],
    ]);
  });

  it('refuses an answer to it with 400, and the submitted score is that of the questions alone', async () => {
    for (const response of [{ answer: true }, { html: 'x' }, {}]) {
      const refused = await saveAnswer(ctx, quiz.student, current, description.id, response);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/description takes no answer/);
    }
    expect((await saveAnswer(ctx, quiz.student, current, quiz.questions[0]!.id, { answer: true })).statusCode).toBe(
      200,
    );
    expect((await saveAnswer(ctx, quiz.student, current, quiz.questions[2]!.id, { answer: false })).statusCode).toBe(
      200,
    );
    const submitted = await submitAttempt(ctx, quiz.student, current.id);
    expect(submitted.statusCode).toBe(200);
    const { receipt, result } = submitted.json<SubmitAttemptResult>();
    expect(receipt).toMatchObject({ answered: 2, questionCount: 2 });
    expect(result).toMatchObject({ status: 'graded', score: 10, maxScore: 10, percent: 100 });

    // The teacher's view of the attempt numbers the same way, with the description as 0 of 0.
    const view = (
      await call(
        'GET',
        `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/attempts/${current.id}`,
        teacher.token,
      )
    ).json<TeacherAttempt>();
    expect(view.questions.map((q) => [q.number, q.question.content.type])).toEqual([
      [1, 'true_false'],
      [0, 'description'],
      [2, 'true_false'],
    ]);

    const analysis = (
      await call('GET', `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/item-analysis`, teacher.token)
    ).json<ItemAnalysisReport>();
    expect(analysis.items.map((item) => item.questionId)).toEqual([quiz.questions[0]!.id, quiz.questions[2]!.id]);
  });

  it('is never drawn at random: a draw by tag counts and takes only the questions', async () => {
    const tagged = await setUpQuiz(
      ctx,
      {},
      [
        { ...truth('Rain is water', true), tags: ['water'] },
        { ...DESCRIPTION, tags: ['water'] },
        { ...truth('Ice is warm', false), tags: ['water'] },
      ],
      { teacher },
    );
    const parts = await call(
      'PUT',
      `/api/courses/${tagged.courseId}/assessments/${tagged.assessment.id}/parts`,
      teacher.token,
      { version: tagged.assessment.version, parts: [{ mode: 'draw', tag: 'water', count: 3 }] },
    );
    expect(parts.statusCode).toBe(200);
    const assessment = parts.json<Assessment>();
    expect(assessment.questionCount).toBe(2);
    expect(assessment.parts[0]).toMatchObject({ mode: 'draw', available: 2 });
    const attempt = (await startAttempt(ctx, tagged)).json<AttemptForStudent>();
    expect(attempt.questions.map((q) => q.question.content.type).sort()).toEqual(['true_false', 'true_false']);
  });
});
