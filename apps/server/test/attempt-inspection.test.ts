import type { AttemptForStudent, CreateBankQuestionBody, InboxAnswer, Rubric, TeacherAttempt } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveAnswer, setUpQuiz, startAttempt, submitAttempt, type QuizSetup } from './assessment-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

/** A true/false question the student gets wrong, and an essay a person grades. */
const QUESTIONS: CreateBankQuestionBody[] = [
  {
    title: 'T01 hash order',
    prompt: '<p>A hash table keeps its keys sorted.</p>',
    points: 1,
    content: { type: 'true_false', body: {}, key: { answer: false } },
    feedback: { general: 'Hashing scatters keys.', correct: '', incorrect: 'Think of buckets.' },
  },
  {
    title: 'E01 explain MVCC',
    prompt: '<p>Explain MVCC in a paragraph.</p>',
    points: 4,
    content: { type: 'essay', body: { wordLimit: 300 }, key: {} },
  },
];

let quiz: QuizSetup;
let attempt: AttemptForStudent;
let otherTeacher: TestUser;
let admin: TestUser;
let rubric: Rubric;

const url = (q: QuizSetup, attemptId: string, itemId = q.assessment.id) =>
  `/api/courses/${q.courseId}/assessments/${itemId}/attempts/${attemptId}`;
const get = (token: string, path: string) => ctx.app.inject({ method: 'GET', url: path, headers: bearer(token) });

beforeAll(async () => {
  // Scores, answers and feedback all held back: the teacher sees everything regardless.
  quiz = await setUpQuiz(
    ctx,
    { releaseScore: 'manual', releaseAnswers: 'manual', releaseFeedback: 'manual' },
    QUESTIONS,
    { teacher: await createUser(ctx, 'teacher', { firstname: 'Grace', lastname: 'Hopper' }) },
  );
  [otherTeacher, admin] = await Promise.all([createUser(ctx, 'teacher'), createUser(ctx, 'admin')]);
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${quiz.courseId}/rubrics`,
    headers: bearer(quiz.teacher.token),
    payload: {
      title: 'Essay rubric',
      criteria: [
        {
          title: 'Clarity',
          levels: [
            { title: 'Clear', points: 2 },
            { title: 'Unclear', points: 0 },
          ],
        },
      ],
      attachTo: { type: 'question', id: quiz.questions[1]!.id },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  rubric = created.json<Rubric>();
  const started = await startAttempt(ctx, quiz);
  expect(started.statusCode, started.body).toBe(201);
  attempt = started.json<AttemptForStudent>();
  const byType = (type: string) => attempt.questions.find((q) => q.question.content.type === type)!.question.id;
  expect((await saveAnswer(ctx, quiz.student, attempt, byType('true_false'), { answer: true })).statusCode).toBe(200);
  const essay = await saveAnswer(ctx, quiz.student, attempt, byType('essay'), {
    html: '<p>Readers see a snapshot.</p>',
  });
  expect(essay.statusCode, essay.body).toBe(200);
  expect((await submitAttempt(ctx, quiz.student, attempt.id)).statusCode).toBe(200);
});

describe('GET /api/courses/:id/assessments/:itemId/attempts/:attemptId (issue 54.8)', () => {
  it("shows the course's teacher the student's answers, scores, keys, feedback and timing, whatever is released", async () => {
    const res = await get(quiz.teacher.token, url(quiz, attempt.id));
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<TeacherAttempt>();
    expect(view.student).toMatchObject({ id: quiz.student.user.id, email: quiz.student.email, anonymous: false });
    expect(view.status).toBe('needs_grading');
    expect(view.savesCount).toBe(2);
    const tf = view.questions.find((q) => q.title === 'T01 hash order')!;
    expect(tf).toMatchObject({
      response: { answer: true },
      score: 0,
      needsGrading: false,
      manual: false,
      correctResponse: { answer: false },
      feedback: { general: 'Hashing scatters keys.', outcome: 'Think of buckets.' },
    });
    expect(tf.savedAt).not.toBeNull();
    const essay = view.questions.find((q) => q.title === 'E01 explain MVCC')!;
    expect(essay).toMatchObject({
      response: { html: '<p>Readers see a snapshot.</p>' },
      score: null,
      needsGrading: true,
      manual: true,
      version: expect.any(Number),
      rubric: { id: rubric.id, title: 'Essay rubric', maxPoints: 2 },
      rubricScore: null,
    });
    expect(view.events.map((e) => e.kind)).toEqual(['started', 'saved', 'saved', 'submitted']);
    expect(
      view.events
        .filter((e) => e.kind === 'saved')
        .map((e) => e.questionNumber)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('grading in place through the grading route shows on the attempt: the score, the comment, who, and when', async () => {
    const before = (await get(quiz.teacher.token, url(quiz, attempt.id))).json<TeacherAttempt>();
    const essay = before.questions.find((q) => q.title === 'E01 explain MVCC')!;
    const graded = await ctx.app.inject({
      method: 'PUT',
      url: `/api/attempts/${attempt.id}/answers/${essay.question.id}/grade`,
      headers: bearer(quiz.teacher.token),
      payload: { version: essay.version, score: 3.5, comment: '<p>Name the snapshot rule.</p>' },
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json<InboxAnswer>().score).toBe(3.5);
    const after = (await get(quiz.teacher.token, url(quiz, attempt.id))).json<TeacherAttempt>();
    const regraded = after.questions.find((q) => q.title === 'E01 explain MVCC')!;
    expect(regraded).toMatchObject({
      score: 3.5,
      manualScore: 3.5,
      needsGrading: false,
      comment: '<p>Name the snapshot rule.</p>',
      gradedBy: 'Grace Hopper',
      version: essay.version! + 1,
      // The grade wrote over the answer's time: no save time is claimed for it.
      savedAt: null,
    });
    expect(after.status).toBe('graded');
    expect(after.events.at(-1)).toMatchObject({
      kind: 'graded',
      questionNumber: essay.number,
      by: 'Grace Hopper',
      oldScore: null,
      newScore: 3.5,
    });
    expect(after.score).not.toBeNull();
  });

  it('is for the teacher of the course and admins only; another assessment or an unknown attempt is a 404', async () => {
    expect((await get(admin.token, url(quiz, attempt.id))).statusCode).toBe(200);
    expect((await get(otherTeacher.token, url(quiz, attempt.id))).statusCode).toBe(403);
    expect((await get(quiz.student.token, url(quiz, attempt.id))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: url(quiz, attempt.id) })).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(quiz.teacher.token, url(quiz, unknown))).statusCode).toBe(404);
    expect((await get(quiz.teacher.token, url(quiz, attempt.id, quiz.section.id))).statusCode).toBe(404);
    // Another course's teacher asking through their own course learns nothing either.
    const theirs = await setUpQuiz(ctx, {}, QUESTIONS.slice(0, 1), { teacher: otherTeacher });
    expect((await get(otherTeacher.token, url(theirs, attempt.id))).statusCode).toBe(404);
  });

  it('names nobody while an anonymous assessment is unreleased: the label, no email, no IP', async () => {
    const anon = await setUpQuiz(ctx, { anonymousGrading: true }, QUESTIONS.slice(0, 1));
    const started = (await startAttempt(ctx, anon)).json<AttemptForStudent>();
    expect((await submitAttempt(ctx, anon.student, started.id)).statusCode).toBe(200);
    const view = (await get(anon.teacher.token, url(anon, started.id))).json<TeacherAttempt>();
    expect(view.student).toEqual({
      id: null,
      name: expect.stringMatching(/^Student \d+$/),
      email: '',
      anonymous: true,
    });
    expect(view.ip).toBeNull();
    expect(JSON.stringify(view)).not.toContain(anon.student.email);
  });
});
