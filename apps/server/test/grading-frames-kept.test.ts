import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AttemptForStudent, Gradebook, InboxPage, MyAttemptPage, MyGrades } from '@lyceum/contract';
import {
  answerRubricScores,
  assessments,
  attemptAnswers,
  attempts,
  courseItems,
  courses,
  enrolments,
  gradebookSettings,
  gradeOverrides,
  questions,
  rubrics,
  users,
} from '../src/db/schema/index.js';
import { saveAnswer, setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/** The server's clock, moved forward by the test (the release of anonymous names). */
let later = 0;
const ctx = useTestApp({ clock: () => Date.now() + later });

/** The assessment's score released by hand an hour from now. */
const releaseInAnHour = (itemId: string) =>
  ctx.database.db
    .update(assessments)
    .set({ releaseScore: 'manual', releasedAt: new Date(Date.now() + 3_600_000) })
    .where(eq(assessments.itemId, itemId));

/** The assessment's score released after each learner's due date, a day from now (which a class may move). */
const releaseAfterDue = (itemId: string) =>
  ctx.database.db
    .update(assessments)
    .set({ releaseScore: 'after_due', releasedAt: null, dueAt: new Date(Date.now() + 86_400_000) })
    .where(eq(assessments.itemId, itemId));

/** Runs `check` with the server's clock two hours ahead. */
async function twoHoursLater(check: () => Promise<void>) {
  later = 2 * 3_600_000;
  try {
    await check();
  } finally {
    later = 0;
  }
}

/** The frame's statement: the only one of a gradebook read that joins the weights. */
const FRAME_STATEMENT = /gradebook_settings/;

describe("a course's gradebook frame", () => {
  it('is kept until the database says an assessment, the weights, the course title or its teacher changed (migrations 0038, 0039)', async () => {
    const quiz = await setUpQuiz(ctx, { points: 10 });
    const { teacher, student, courseId } = quiz;
    const db = ctx.database.db;
    const myGrades = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/me/courses/${courseId}/grades`,
        headers: bearer(student.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MyGrades>();
    };
    const gradebook = async (who: TestUser = teacher) =>
      ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/gradebook`, headers: bearer(who.token) });
    const shown = (grades: MyGrades) => ({
      course: grades.course.title,
      columns: grades.columns.map((c) => `${c.title} (${c.points})`),
      weights: grades.weights,
    });
    expect(shown(await myGrades())).toEqual({ course: 'Databases', columns: ['Quiz 1 (10)'], weights: {} });

    // Read again: the learner's page and the teacher's gradebook come from the frame the process kept.
    expect(await readUntilKept(ctx.database, myGrades, FRAME_STATEMENT)).toEqual([]);
    expect(await readUntilKept(ctx.database, () => gradebook(), FRAME_STATEMENT)).toEqual([]);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    await db.update(assessments).set({ points: 25 }).where(eq(assessments.itemId, quiz.assessment.id));
    expect(shown(await myGrades()).columns).toEqual(['Quiz 1 (25)']);
    expect((await gradebook()).json<Gradebook>().columns.map((c) => c.points)).toEqual([25]);
    await db.update(courseItems).set({ title: 'Quiz one' }).where(eq(courseItems.id, quiz.assessment.id));
    expect(shown(await myGrades()).columns).toEqual(['Quiz one (25)']);
    await db.insert(gradebookSettings).values({ courseId, weights: { quiz: 60, exam: 40 } });
    expect(shown(await myGrades()).weights).toEqual({ quiz: 60, exam: 40 });
    await db
      .update(gradebookSettings)
      .set({ weights: { quiz: 100 } })
      .where(eq(gradebookSettings.courseId, courseId));
    expect(shown(await myGrades()).weights).toEqual({ quiz: 100 });
    await db.update(courses).set({ title: 'Databases II' }).where(eq(courses.id, courseId));
    expect(shown(await myGrades()).course).toBe('Databases II');

    // The frame says who teaches the course: handed to another teacher, the first one no longer reads it.
    expect((await gradebook()).statusCode).toBe(200);
    const next = await createUser(ctx, 'teacher');
    await db.update(courses).set({ teacherId: next.user.id }).where(eq(courses.id, courseId));
    expect((await gradebook()).statusCode).toBe(403);
    expect((await gradebook(next)).statusCode).toBe(200);

    // An assessment deleted leaves the columns.
    await db.delete(assessments).where(eq(assessments.itemId, quiz.assessment.id));
    expect(shown(await myGrades()).columns).toEqual([]);
  });

  it("keeps a gradebook page as sent until the course's results change (migration 0040) or a release shows its names", async () => {
    const quiz = await setUpQuiz(ctx, { points: 10 });
    const { teacher, student, courseId } = quiz;
    const db = ctx.database.db;
    const url = `/api/courses/${courseId}/gradebook?page=1&pageSize=50`;
    const gradebook = async (who: TestUser = teacher) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(who.token), 'accept-encoding': 'br' },
      });
      return res;
    };
    const read = async () => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(teacher.token) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<Gradebook>();
      return {
        total: page.total,
        rows: page.items.map((row) => ({
          name: row.student.name,
          attempts: row.cells[0]!.attempts,
          points: row.cells[0]!.points,
          hidden: row.cells[0]!.hidden,
        })),
      };
    };
    /** The gradebook's own statement (its students' lines): none when the page is kept. */
    const LINES = /from enrolments e/;
    const name = (await read()).rows[0]!.name;
    expect(await read()).toEqual({ total: 1, rows: [{ name, attempts: 0, points: null, hidden: false }] });
    expect(await readUntilKept(ctx.database, read, LINES)).toEqual([]);
    // Kept as sent: the same bytes again.
    const first = await gradebook();
    expect(first.statusCode).toBe(200);
    expect((await gradebook()).rawPayload.equals(first.rawPayload)).toBe(true);

    // An attempt begun and answers saved (in progress) change nothing the page shows: it stays kept.
    const started = await startAttempt(ctx, quiz);
    expect(started.statusCode, started.body).toBe(201);
    const attempt = started.json<{ id: string; questions: { id: string }[] }>();
    const choice = quiz.questions[0]!;
    expect((await saveAnswer(ctx, student, attempt as never, choice.id, { choice: 0 })).statusCode).toBeLessThan(500);
    expect(await readUntilKept(ctx.database, read, LINES, 1)).toEqual([]);

    // Submitted through the API: the next read shows it, in this process at once.
    expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);
    expect((await read()).rows[0]!.attempts).toBe(1);

    // Each change below is made in SQL, past the app's services: the triggers tell the process.
    await db.update(attempts).set({ status: 'graded', rawScore: 3, maxScore: 6 }).where(eq(attempts.id, attempt.id));
    expect((await read()).rows[0]!.points).toBe(5);
    await db
      .insert(gradeOverrides)
      .values({ assessmentId: quiz.assessment.id, studentId: student.user.id, points: 9, reason: 'Regraded on paper' });
    expect((await read()).rows[0]!.points).toBe(9);
    await db.delete(gradeOverrides).where(eq(gradeOverrides.studentId, student.user.id));
    expect((await read()).rows[0]!.points).toBe(5);
    await db.update(users).set({ firstname: 'Renamed', lastname: 'Learner' }).where(eq(users.id, student.user.id));
    expect((await read()).rows[0]!.name).toBe('Renamed Learner');
    const other = await createUser(ctx, 'student');
    await db.insert(enrolments).values({ courseId, studentId: other.user.id });
    expect((await read()).total).toBe(2);
    await db.delete(attempts).where(eq(attempts.id, attempt.id));
    expect((await read()).rows.find((row) => row.name === 'Renamed Learner')!.attempts).toBe(0);
    await db.delete(enrolments).where(eq(enrolments.studentId, other.user.id));
    expect((await read()).total).toBe(1);

    // Who may read it is decided for each request: another teacher gets a 403 while the page is kept.
    expect(await readUntilKept(ctx.database, read, LINES)).toEqual([]);
    expect((await gradebook(await createUser(ctx, 'teacher'))).statusCode).toBe(403);
    expect((await gradebook(student)).statusCode).toBe(403);

    // Anonymous until its names are released in an hour: hidden, kept, and shown once the hour has passed.
    await db
      .update(assessments)
      .set({ anonymousGrading: true, releasedAt: new Date(Date.now() + 3_600_000) })
      .where(eq(assessments.itemId, quiz.assessment.id));
    const resit = await startAttempt(ctx, quiz);
    expect((await submitAttempt(ctx, student, resit.json<{ id: string }>().id)).statusCode).toBe(200);
    expect((await read()).rows[0]!.hidden).toBe(true);
    expect(await readUntilKept(ctx.database, read, LINES)).toEqual([]);
    later = 2 * 3_600_000;
    try {
      expect((await read()).rows[0]!.hidden).toBe(false);
    } finally {
      later = 0;
    }
  });

  it("keeps a grading inbox page as sent until the course's answers to grade change (migration 0042)", async () => {
    const essay = { title: 'Why indexes?', prompt: '<p>Explain.</p>', points: 4 };
    const quiz = await setUpQuiz(ctx, { points: 4 }, [{ ...essay, content: { type: 'essay', body: {}, key: {} } }]);
    const { teacher, student, courseId } = quiz;
    const questionId = quiz.questions[0]!.id;
    const db = ctx.database.db;
    const url = `/api/grading/inbox?courseId=${courseId}&status=all&pageSize=100`;
    const inbox = (who: TestUser = teacher) =>
      ctx.app.inject({ method: 'GET', url, headers: { ...bearer(who.token), 'accept-encoding': 'br' } });
    const read = async () => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(teacher.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<InboxPage>().items.map((item) => ({
        name: item.student.name,
        question: `${item.question.title} (${item.question.points})`,
        response: item.response,
        score: item.score,
        comment: item.comment,
        rubric: item.rubric?.total ?? (item.rubricId ? 'offered' : null),
        version: item.version,
      }));
    };
    /** The inbox's own statements (its page and its capped count): none when the page is kept. */
    const ANSWERS = /"attempt_answers"/;
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    expect((await saveAnswer(ctx, student, attempt, questionId, { html: '<p>To skip scans.</p>' })).statusCode).toBe(
      200,
    );
    expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);
    const other = await createUser(ctx, 'student');
    await db.insert(enrolments).values({ courseId, studentId: other.user.id });

    const [first] = await read();
    expect(first).toMatchObject({
      question: 'Why indexes? (4)',
      response: { html: '<p>To skip scans.</p>' },
      score: null,
    });
    expect(await readUntilKept(ctx.database, read, ANSWERS)).toEqual([]);
    const sent = await inbox();
    expect(sent.statusCode).toBe(200);
    expect((await inbox()).rawPayload.equals(sent.rawPayload)).toBe(true);

    // Another learner's attempt begun and an answer saved (in progress) change nothing the page shows: still kept.
    const theirs = (await startAttempt(ctx, quiz, other)).json<AttemptForStudent>();
    expect((await saveAnswer(ctx, other, theirs, questionId, { html: '<p>Draft</p>' })).statusCode).toBe(200);
    expect((await saveAnswer(ctx, other, theirs, questionId, { html: '<p>Draft 2</p>' })).statusCode).toBe(200);
    expect(await readUntilKept(ctx.database, read, ANSWERS, 1)).toEqual([]);

    // Graded through the API: the next read shows it, in this process at once.
    const graded = await ctx.app.inject({
      method: 'PUT',
      url: `/api/attempts/${attempt.id}/answers/${questionId}/grade`,
      headers: bearer(teacher.token),
      payload: { version: first!.version, score: 3, comment: '<p>Good.</p>' },
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect((await read())[0]).toMatchObject({ score: 3, comment: '<p>Good.</p>' });

    // Each change below is made in SQL, past the app's services: the triggers tell the process.
    const answer = and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, questionId));
    await db.update(attemptAnswers).set({ manualScore: 2, feedback: '<p>Fair.</p>' }).where(answer);
    expect((await read())[0]).toMatchObject({ score: 2, comment: '<p>Fair.</p>' });
    const version = (await read())[0]!.version;
    await db
      .update(attemptAnswers)
      .set({ version: sql`${attemptAnswers.version} + 1` })
      .where(answer);
    expect((await read())[0]!.version).toBe(version + 1);
    await db.update(questions).set({ title: 'Why use indexes?', points: 5 }).where(eq(questions.id, questionId));
    expect((await read())[0]!.question).toBe('Why use indexes? (5)');
    const [rubric] = await db
      .insert(rubrics)
      .values({ courseId, title: 'Clarity', criteria: [], maxPoints: 8, questionId })
      .returning({ id: rubrics.id });
    expect((await read())[0]!.rubric).toBe('offered');
    await db
      .insert(answerRubricScores)
      .values({ attemptId: attempt.id, questionId, rubricId: rubric!.id, selections: {}, total: 6 });
    expect((await read())[0]!.rubric).toBe(6);
    await db.update(users).set({ firstname: 'Renamed', lastname: 'Learner' }).where(eq(users.id, student.user.id));
    expect((await read())[0]!.name).toBe('Renamed Learner');
    // Unenrolled, the attempt stays in the inbox, and a new name still reaches it.
    await db.delete(enrolments).where(eq(enrolments.studentId, student.user.id));
    await db.update(users).set({ firstname: 'Former' }).where(eq(users.id, student.user.id));
    expect((await read())[0]!.name).toBe('Former Learner');

    // Who may read it is decided for each request: another teacher and a student get a 403 while the page is kept.
    expect(await readUntilKept(ctx.database, read, ANSWERS)).toEqual([]);
    expect((await inbox(await createUser(ctx, 'teacher'))).statusCode).toBe(403);
    expect((await inbox(student)).statusCode).toBe(403);

    await db.delete(attemptAnswers).where(answer);
    expect(await read()).toEqual([]);
  });

  it("keeps a learner's My grades as sent until the course's results change or a dated release comes; not while a score waits for a due date", async () => {
    const quiz = await setUpQuiz(ctx, { points: 10 });
    const { student, courseId } = quiz;
    const db = ctx.database.db;
    const url = `/api/me/courses/${courseId}/grades`;
    const myGrades = (who: TestUser = student) =>
      ctx.app.inject({ method: 'GET', url, headers: { ...bearer(who.token), 'accept-encoding': 'br' } });
    const read = async (who: TestUser = student) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });
      expect(res.statusCode, res.body).toBe(200);
      const cell = res.json<MyGrades>().cells[0]!;
      return { attempts: cell.attempts, points: cell.points, released: cell.released };
    };
    /** The learner's own line: none when the page is kept. */
    const LINE = /from enrolments e/;
    expect(await read()).toEqual({ attempts: 0, points: null, released: true });
    expect(await readUntilKept(ctx.database, read, LINE)).toEqual([]);
    const sent = await myGrades();
    expect((await myGrades()).rawPayload.equals(sent.rawPayload)).toBe(true);

    // Another learner reads their own page, never the first one's.
    const other = await createUser(ctx, 'student');
    await db.insert(enrolments).values({ courseId, studentId: other.user.id });
    const attempt = (await startAttempt(ctx, quiz)).json<{ id: string }>();
    expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);
    expect((await read()).attempts).toBe(1);
    expect((await read(other)).attempts).toBe(0);

    // Changed in SQL, past the services: the triggers tell the process.
    await db.update(attempts).set({ status: 'graded', rawScore: 3, maxScore: 6 }).where(eq(attempts.id, attempt.id));
    expect((await read()).points).toBe(5);

    // Released by hand for an hour from now: withheld, kept, and shown once the hour has passed.
    await releaseInAnHour(quiz.assessment.id);
    expect(await read()).toEqual({ attempts: 1, points: null, released: false });
    expect(await readUntilKept(ctx.database, read, LINE)).toEqual([]);
    await twoHoursLater(async () => expect(await read()).toEqual({ attempts: 1, points: 5, released: true }));

    // A score that waits for the learner's due date (which a class may move): read each time.
    await releaseAfterDue(quiz.assessment.id);
    expect((await read()).released).toBe(false);
    expect(await readUntilKept(ctx.database, read, LINE, 2)).toHaveLength(1);

    // Unenrolled: a 403 at once.
    await db
      .update(assessments)
      .set({ releaseScore: 'immediately', dueAt: null })
      .where(eq(assessments.itemId, quiz.assessment.id));
    expect(await readUntilKept(ctx.database, read, LINE)).toEqual([]);
    await db.delete(enrolments).where(eq(enrolments.studentId, student.user.id));
    expect((await myGrades()).statusCode).toBe(403);
  });
});

describe("a learner's My Quiz Attempts", () => {
  it('is kept as sent until their attempts (migration 0043) or a course on it change, or a dated release comes', async () => {
    const quiz = await setUpQuiz(ctx, { points: 10 });
    const { student, courseId, questions: bank } = quiz;
    const db = ctx.database.db;
    const url = '/api/me/quiz-attempts?page=1&pageSize=20';
    const mine = (who: TestUser = student) =>
      ctx.app.inject({ method: 'GET', url, headers: { ...bearer(who.token), 'accept-encoding': 'br' } });
    const read = async (who: TestUser = student) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MyAttemptPage>().items.map((item) => ({
        where: `${item.courseTitle} / ${item.assessmentTitle}`,
        status: item.status,
        score: item.score,
      }));
    };
    /** The page's one statement: none when the page is kept. */
    const PAGE = /"attempts"/;
    expect(await read()).toEqual([]);
    expect(await readUntilKept(ctx.database, read, PAGE)).toEqual([]);

    // Started through the API: shown at once; answers saved in progress leave the page kept.
    const attempt = (await startAttempt(ctx, quiz)).json<AttemptForStudent>();
    expect(await read()).toEqual([{ where: 'Databases / Quiz 1', status: 'in_progress', score: null }]);
    expect(await readUntilKept(ctx.database, read, PAGE)).toEqual([]);
    expect((await saveAnswer(ctx, student, attempt, bank[0]!.id, { choice: 0 })).statusCode).toBeLessThan(500);
    expect((await saveAnswer(ctx, student, attempt, bank[0]!.id, { choice: 1 })).statusCode).toBeLessThan(500);
    expect(await readUntilKept(ctx.database, read, PAGE, 1)).toEqual([]);
    const sent = await mine();
    expect((await mine()).rawPayload.equals(sent.rawPayload)).toBe(true);
    expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);
    expect((await read())[0]!.status).not.toBe('in_progress');

    // Changed in SQL, past the services: the learner's attempts and the course's titles tell the process.
    await db
      .update(attempts)
      .set({ status: 'graded', rawScore: 3, maxScore: 6, score: 5 })
      .where(eq(attempts.id, attempt.id));
    expect((await read())[0]).toMatchObject({ status: 'graded', score: 5 });
    await db.update(courses).set({ title: 'Databases II' }).where(eq(courses.id, courseId));
    expect((await read())[0]!.where).toBe('Databases II / Quiz 1');
    await db.update(courseItems).set({ title: 'Quiz one' }).where(eq(courseItems.id, quiz.assessment.id));
    expect((await read())[0]!.where).toBe('Databases II / Quiz one');

    // Another learner reads their own page, never this one.
    const other = await createUser(ctx, 'student');
    expect(await read(other)).toEqual([]);

    // Released by hand an hour from now: withheld and kept, then shown once the hour has passed.
    await releaseInAnHour(quiz.assessment.id);
    expect((await read())[0]!.score).toBeNull();
    expect(await readUntilKept(ctx.database, read, PAGE)).toEqual([]);
    await twoHoursLater(async () => expect((await read())[0]!.score).toBe(5));

    // A score that waits for the learner's due date (which a class may move): read each time.
    await releaseAfterDue(quiz.assessment.id);
    expect((await read())[0]!.score).toBeNull();
    expect(await readUntilKept(ctx.database, read, PAGE, 2)).not.toEqual([]);

    await db.delete(attempts).where(eq(attempts.id, attempt.id));
    expect(await read()).toEqual([]);
  });
});
