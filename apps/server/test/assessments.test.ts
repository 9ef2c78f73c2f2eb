import type {
  Assessment,
  AssessmentStartInfo,
  AttemptForStudent,
  AttemptLogPage,
  Curriculum,
  EnrolmentPage,
  MyAttemptPage,
  Progress,
  SubmitAttemptResult,
} from '@lyceum/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attempts, courses, itemCompletions, regradeLog } from '../src/db/schema/index.js';
import { autoSubmitOverdueAttempts } from '../src/features/assessments/assessment-service.js';
import {
  EVERY_TYPE,
  saveAnswer,
  setUpQuiz,
  startAttempt,
  submitAttempt,
  type QuizSetup,
} from './assessment-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const START = Date.parse('2026-11-24T09:00:00Z');
let nowMs = START;
const ctx = useTestApp({ clock: () => nowMs });
const MINUTE = 60_000;

/** Property names anywhere in a body, leaving out the learner's own responses. */
function keysOf(value: unknown, into = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.set(key, [...(into.get(key) ?? []), inner]);
      // The learner's own responses, and the flags saying what is released, are theirs to see.
      if (key !== 'response' && key !== 'released') keysOf(inner, into);
    }
  return into;
}

/** Asserts that a body a student received holds no key, no feedback, no score. */
function expectNothingReleased(body: unknown, label: string) {
  const keys = keysOf(body);
  for (const field of ['key', 'accepted', 'weights', 'choiceFeedback', 'pairs', 'order', 'tolerance', 'blanks'])
    expect(keys.has(field), `${label} has "${field}"`).toBe(false);
  for (const field of ['correctResponse', 'blanksRight', 'feedback', 'score', 'percent', 'passed', 'correct'])
    for (const value of keys.get(field) ?? []) expect(value, `${label}: ${field}`).toBeNull();
  for (const flags of keys.get('released') ?? [])
    expect(flags, `${label}: released`).toEqual({ score: false, answers: false, feedback: false });
}

/** The bank's question titles are the teacher's labels: no body a student receives holds one, anywhere. */
const TEACHER_TITLES = EVERY_TYPE.map((question) => question.title);
function expectNoTeacherTitle(body: unknown, label: string) {
  for (const value of keysOf(body).get('title') ?? [])
    expect(TEACHER_TITLES, `${label}: title "${String(value)}"`).not.toContain(value);
  const text = JSON.stringify(body);
  for (const title of TEACHER_TITLES) expect(text, `${label} names "${title}"`).not.toContain(`"${title}"`);
}

function get<T>(user: TestUser, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) }).then((res) => {
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  });
}

describe('taking an assessment', () => {
  it('serves every question without its key, shuffled per attempt and the same on every load', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { shuffleChoices: true, shuffleQuestions: true });
    const started = await startAttempt(ctx, quiz);
    expect(started.statusCode).toBe(201);
    const attempt = started.json<AttemptForStudent>();
    expect(attempt.questions).toHaveLength(8);
    expectNothingReleased(attempt, 'start');
    const again = await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`);
    expect(again.questions.map((q) => q.question)).toEqual(attempt.questions.map((q) => q.question));
    const ordering = attempt.questions.find((q) => q.question.content.type === 'ordering')!.question.content;
    expect(ordering.type === 'ordering' && ordering.body.items.map((i) => i.id)).not.toEqual(['i1', 'i2', 'i3', 'i4']);
    const matching = attempt.questions.find((q) => q.question.content.type === 'matching')!.question.content;
    expect(matching.type === 'matching' && matching.body.options.map((o) => o.id)).not.toEqual(['o1', 'o2', 'o3']);
    // Starting again resumes the same attempt.
    const resumed = await startAttempt(ctx, quiz);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<AttemptForStudent>().id).toBe(attempt.id);
  });

  it('grades every type at submit (partial credit, blanks with case and accents, tolerance, ordering half right)', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { points: 100, passingPercent: 50 });
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    const [mc, tf, fill, short, essay, matching, ordering, numeric] = quiz.questions.map((q) => q.id) as string[];
    const answers: [string, unknown][] = [
      [mc!, { chosen: ['a'] }], // one of two right choices: 50 % of 2
      [tf!, { answer: true }], // 1
      [fill!, { blanks: [' paris ', 'Mádrid'] }], // case-insensitive, accent-insensitive blank: 2
      [short!, { text: '  b-tree ' }], // 1
      [essay!, { html: '<p>Readers see snapshots.</p><script>alert(1)</script>' }], // a person grades it
      [matching!, { pairs: { p1: 'o1', p2: 'o3' } }], // one of two: 1
      [ordering!, { order: ['i1', 'i2', 'i4', 'i3'] }], // two of four in place: 2
      [numeric!, { value: 3.15 }], // 3.14 ± 0.01, bound inclusive: 1
    ];
    for (const [questionId, response] of answers) {
      const res = await saveAnswer(ctx, quiz.student, attempt, questionId, response);
      expect(res.statusCode, res.body).toBe(200);
    }
    const submitted = await submitAttempt(ctx, quiz.student, attempt.id);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { receipt, result } = submitted.json<SubmitAttemptResult>();
    expect(receipt).toMatchObject({ answered: 8, questionCount: 8, autoSubmitted: false });
    expect(result.status).toBe('needs_grading');
    // The score is not final while the essay waits for a person.
    expect(result.score).toBeNull();
    const view = await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`);
    const byId = new Map(view.questions.map((q) => [q.question.id, q]));
    const scores = quiz.questions.map((q) => byId.get(q.id)!.review!.score);
    expect(scores).toEqual([1, 1, 2, 1, null, 1, 2, 1]);
    expect(byId.get(essay!)!.review!.needsGrading).toBe(true);
    expect(byId.get(essay!)!.response).toEqual({ html: '<p>Readers see snapshots.</p>' });
    // Feedback is released immediately by default, correct answers after the due date (none: at once).
    expect(byId.get(mc!)!.review!.feedback).toMatchObject({ general: 'Ordered structures support ranges.' });
    expect(byId.get(mc!)!.review!.correctResponse).toEqual({ chosen: ['a', 'b'] });
    const [row] = await ctx.database.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row).toMatchObject({ status: 'needs_grading', rawScore: 9, maxScore: 16 });
  });

  it('takes the ordering items left in the order served as an answer, graded like any other order', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { shuffleChoices: true });
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    const ordering = attempt.questions.find((q) => q.question.content.type === 'ordering')!.question;
    const served = ordering.content.type === 'ordering' ? ordering.content.body.items.map((item) => item.id) : [];
    const saved = await saveAnswer(ctx, quiz.student, attempt, ordering.id, { order: served });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await submitAttempt(ctx, quiz.student, attempt.id);
    expect(submitted.json<SubmitAttemptResult>().receipt).toMatchObject({ answered: 1, questionCount: 8 });
    const view = await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`);
    const answer = view.questions.find((q) => q.question.id === ordering.id)!;
    expect(answer.response).toEqual({ order: served });
    // The key is i1..i4 (4 points): one point per item in its place.
    const inPlace = served.filter((id, index) => id === `i${index + 1}`).length;
    expect(answer.review!.score).toBe(inPlace);
  });

  it("marks each blank once the answers are released (the blank's own rules), never before", async () => {
    nowMs = START;
    const fill = EVERY_TYPE.find((question) => question.content.type === 'fill_blank')!;
    const review = async (releaseAnswers: 'manual' | 'immediately') => {
      const quiz = await setUpQuiz(ctx, { releaseAnswers }, [fill]);
      const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
      // Paris in the wrong case (accepted: case does not matter), Spain's capital wrong: 1 of 2.
      await saveAnswer(ctx, quiz.student, attempt, quiz.questions[0]!.id, { blanks: ['PARIS', 'Barcelona'] });
      expect((await submitAttempt(ctx, quiz.student, attempt.id)).statusCode).toBe(200);
      return (await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`)).questions[0]!.review!;
    };
    expect(await review('immediately')).toMatchObject({ score: 1, maxScore: 2, blanksRight: [true, false] });
    expect(await review('manual')).toMatchObject({ score: 1, correctResponse: null, blanksRight: null });
  });

  it('answers an attempt of only objective questions with its score, pass and the completion counted', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { passingPercent: 60, requiredForCompletion: 'passed', attemptsAllowed: 2 }, [
      { title: 'True', content: { type: 'true_false', body: {}, key: { answer: true } } },
      { title: 'False', content: { type: 'true_false', body: {}, key: { answer: false } } },
    ]);
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    await saveAnswer(ctx, quiz.student, attempt, quiz.questions[0]!.id, { answer: true });
    const { result } = (await submitAttempt(ctx, quiz.student, attempt.id)).json<SubmitAttemptResult>();
    expect(result).toMatchObject({ status: 'graded', score: 50, percent: 50, passed: false });
    let progress = await get<Progress>(quiz.student, `/api/courses/${quiz.courseId}/progress`);
    expect(progress.completedItems).toBe(0);
    // Second attempt, passed: the item counts.
    const second = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    expect(second.number).toBe(2);
    await saveAnswer(ctx, quiz.student, second, quiz.questions[0]!.id, { answer: true });
    await saveAnswer(ctx, quiz.student, second, quiz.questions[1]!.id, { answer: false });
    const passed = (await submitAttempt(ctx, quiz.student, second.id)).json<SubmitAttemptResult>();
    expect(passed.result).toMatchObject({ score: 100, passed: true });
    // The teacher's attempts log shows the same score on the same scale as the receipt (the assessment's points).
    const log = await get<AttemptLogPage>(
      quiz.teacher,
      `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/attempts`,
    );
    // (Both attempts started at the same fake instant: compare them by number, not by the log's order.)
    const byNumber = log.items.map((row) => [row.number, row.score, row.maxScore]).sort((a, b) => a[0]! - b[0]!);
    expect(byNumber).toEqual([
      [1, 50, 100],
      [2, 100, 100],
    ]);
    progress = await get<Progress>(quiz.student, `/api/courses/${quiz.courseId}/progress`);
    expect(progress).toMatchObject({ completedItems: 1, totalItems: 1, percent: 100, status: 'completed' });
  });

  it('counts the required published lessons alone on every figure "Lesson N of M" stands beside (not an optional quiz)', async () => {
    nowMs = START;
    const api = curriculumApi(ctx);
    const quiz = await setUpQuiz(ctx, { requiredForCompletion: 'none' }, [EVERY_TYPE[1]!]);
    await api.lesson(quiz.teacher.token, quiz.courseId, quiz.section.id, { title: 'Reads' });
    const second = await api.lesson(quiz.teacher.token, quiz.courseId, quiz.section.id, { title: 'Writes' });
    await api.lesson(quiz.teacher.token, quiz.courseId, quiz.section.id, { title: 'Later', published: false });
    expect((await api.complete(quiz.student.token, quiz.courseId, second.id)).statusCode).toBe(200);
    const counted = { completedItems: 1, totalItems: 2, percent: 50 };
    // The home card and the dashboard (the enrolments list), the outline and the player (the curriculum), /progress.
    const list = await get<EnrolmentPage>(quiz.student, '/api/student/enrolments?status=active');
    expect(list.items.find((e) => e.courseId === quiz.courseId)).toMatchObject({
      completedItems: 1,
      totalItems: 2,
      progressPercent: 50,
    });
    const outline = await get<Curriculum>(quiz.student, `/api/courses/${quiz.courseId}/curriculum`);
    expect(outline.viewer.progress).toMatchObject(counted);
    const items = outline.sections.flatMap((section) => section.items);
    expect(items.map((item) => [item.kind, item.required, item.published])).toEqual([
      ['assessment', false, true],
      ['lesson', true, true],
      ['lesson', true, true],
    ]);
    expect(await get<Progress>(quiz.student, `/api/courses/${quiz.courseId}/progress`)).toMatchObject(counted);
  });

  it('refuses an answer of the wrong shape with a 400 naming the question, and foreign ids with 404/403', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx);
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    const numeric = attempt.questions.find((q) => q.question.content.type === 'numeric')!;
    const bad = await saveAnswer(ctx, quiz.student, attempt, numeric.question.id, { value: 'three' });
    expect(bad.statusCode).toBe(400);
    // Named by its number: the bank's title is the teacher's.
    expect(bad.json<{ message: string }>().message).toMatch(new RegExp(`^Question ${numeric.number}: the answer `));
    expectNoTeacherTitle(bad.json(), 'refused save');
    for (const response of [{ chosen: 'a' }, 'text', 42, { answer: 'yes' }]) {
      const res = await saveAnswer(ctx, quiz.student, attempt, numeric.question.id, response);
      expect(res.statusCode).toBe(400);
    }
    // Well-shaped but not fitting the question: choices it does not have, two answers to a one-answer question.
    const mc = attempt.questions.find((q) => q.question.content.type === 'multiple_choice')!;
    const unknownChoice = await saveAnswer(ctx, quiz.student, attempt, mc.question.id, { chosen: ['zz'] });
    expect(unknownChoice.statusCode).toBe(400);
    expect(unknownChoice.json<{ message: string }>().message).toContain('names choices the question does not have');
    const ordering = attempt.questions.find((q) => q.question.content.type === 'ordering')!;
    const repeated = await saveAnswer(ctx, quiz.student, attempt, ordering.question.id, { order: ['i1', 'i1'] });
    expect(repeated.statusCode).toBe(400);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: `/api/attempts/${attempt.id}/answers/${ordering.question.id}`,
      headers: bearer(quiz.student.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const view = await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`);
    expect(view.savesCount).toBe(0);
    expect(view.questions.every((q) => q.response === null)).toBe(true);
    // A question of another course's bank, another student's attempt, a course the student is not enrolled in.
    const other = await setUpQuiz(ctx);
    const foreignQuestion = await saveAnswer(ctx, quiz.student, attempt, other.questions[0]!.id, { answer: true });
    expect(foreignQuestion.statusCode).toBe(404);
    const otherAttempt = (await startAttempt(ctx, other)).json<AttemptForStudent>();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/attempts/${otherAttempt.id}`,
      headers: bearer(quiz.student.token),
    });
    expect(res.statusCode).toBe(404);
    expect((await submitAttempt(ctx, quiz.student, otherAttempt.id)).statusCode).toBe(404);
    expect((await startAttempt(ctx, other, quiz.student)).statusCode).toBe(403);
    // An assessment id of another course under this course's id.
    const mixed = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${quiz.courseId}/assessments/${other.assessment.id}/start`,
      headers: bearer(quiz.student.token),
    });
    expect(mixed.statusCode).toBe(404);
    const teacherMixed = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${other.courseId}/assessments/${other.assessment.id}`,
      headers: bearer(quiz.teacher.token),
    });
    expect(teacherMixed.statusCode).toBe(403);
  });

  it('never shows keys, feedback or scores before the teacher releases them, nor question titles (every student route)', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { releaseScore: 'manual', releaseAnswers: 'manual', releaseFeedback: 'manual' });
    const base = `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}`;
    /** What a student receives, checked for keys (before the release) and for the bank's titles (always). */
    const seen = (body: unknown, label: string, released = false) => {
      if (!released) expectNothingReleased(body, label);
      expectNoTeacherTitle(body, label);
      return body;
    };
    seen(await get(quiz.student, `${base}/start`), 'start page');
    const started = await startAttempt(ctx, quiz);
    const attempt = started.json<AttemptForStudent>();
    seen(attempt, 'start attempt');
    for (const q of attempt.questions) {
      const response =
        q.question.content.type === 'true_false'
          ? { answer: true }
          : q.question.content.type === 'numeric'
            ? { value: 2 }
            : null;
      if (response) {
        const saved = await saveAnswer(ctx, quiz.student, attempt, q.question.id, response);
        seen(saved.json(), 'save');
      }
    }
    const submitted = await submitAttempt(ctx, quiz.student, attempt.id);
    seen(submitted.json(), 'submit');
    seen(await get(quiz.student, `/api/attempts/${attempt.id}`), 'attempt after submit');
    seen(await get(quiz.student, '/api/me/quiz-attempts'), 'my attempts');
    // My grades carries the gradebook's own "weights": checked for titles (its scores have their own test).
    seen(await get(quiz.student, `/api/me/courses/${quiz.courseId}/grades`), 'my grades', true);
    const rubrics = await get<{ released: boolean }>(quiz.student, `/api/me/attempts/${attempt.id}/rubrics`);
    expect(seen(rubrics, 'rubric feedback', true)).toMatchObject({ released: false, items: [] });
    seen(await get(quiz.student, '/api/me/mistakes/summary'), 'notebook summary');
    expect(await get(quiz.student, '/api/me/mistakes/due')).toMatchObject({ items: [] });
    // The teacher releases: now the score, the answers and the feedback show.
    const release = await ctx.app.inject({
      method: 'POST',
      url: `${base}/release`,
      headers: bearer(quiz.teacher.token),
      payload: { released: true },
    });
    expect(release.statusCode).toBe(200);
    const after = await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`);
    const tf = after.questions.find((q) => q.question.content.type === 'true_false')!;
    expect(tf.review).toMatchObject({ score: 1, correct: true, correctResponse: { answer: true } });
    expect(tf.review!.feedback).not.toBeNull();
    // Released: the review, the notebook (the wrong π, no attempt left) and practice, still without titles.
    seen(after, 'review', true);
    seen(await get(quiz.student, `/api/me/courses/${quiz.courseId}/grades`), 'my grades, released', true);
    seen(await get(quiz.student, `/api/me/attempts/${attempt.id}/rubrics`), 'rubric feedback, released', true);
    const pi = quiz.questions.find((q) => q.title === 'Pi')!.id;
    const cards = seen(await get(quiz.student, '/api/me/mistakes/due'), 'practice cards', true);
    expect((cards as { items: { questionId: string }[] }).items.map((card) => card.questionId)).toEqual([pi]);
    const practice = `/api/me/mistakes/${pi}/practice`;
    const practised = await ctx.app.inject({
      method: 'POST',
      url: practice,
      headers: bearer(quiz.student.token),
      payload: { response: { value: 3.14 } },
    });
    expect(practised.statusCode).toBe(200);
    seen(practised.json(), 'practice', true);
    const misshapen = await ctx.app.inject({
      method: 'POST',
      url: practice,
      headers: bearer(quiz.student.token),
      payload: { response: { value: 'three' } },
    });
    expect(misshapen.statusCode).toBe(400);
    seen(misshapen.json(), 'practice refused', true);
  });

  it('asks for the access password before starting', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { password: 'open sesame' });
    const info = await get<AssessmentStartInfo>(
      quiz.student,
      `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/start`,
    );
    expect(info.requiresPassword).toBe(true);
    expect((await startAttempt(ctx, quiz)).statusCode).toBe(403);
    expect((await startAttempt(ctx, quiz, quiz.student, { password: 'nope' })).statusCode).toBe(403);
    expect((await startAttempt(ctx, quiz, quiz.student, { password: 'open sesame' })).statusCode).toBe(201);
    const authored = await get<Assessment>(
      quiz.teacher,
      `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}`,
    );
    expect(authored.hasPassword).toBe(true);
    expect(JSON.stringify(authored)).not.toContain('open sesame');
  });
});

describe('time, owned by the server', () => {
  it('counts the true remaining time, takes saves until deadline + 30 s, then refuses them', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { timeLimitMinutes: 10 });
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    expect(attempt.deadlineAt).toBe(new Date(START + 10 * MINUTE).toISOString());
    expect(attempt.remainingSeconds).toBe(600);
    nowMs = START + 4 * MINUTE;
    expect((await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`)).remainingSeconds).toBe(360);
    const tf = quiz.questions[1]!.id;
    nowMs = START + 10 * MINUTE + 25_000;
    expect((await saveAnswer(ctx, quiz.student, attempt, tf, { answer: true })).statusCode).toBe(200);
    nowMs = START + 10 * MINUTE + 31_000;
    const late = await saveAnswer(ctx, quiz.student, attempt, tf, { answer: false });
    expect(late.statusCode).toBe(409);
    // The job submits it with what was saved, at its deadline; two processes running it at once submit it once.
    const runs = await Promise.all([
      autoSubmitOverdueAttempts(ctx.database.db, new Date(nowMs)),
      autoSubmitOverdueAttempts(ctx.database.db, new Date(nowMs)),
    ]);
    expect(runs.flat().filter((id) => id === attempt.id)).toHaveLength(1);
    expect(await autoSubmitOverdueAttempts(ctx.database.db, new Date(nowMs))).not.toContain(attempt.id);
    const view = await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`);
    // The unanswered essay needs nobody: it earns 0, so the attempt is graded.
    expect(view.status).toBe('graded');
    expect(view.submittedAt).toBe(attempt.deadlineAt);
    expect(view.receipt).toMatchObject({ autoSubmitted: true, answered: 1 });
    expect(view.questions.find((q) => q.question.id === tf)!.review!.score).toBe(1);
  });

  it('caps the deadline at the close date and refuses a start before opening or after closing', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, {
      timeLimitMinutes: 60,
      opensAt: new Date(START + MINUTE).toISOString(),
      closesAt: new Date(START + 20 * MINUTE).toISOString(),
    });
    const early = await startAttempt(ctx, quiz);
    expect(early.statusCode).toBe(403);
    nowMs = START + 2 * MINUTE;
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    expect(attempt.deadlineAt).toBe(new Date(START + 20 * MINUTE).toISOString());
    expect(attempt.remainingSeconds).toBe(18 * 60);
  });

  it('submits an abandoned attempt when its student comes back after the deadline, and lets them start anew', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { timeLimitMinutes: 5, attemptsAllowed: 2 });
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    await saveAnswer(ctx, quiz.student, attempt, quiz.questions[1]!.id, { answer: true });
    nowMs = START + 60 * MINUTE;
    const back = await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`);
    expect(back).toMatchObject({ status: 'graded', remainingSeconds: null, submittedAt: attempt.deadlineAt });
    expect(back.receipt).toMatchObject({ autoSubmitted: true, answered: 1 });
    const next = await startAttempt(ctx, quiz);
    expect(next.statusCode).toBe(201);
    expect(next.json<AttemptForStudent>().number).toBe(2);
  });

  it('marks a submission after the due date late and applies the penalty per started day', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(
      ctx,
      {
        dueAt: new Date(START + 10 * MINUTE).toISOString(),
        closesAt: new Date(START + 3 * 24 * 60 * MINUTE).toISOString(),
        latePenaltyPercentPerDay: 10,
        releaseScore: 'after_due',
      },
      [{ title: 'Statement', content: { type: 'true_false', body: {}, key: { answer: true } } }],
    );
    nowMs = START + 24 * 60 * MINUTE + MINUTE;
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    await saveAnswer(ctx, quiz.student, attempt, quiz.questions[0]!.id, { answer: true });
    const { result } = (await submitAttempt(ctx, quiz.student, attempt.id)).json<SubmitAttemptResult>();
    // Due 09:10, submitted the next day at 09:01: one started day late, 10 % off full marks.
    expect(result).toMatchObject({ late: true, penaltyPercent: 10, score: 90, percent: 90, passed: true });
  });

  it('does not touch attempts of other students nor ones without a deadline', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx);
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    expect(attempt.deadlineAt).toBeNull();
    expect(await autoSubmitOverdueAttempts(ctx.database.db, new Date(START + 365 * 24 * 60 * MINUTE))).not.toContain(
      attempt.id,
    );
  });
});

describe('concurrency', () => {
  it('50 concurrent starts make exactly one attempt (attempts allowed: 1)', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: 1 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => startAttempt(ctx, quiz)));
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(responses.map((r) => r.json<AttemptForStudent>().id)).size).toBe(1);
    const [rows] = await ctx.database.db
      .select({ n: count() })
      .from(attempts)
      .where(and(eq(attempts.assessmentId, quiz.assessment.id), eq(attempts.studentId, quiz.student.user.id)));
    expect(rows!.n).toBe(1);
    // Once submitted, no attempt is left.
    await submitAttempt(ctx, quiz.student, responses[0]!.json<AttemptForStudent>().id);
    const again = await startAttempt(ctx, quiz);
    expect(again.statusCode).toBe(403);
    expect(again.json<{ message: string }>().message).toMatch(/used all your attempts/);
  });

  it('50 concurrent submits of one attempt grade it once and answer the same receipt', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, { requiredForCompletion: 'submitted' });
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    await saveAnswer(ctx, quiz.student, attempt, quiz.questions[1]!.id, { answer: true });
    const responses = await Promise.all(Array.from({ length: 50 }, () => submitAttempt(ctx, quiz.student, attempt.id)));
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const receipts = responses.map((r) => r.json<SubmitAttemptResult>().receipt);
    expect(new Set(receipts.map((r) => r.submittedAt)).size).toBe(1);
    const [done] = await ctx.database.db
      .select({ n: count() })
      .from(itemCompletions)
      .where(eq(itemCompletions.itemId, quiz.assessment.id));
    expect(done!.n).toBe(1);
    // A save after submitting is refused.
    expect((await saveAnswer(ctx, quiz.student, attempt, quiz.questions[1]!.id, { answer: false })).statusCode).toBe(
      409,
    );
  });
});

describe('authoring', () => {
  it('creates a draft in a section, refuses stale versions, bad dates, foreign questions and an empty publish', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx);
    const as = bearer(quiz.teacher.token);
    const create = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${quiz.courseId}/sections/${quiz.section.id}/assessments`,
        headers: as,
        payload,
      });
    const badDates = await create({
      title: 'Exam',
      dueAt: '2026-12-01T10:00:00+01:00',
      closesAt: '2026-11-30T10:00:00+01:00',
    });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.body).toContain('closesAt');
    const created = await create({
      title: 'Exam',
      kind: 'exam',
      instructions: '<p>Closed book.</p><img src=x onerror=alert(1)>',
      dueAt: '2026-12-01T10:00:00+01:00',
    });
    expect(created.statusCode).toBe(201);
    const exam = created.json<Assessment>();
    expect(exam).toMatchObject({ kind: 'exam', published: false, dueAt: '2026-12-01T09:00:00.000Z' });
    expect(exam.instructions).not.toContain('onerror');
    const base = `/api/courses/${quiz.courseId}/assessments/${exam.id}`;
    const publishEmpty = await ctx.app.inject({
      method: 'POST',
      url: `${base}/publish`,
      headers: as,
      payload: { version: exam.version, published: true },
    });
    expect(publishEmpty.statusCode).toBe(409);
    const other = await setUpQuiz(ctx, {}, undefined, { teacher: quiz.teacher });
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: `${base}/parts`,
      headers: as,
      payload: { version: exam.version, parts: [{ mode: 'fixed', questionIds: [other.questions[0]!.id] }] },
    });
    expect(foreign.statusCode).toBe(400);
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: base,
      headers: as,
      payload: { version: exam.version, title: 'Final exam', timeLimitMinutes: 90 },
    });
    expect(renamed.statusCode).toBe(200);
    const stale = await ctx.app.inject({
      method: 'PATCH',
      url: base,
      headers: as,
      payload: { version: exam.version, title: 'Midterm' },
    });
    expect(stale.statusCode).toBe(409);
    // Moved to the top of the section, before the first quiz.
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `${base}/move`,
      headers: as,
      payload: { sectionId: quiz.section.id, position: 0 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const outline = await get<{ sections: { items: { id: string }[] }[] }>(
      quiz.teacher,
      `/api/courses/${quiz.courseId}/curriculum`,
    );
    expect(outline.sections[0]!.items.map((i) => i.id)).toEqual([exam.id, quiz.assessment.id]);
    // Another teacher may not touch it.
    const stranger = await createUser(ctx, 'teacher');
    const denied = await ctx.app.inject({ method: 'GET', url: base, headers: bearer(stranger.token) });
    expect(denied.statusCode).toBe(403);
  });

  it('draws N questions by tag for each attempt, and keeps the draw on reload', async () => {
    nowMs = START;
    const tagged = Array.from({ length: 6 }, (_, i) => ({
      title: `Tagged ${i}`,
      tags: i === 0 ? [] : ['pool'],
      content: { type: 'true_false' as const, body: {}, key: { answer: true } },
    }));
    const quiz = await setUpQuiz(ctx, { attemptsAllowed: null }, tagged);
    const parts = await ctx.app.inject({
      method: 'PUT',
      url: `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/parts`,
      headers: bearer(quiz.teacher.token),
      payload: {
        version: quiz.assessment.version,
        parts: [
          { mode: 'fixed', questionIds: [quiz.questions[0]!.id] },
          { mode: 'draw', tag: 'pool', count: 3 },
        ],
      },
    });
    expect(parts.statusCode, parts.body).toBe(200);
    expect(parts.json<Assessment>()).toMatchObject({ questionCount: 4 });
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    const ids = attempt.questions.map((q) => q.question.id);
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe(quiz.questions[0]!.id);
    expect(new Set(ids).size).toBe(4);
    const reload = await get<AttemptForStudent>(quiz.student, `/api/attempts/${attempt.id}`);
    expect(reload.questions.map((q) => q.question.id)).toEqual(ids);
  });

  it('refuses an essay over its word limit, and deleting the course removes its attempts', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, {}, [
      { title: 'Short essay', content: { type: 'essay', body: { wordLimit: 3 }, key: {} } },
    ]);
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    const essay = quiz.questions[0]!.id;
    const long = await saveAnswer(ctx, quiz.student, attempt, essay, { html: '<p>one two three four</p>' });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('the limit is 3');
    const fits = await saveAnswer(ctx, quiz.student, attempt, essay, { html: '<p>one <b>two</b></p>' });
    expect(fits.statusCode).toBe(200);
    await submitAttempt(ctx, quiz.student, attempt.id);
    await ctx.database.db.delete(courses).where(eq(courses.id, quiz.courseId));
    const left = await ctx.database.db.select({ n: count() }).from(attempts).where(eq(attempts.id, attempt.id));
    expect(left[0]!.n).toBe(0);
  });
});

describe('regrading and the lists', () => {
  it('regrades submitted attempts when the teacher fixes an answer key, and logs it', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx, {}, [
      { title: 'Statement', content: { type: 'true_false', body: {}, key: { answer: true } } },
    ]);
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    await saveAnswer(ctx, quiz.student, attempt, quiz.questions[0]!.id, { answer: false });
    const first = (await submitAttempt(ctx, quiz.student, attempt.id)).json<SubmitAttemptResult>();
    expect(first.result.score).toBe(0);
    const fix = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/questions/${quiz.questions[0]!.id}`,
      headers: bearer(quiz.teacher.token),
      payload: {
        version: quiz.questions[0]!.version,
        content: { type: 'true_false', body: {}, key: { answer: false } },
      },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const mine = await get<MyAttemptPage>(quiz.student, '/api/me/quiz-attempts');
    expect(mine.items.find((row) => row.id === attempt.id)).toMatchObject({ score: 100, passed: true });
    const log = await ctx.database.db.select().from(regradeLog).where(eq(regradeLog.attemptId, attempt.id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ oldScore: 0, newScore: 1, byUserId: quiz.teacher.user.id });
    // A question with answers cannot be deleted from the bank (the attempts keep it).
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/questions/${quiz.questions[0]!.id}`,
      headers: bearer(quiz.teacher.token),
    });
    expect(del.statusCode).toBe(409);
  });

  it('gives the teacher the attempts log (saves, submit time, IP) and the student their attempts', async () => {
    nowMs = START;
    const quiz = await setUpQuiz(ctx);
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    await saveAnswer(ctx, quiz.student, attempt, quiz.questions[1]!.id, { answer: true });
    await saveAnswer(ctx, quiz.student, attempt, quiz.questions[1]!.id, { answer: false });
    const log = await get<AttemptLogPage>(
      quiz.teacher,
      `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/attempts`,
    );
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({ id: attempt.id, savesCount: 2, submittedAt: null, ip: '127.0.0.1' });
    const mine = await get<MyAttemptPage>(quiz.student, '/api/me/quiz-attempts');
    expect(mine.items[0]).toMatchObject({
      id: attempt.id,
      status: 'in_progress',
      courseTitle: 'Databases',
      score: null,
    });
    const stranger = await createUser(ctx, 'student');
    expect((await get<MyAttemptPage>(stranger, '/api/me/quiz-attempts')).total).toBe(0);
  });
});

export type { QuizSetup };
