import { randomInt } from 'node:crypto';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  type AssessmentStartInfo,
  type AttemptForStudent,
  type AttemptLogPage,
  type AttemptReceipt,
  type AttemptResult,
  type MyAttemptPage,
  type QuestionContent,
  type QuestionReview,
  type SaveAnswerResult,
  type SubmissionFile,
  type SubmitAttemptResult,
  sequenceLockedMessage,
} from '@lyceum/contract';
import { and, arrayContains, asc, count, desc, eq, inArray, isNotNull, max, not, notInArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/guards.js';
import { verifyPassword } from '../../auth/passwords.js';
import type { Db } from '../../db/client.js';
import {
  assessmentParts,
  assessments,
  attemptAnswers,
  attempts,
  courseItems,
  courses,
  enrolments,
  questions,
  users,
} from '../../db/schema/index.js';
import { createMemoryAttemptCounter, type AttemptCounter, type Clock } from '../../lib/attempt-counter.js';
import { keptPerOwner } from '../../lib/kept-by-key.js';
import { pagesShowingCourses, type ChangeFeed } from '../../lib/pages-showing-courses.js';
import { preparedJson, type PreparedJson } from '../../lib/response-cache.js';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import {
  boundedPage,
  cappedCount,
  cappedPageResult,
  countFrame,
  countFrameTotal,
  type Paging,
} from '../../lib/pages.js';
import { classWindowInputs } from '../../lib/class-window.js';
import { anonymousLabel, namesHidden, type AttemptsUsed } from '../../lib/release.js';
import { sanitizeAboutHtml } from '../../lib/sanitize.js';
import { sequenceBlockerQuery } from '../../lib/sequence.js';
import { attemptFiles, toSubmissionFile } from '../../lib/submission-files.js';
import {
  finalizeAttempt,
  gradeAnswers,
  releaseOf,
  scoreOf,
  windowFor,
  windowOf,
  type AssessmentRow,
  type AttemptRow,
} from './grading.js';
import { gradeQuestion, ResponseShapeError } from './question-types/index.js';
import { createQuestionShapeCache, shapeOf, type QuestionShape } from './question-shapes.js';
import { attemptsForAnswers } from './answer-release.js';
import {
  ASSESSMENT_NOT_FOUND,
  ATTEMPT_NOT_FOUND,
  COURSE_NOT_FOUND,
  GRACE_MS,
  NOT_YOUR_COURSE,
  assessmentRow,
  assertAttemptOpenInSequence,
  iso,
  ownAttempt,
  partsView,
  tx,
  type AssessmentContext,
  type QuestionRow,
} from './assessment-shared.js';
import { createAuthoringLayout, createAuthoringSettings } from './authoring.js';
import { seededShuffle } from './shuffle.js';
import { blanksRight, correctResponse, questionForTaking } from './taking.js';
import { attemptDeadline, windowState, type LearnerWindow } from './window.js';

export { ASSESSMENT_NOT_FOUND, ATTEMPT_NOT_FOUND } from './assessment-shared.js';

const PASSWORD_WINDOW_MS = ASSESSMENT_LIMITS.wrongPasswordWindowMinutes * 60_000;

/** Why a well-shaped response does not fit this question (ids it does not have, too many blanks), or null. */
function misfit(content: QuestionContent, response: unknown): string | null {
  const unknownIds = (ids: string[], known: string[]) => ids.filter((id) => !known.includes(id));
  switch (content.type) {
    case 'multiple_choice': {
      const chosen = (response as { chosen: string[] }).chosen;
      if (
        unknownIds(
          chosen,
          content.body.choices.map((c) => c.id),
        ).length
      )
        return 'names choices the question does not have';
      if (new Set(chosen).size !== chosen.length) return 'repeats a choice';
      if (!content.body.multiple && chosen.length > 1) return 'chooses more than one answer';
      return null;
    }
    case 'matching': {
      const pairs = (response as { pairs: Record<string, string> }).pairs;
      if (
        unknownIds(
          Object.keys(pairs),
          content.body.prompts.map((p) => p.id),
        ).length
      )
        return 'names unknown prompts';
      if (
        unknownIds(
          Object.values(pairs),
          content.body.options.map((o) => o.id),
        ).length
      )
        return 'names unknown options';
      return null;
    }
    case 'ordering': {
      const order = (response as { order: string[] }).order;
      if (
        unknownIds(
          order,
          content.body.items.map((i) => i.id),
        ).length
      )
        return 'names items the question does not have';
      if (new Set(order).size !== order.length) return 'repeats an item';
      return null;
    }
    case 'fill_blank':
      return (response as { blanks: string[] }).blanks.length > content.key.blanks.length
        ? 'has too many blanks'
        : null;
    case 'essay': {
      const limit = content.body.wordLimit;
      if (limit === null) return null;
      const text = (response as { html: string }).html.replace(/<[^>]*>/g, ' ');
      const words = text.split(/\s+/u).filter(Boolean).length;
      return words > limit ? `has ${words} words; the limit is ${limit}` : null;
    }
    case 'task': {
      // The files of a task that takes them are the attempt's uploads (the server sets `files` when saving).
      const { html = '', files = [] } = response as { html?: string; files?: string[] };
      if (!content.body.allowText && html.replace(/<[^>]*>/g, '').trim() !== '')
        return 'has text; this task takes files only';
      if (!content.body.allowFiles && files.length > 0) return 'has files; this task takes text only';
      return null;
    }
    default:
      return null;
  }
}

/** Why a response cannot be saved to this question (not its type's shape, or not fitting it), or null. */
function responseProblem(question: QuestionShape, response: unknown): string | null {
  const content = { type: question.type, body: question.body, key: question.key } as QuestionContent;
  try {
    gradeQuestion(content, response, question.points);
  } catch (error) {
    if (error instanceof ResponseShapeError)
      return `does not have the shape of a ${question.type.replace('_', ' ')} answer`;
    throw error;
  }
  return misfit(content, response);
}

/** The 400 for a response that does not fit: it names the question by its number in the attempt (never its title). */
function refusal(question: QuestionShape, number: number, reason: string): HttpError {
  return new HttpError(400, `Question ${number}: the answer ${reason}`, [
    { path: `questions.${question.id}`, message: reason },
  ]);
}

/** A checked response as it is stored: essays' and tasks' HTML sanitised. */
function storedResponse(question: QuestionShape, response: unknown): unknown {
  if (question.type === 'essay') {
    const html = (response as { html: string }).html;
    return { html: sanitizeAboutHtml(html) };
  }
  if (question.type === 'task') {
    // `files` is replaced by the attempt's uploads when the answer is stored (saveAnswer).
    const { html } = response as { html?: string };
    return { html: sanitizeAboutHtml(html ?? ''), files: [] };
  }
  return response;
}

/** What a save's statement answers: the attempt's saves so far and its deadline (epoch ms), when it was counted. */
interface SavedRow extends Record<string, unknown> {
  saves_count: number | string;
  deadline_ms: number | string | null;
}

/** Question shapes kept for answer checks (every attempt of the process): at most this many bytes. */
const QUESTION_SHAPE_CACHE_BYTES = 8 * 1024 * 1024;

export interface AssessmentServiceOptions {
  clock: Clock;
  /**
   * Wrong access passwords per (student, assessment), on the app's shared attempt counter (Redis when configured,
   * so every app process counts together; ADR 022's counter). Without it, counted in this process.
   */
  attempts?: AttemptCounter;
  /**
   * The database's word that a learner's attempts changed (db/client.ts `watchLearnerAttempts`, migration 0043) and
   * that a course's assessments or titles did (`watchCourses`): "My Quiz Attempts" pages are kept until one comes.
   * Without both every page is read.
   */
  watchLearnerAttempts?: ChangeFeed;
  watchCourses?: ChangeFeed;
}

/** Assessments: authoring (course teacher, admins), taking (enrolled students), lists. ADR 025. */
export function createAssessmentService(db: Db, { clock, attempts: counter, ...feeds }: AssessmentServiceOptions) {
  const now = () => new Date(clock());
  const context: AssessmentContext = { db, clock, now };
  const passwordTries = counter ?? createMemoryAttemptCounter(clock);

  /**
   * The access password, like every other secret, is not open to guessing (issue 46.8): each (student,
   * assessment) may give `wrongPasswordsPerWindow` wrong ones; then every start, the right password included, is a
   * 429 with Retry-After until the window that began with the first wrong one ends. The right password clears it.
   */
  async function checkPassword(passwordHash: string, studentId: string, itemId: string, password?: string) {
    if (!password)
      throw new HttpError(403, ASSESSMENT_MESSAGES.passwordRequired, [{ path: 'password', message: 'is required' }]);
    const key = `assessment-password:${studentId}:${itemId}`;
    if ((await passwordTries.count(key)) >= ASSESSMENT_LIMITS.wrongPasswordsPerWindow)
      throw new HttpError(429, ASSESSMENT_MESSAGES.tooManyPasswords, undefined, {
        'retry-after': String(ASSESSMENT_LIMITS.wrongPasswordWindowMinutes * 60),
      });
    if (!(await verifyPassword(passwordHash, password))) {
      await passwordTries.hit(key, PASSWORD_WINDOW_MS);
      throw new HttpError(403, ASSESSMENT_MESSAGES.wrongPassword, [{ path: 'password', message: 'is not right' }]);
    }
    await passwordTries.reset(key);
  }
  /**
   * "My Quiz Attempts" pages as sent (ADR 019, session 24): a learner opens the list again and again between their
   * attempts. Kept per learner until the database names the learner or a course the page shows, and no later than
   * the next release, due or close date of an assessment on it. Not while a score waits for the learner's own due
   * date, which their classes may move.
   */
  const myAttemptPages = pagesShowingCourses(feeds.watchLearnerAttempts, feeds.watchCourses);
  const keptMyAttempts = keptPerOwner<{ json: PreparedJson; holdsUntil: number }>(myAttemptPages.watch, {
    bytesOf: (page) => 2 * page.json.body.length,
    maxBytes: 16 * 1024 * 1024,
    holds: (page) => clock() < page.holdsUntil,
  });
  const shapes = createQuestionShapeCache(QUESTION_SHAPE_CACHE_BYTES);

  /** "My Quiz Attempts": a page of the caller's attempts joined to their capped count (countFrame), built once. */
  const attemptOrder = [desc(attempts.startedAt), desc(attempts.id)];
  const mine = eq(attempts.studentId, sql.placeholder('studentId'));
  const myAttemptsPrepared = db
    .select({
      attempt: attempts,
      assessment: assessments,
      title: courseItems.title,
      course: { id: courses.id, title: courses.title },
      total: countFrameTotal,
    })
    .from(
      countFrame(
        db
          .select({ one: sql`1` })
          .from(attempts)
          .where(mine),
      ),
    )
    .leftJoin(
      attempts,
      inArray(
        attempts.id,
        db
          .select({ id: attempts.id })
          .from(attempts)
          .where(mine)
          .orderBy(...attemptOrder)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
    )
    .leftJoin(assessments, eq(assessments.itemId, attempts.assessmentId))
    .leftJoin(courseItems, eq(courseItems.id, attempts.assessmentId))
    .leftJoin(courses, eq(courses.id, attempts.courseId))
    .orderBy(...attemptOrder)
    .prepare('lyceum_my_attempts');

  // -------------------------------------------------------------------------------------------
  // Student side helpers
  // -------------------------------------------------------------------------------------------

  /** The published assessment and the caller's enrolment; 404 when missing/draft, 403 when not enrolled. */
  async function forLearner(executor: Db, user: SessionUser, courseId: string, itemId: string) {
    const [row] = await executor
      .select({
        assessment: assessments,
        item: courseItems,
        enrolmentId: enrolments.id,
        courseStatus: courses.status,
        // Sequential mode (ADR 029), in the same statement: the item to complete first, if any.
        blockedBy: sql<string | null>`(select b.title from (${sequenceBlockerQuery(
          sql`${itemId}::uuid`,
          sql`${courseId}::uuid`,
          user.id,
        )}) b)`,
      })
      .from(assessments)
      .innerJoin(courseItems, eq(courseItems.id, assessments.itemId))
      .innerJoin(courses, eq(courses.id, assessments.courseId))
      .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.studentId, user.id)))
      .where(and(eq(assessments.itemId, itemId), eq(assessments.courseId, courseId)))
      .limit(1);
    if (!row || !row.item.published || (row.courseStatus !== 'published' && !row.enrolmentId))
      throw notFound(ASSESSMENT_NOT_FOUND);
    if (!row.enrolmentId) throw forbidden(ASSESSMENT_MESSAGES.notEnrolled);
    // Locked as the outline shows it until the items before it are complete.
    if (row.blockedBy !== null) throw forbidden(sequenceLockedMessage(row.blockedBy));
    return row;
  }

  /**
   * A question of the caller's attempt, read now (its shape kept for the next saves) with its number in the
   * attempt: 404 for an attempt that is not theirs or a question it does not hold. One query.
   */
  async function attemptQuestion(user: SessionUser, attemptId: string, questionId: string) {
    const [row] = await db
      .select({
        questionIds: attempts.questionIds,
        question: {
          id: questions.id,
          version: questions.version,
          title: questions.title,
          type: questions.type,
          body: questions.body,
          key: questions.key,
          points: questions.points,
        },
      })
      .from(attempts)
      .leftJoin(questions, eq(questions.id, questionId))
      .where(and(eq(attempts.id, attemptId), eq(attempts.studentId, user.id)))
      .limit(1);
    if (!row) throw notFound(ATTEMPT_NOT_FOUND);
    const index = row.questionIds.indexOf(questionId);
    if (index < 0 || !row.question) throw notFound(ASSESSMENT_MESSAGES.notInAttempt);
    return { shape: shapes.set(shapeOf(row.question)), number: index + 1 };
  }

  /**
   * Counts a save on the attempt row where the caller may still save to this question: their attempt, in
   * progress, at or before deadline + grace, holding the question, and the question still at `version` (the one
   * the answer was checked against) when given. Locks the row: saves of one attempt and its submit take turns.
   */
  function countSave(user: SessionUser, attemptId: string, questionId: string, version: number | null, when: string) {
    const unchanged =
      version === null
        ? sql``
        : sql`and exists (select 1 from questions q where q.id = ${questionId} and q.version = ${version})`;
    return sql`
      update attempts set saves_count = saves_count + 1, updated_at = ${when}::timestamptz
      where id = ${attemptId} and student_id = ${user.id} and status = 'in_progress'
        and ${questionId}::uuid = any(question_ids)
        and not exists (${sequenceBlockerQuery(sql`attempts.assessment_id`, sql`attempts.course_id`, user.id)})
        and (deadline_at is null
          or deadline_at + make_interval(secs => ${ASSESSMENT_LIMITS.graceSeconds}) >= ${when}::timestamptz)
        ${unchanged}
      returning saves_count, (extract(epoch from deadline_at) * 1000)::float8 as deadline_ms`;
  }

  /**
   * Writes an answer where countSave counts it: one statement, no transaction (the upsert sees an answer another
   * save committed while this one waited for the attempt row). Clearing an answer is the rare case: the delete
   * must run after the wait, so it is a second statement in a transaction. Answers the counted row, or undefined
   * when nothing was written.
   */
  async function writeAnswer(
    user: SessionUser,
    attemptId: string,
    questionId: string,
    version: number | null,
    value: unknown,
    at: Date,
  ): Promise<SavedRow | undefined> {
    const when = at.toISOString();
    const rowsOf = (result: unknown) => (result as { rows: SavedRow[] }).rows;
    if (value === null)
      return db.transaction(async (txn) => {
        const t = tx(txn);
        const [counted] = rowsOf(await t.execute(countSave(user, attemptId, questionId, version, when)));
        if (counted) {
          // A task's handed-in files stay when its text is cleared (uploads and removals own the file list).
          const mine = and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId));
          const hasFiles = sql`jsonb_array_length(coalesce(${attemptAnswers.response} -> 'files', '[]'::jsonb)) > 0`;
          await t
            .update(attemptAnswers)
            .set({
              response: sql`jsonb_build_object('html', '', 'files', ${attemptAnswers.response} -> 'files')`,
              updatedAt: at,
              version: sql`${attemptAnswers.version} + 1`,
            })
            .where(and(mine, hasFiles));
          await t.delete(attemptAnswers).where(and(mine, not(hasFiles)));
        }
        return counted;
      });
    const result = await db.execute<SavedRow>(sql`
      with counted as (${countSave(user, attemptId, questionId, version, when)})
      , written as (
        insert into attempt_answers (attempt_id, question_id, response, updated_at)
        select ${attemptId}::uuid, ${questionId}::uuid, ${JSON.stringify(value)}::jsonb, ${when}::timestamptz
        from counted
        on conflict (attempt_id, question_id) do update
          -- A task's file list is the server's (uploads and removals write it under the attempt's lock): a text save
          -- keeps the stored one.
          set response = case when excluded.response ? 'files'
                then jsonb_set(excluded.response, '{files}', coalesce(attempt_answers.response -> 'files', '[]'::jsonb))
                else excluded.response end,
            updated_at = excluded.updated_at, version = attempt_answers.version + 1
      )
      select saves_count, deadline_ms from counted`);
    return rowsOf(result)[0];
  }

  function remaining(attempt: AttemptRow, at: Date): number | null {
    if (!attempt.deadlineAt) return null;
    return Math.max(0, Math.floor((attempt.deadlineAt.getTime() - at.getTime()) / 1000));
  }

  /** A page of "My Quiz Attempts" at `at`, with the assessments it shows (what the kept page depends on). */
  async function myAttemptsPage(user: SessionUser, paging: Paging, at: Date) {
    const framed = await myAttemptsPrepared.execute({ studentId: user.id, ...boundedPage(paging) });
    const total = Number(framed[0]?.total ?? 0);
    const rows = framed.flatMap(({ attempt, assessment, title, course }) =>
      attempt && assessment && course ? [{ attempt, assessment, title: title ?? '', course }] : [],
    );
    // Scores waiting for a due date are shown from the learner's own one (class dates, accommodations): one
    // statement for the page's assessments, only when some wait.
    const waiting = rows.filter(
      (r) =>
        r.attempt.status !== 'in_progress' && r.assessment.releaseScore === 'after_due' && !r.assessment.releasedAt,
    );
    const fromClasses = waiting.length
      ? await classWindowInputs(db, [...new Set(waiting.map((r) => r.attempt.assessmentId))], user.id)
      : (new Map() as Awaited<ReturnType<typeof classWindowInputs>>);
    const items = rows.map(({ attempt, assessment, title, course }) => {
      const result =
        attempt.status === 'in_progress'
          ? null
          : resultOf(attempt, assessment, at, windowOf(assessment, user.id, fromClasses.get(assessment.itemId)));
      return {
        id: attempt.id,
        assessmentId: attempt.assessmentId,
        assessmentTitle: title,
        kind: assessment.kind,
        courseId: course.id,
        courseTitle: course.title,
        number: attempt.number,
        status: attempt.status,
        startedAt: attempt.startedAt.toISOString(),
        submittedAt: iso(attempt.submittedAt),
        deadlineAt: iso(attempt.deadlineAt),
        score: result?.score ?? null,
        maxScore: assessment.points,
        percent: result?.percent ?? null,
        passed: result?.passed ?? null,
        releasesAt: result?.releasesAt ?? null,
      };
    });
    return {
      page: cappedPageResult(items, paging, total),
      assessmentsShown: rows.map((row) => row.assessment),
    };
  }

  function resultOf(
    attempt: AttemptRow,
    assessment: AssessmentRow,
    at: Date,
    window = windowOf(assessment, attempt.studentId),
    attemptsSoFar?: AttemptsUsed,
  ): AttemptResult {
    const released = releaseOf(assessment, window, at, attemptsSoFar);
    const showScore = released.score && attempt.status === 'graded';
    const scored = showScore
      ? scoreOf(assessment, attempt.rawScore ?? 0, attempt.maxScore ?? 0, attempt.penaltyPercent ?? 0)
      : null;
    const releasesAt =
      released.score || assessment.releaseScore !== 'after_due' ? null : iso(window.dueAt ?? window.closesAt);
    return {
      status: attempt.status,
      released,
      score: scored ? attempt.score : null,
      maxScore: assessment.points,
      percent: scored ? scored.percent : null,
      passed: scored ? scored.passed : null,
      late: attempt.late,
      penaltyPercent: showScore ? attempt.penaltyPercent : null,
      releasesAt,
      releaseAnswers: assessment.releaseAnswers,
    };
  }

  async function receiptOf(executor: Db, attempt: AttemptRow): Promise<AttemptReceipt> {
    const [row] = await executor
      .select({ n: count() })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempt.id));
    return {
      attemptId: attempt.id,
      number: attempt.number,
      submittedAt: attempt.submittedAt!.toISOString(),
      autoSubmitted: attempt.autoSubmitted,
      answered: row?.n ?? 0,
      questionCount: attempt.questionIds.length,
    };
  }

  /** An attempt as its student sees it, from what the caller has read: keys and reviews only as released. */
  async function attemptView({
    attempt,
    assessment,
    title,
    rows,
    answers,
    window,
    at,
  }: {
    attempt: AttemptRow;
    assessment: AssessmentRow;
    title: string;
    rows: QuestionRow[];
    answers: (typeof attemptAnswers.$inferSelect)[];
    window: LearnerWindow;
    at: Date;
  }): Promise<AttemptForStudent> {
    // The files handed in for the attempt's task questions: one statement, only when it has a task.
    const filesOf = new Map<string, SubmissionFile[]>();
    if (rows.some((row) => row.type === 'task')) {
      for (const file of await attemptFiles(db, attempt.id)) {
        const list = filesOf.get(file.questionId) ?? [];
        list.push(toSubmissionFile(file, { kind: 'student', attemptId: attempt.id }));
        filesOf.set(file.questionId, list);
      }
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    const answerOf = new Map(answers.map((answer) => [answer.questionId, answer]));
    const submitted = attempt.status !== 'in_progress';
    // "After the last attempt" reads the student's attempts, for a submitted attempt only (ADR 046).
    const attemptsSoFar = submitted
      ? await attemptsForAnswers(db, assessment, attempt.studentId, window, at)
      : undefined;
    const released = releaseOf(assessment, window, at, attemptsSoFar);
    const list = attempt.questionIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const result: AttemptForStudent['questions'] = list.map((question, index) => {
      const answer = answerOf.get(question.id);
      let review: QuestionReview | null = null;
      if (submitted) {
        const needsGrading = Boolean(answer?.needsManual && answer.manualScore === null);
        const earned = answer ? (answer.manualScore ?? answer.autoScore ?? 0) : 0;
        const correct = needsGrading ? null : earned >= question.points;
        const choiceFeedback =
          question.type === 'multiple_choice' && answer
            ? ((answer.response as { chosen?: string[] }).chosen ?? []).flatMap((choiceId) => {
                const text = (question.key as { choiceFeedback?: Record<string, string> }).choiceFeedback?.[choiceId];
                return text ? [{ choiceId, text }] : [];
              })
            : [];
        review = {
          score: released.score && !needsGrading ? earned : null,
          maxScore: question.points,
          correct: released.score ? correct : null,
          needsGrading,
          correctResponse: released.answers ? correctResponse(question) : null,
          blanksRight: released.answers ? blanksRight(question, answer?.response) : null,
          feedback: released.feedback
            ? {
                general: question.feedback.general,
                outcome: correct === null ? '' : correct ? question.feedback.correct : question.feedback.incorrect,
                choices: choiceFeedback,
                grader: answer?.feedback ?? '',
              }
            : null,
        };
      }
      return {
        number: index + 1,
        question: questionForTaking(question, attempt.seed, assessment.shuffleChoices),
        response: answer ? answer.response : null,
        savedAt: answer ? answer.updatedAt.toISOString() : null,
        files: filesOf.get(question.id) ?? [],
        review,
      };
    });
    return {
      id: attempt.id,
      assessmentId: attempt.assessmentId,
      courseId: attempt.courseId,
      title,
      kind: assessment.kind,
      number: attempt.number,
      status: attempt.status,
      layout: assessment.layout,
      startedAt: attempt.startedAt.toISOString(),
      deadlineAt: iso(attempt.deadlineAt),
      remainingSeconds: submitted ? null : remaining(attempt, at),
      serverNow: at.toISOString(),
      dueAt: iso(window.dueAt),
      submittedAt: iso(attempt.submittedAt),
      savesCount: attempt.savesCount,
      questions: result,
      receipt: submitted ? await receiptOf(db, attempt) : null,
      result: submitted ? resultOf(attempt, assessment, at, window, attemptsSoFar) : null,
    };
  }

  /**
   * Draws the questions of a new attempt: fixed parts as listed, draw parts at random (no repeats), then shuffled.
   * Answers the question rows in the order served (the new attempt's page is built from them, without reading again).
   */
  async function drawQuestions(t: Db, assessment: AssessmentRow, seed: number): Promise<QuestionRow[]> {
    const parts = await t
      .select()
      .from(assessmentParts)
      .where(eq(assessmentParts.assessmentId, assessment.itemId))
      .orderBy(asc(assessmentParts.position));
    const fixedIds = [...new Set(parts.flatMap((p) => (p.mode === 'fixed' ? p.questionIds : [])))];
    const existing = new Map(
      (fixedIds.length
        ? await t
            .select()
            .from(questions)
            .where(and(inArray(questions.id, fixedIds), eq(questions.courseId, assessment.courseId)))
        : []
      ).map((q) => [q.id, q]),
    );
    const chosen: QuestionRow[] = [];
    const taken = new Set<string>();
    for (const part of parts) {
      if (part.mode === 'fixed') {
        for (const id of part.questionIds) {
          const row = existing.get(id);
          if (row && !taken.has(id)) {
            chosen.push(row);
            taken.add(id);
          }
        }
        continue;
      }
      const conditions = [eq(questions.courseId, assessment.courseId), arrayContains(questions.tags, [part.drawTag!])];
      if (taken.size) conditions.push(notInArray(questions.id, [...taken]));
      const drawn = await t
        .select()
        .from(questions)
        .where(and(...conditions))
        .orderBy(sql`random()`)
        .limit(part.drawCount!);
      for (const row of drawn) {
        chosen.push(row);
        taken.add(row.id);
      }
    }
    if (!assessment.shuffleQuestions) return chosen;
    // The same shuffle of the ids as ever, so the seed keeps meaning the same order.
    const byId = new Map(chosen.map((row) => [row.id, row]));
    return seededShuffle(
      chosen.map((row) => row.id),
      seed,
      'questions',
    ).map((id) => byId.get(id)!);
  }

  /** Submits a locked in-progress attempt: grades every saved answer, totals, completion. */
  async function submitLocked(t: Db, attempt: AttemptRow, at: Date, auto: boolean): Promise<AttemptRow> {
    const { assessment } = await assessmentRow(t, attempt.assessmentId);
    await gradeAnswers(t, attempt);
    // An attempt that ran out of time ends at its deadline: that is when its answers froze.
    const overdue = attempt.deadlineAt !== null && at.getTime() > attempt.deadlineAt.getTime() + GRACE_MS;
    const submittedAt = overdue ? attempt.deadlineAt! : at;
    return finalizeAttempt(t, attempt, assessment, submittedAt, { autoSubmitted: auto || overdue });
  }

  /** An in-progress attempt past its deadline + grace is submitted now (as the job would), before anything reads it. */
  async function settleIfOverdue(attempt: AttemptRow, at: Date): Promise<AttemptRow> {
    if (
      attempt.status !== 'in_progress' ||
      !attempt.deadlineAt ||
      at.getTime() <= attempt.deadlineAt.getTime() + GRACE_MS
    )
      return attempt;
    return db.transaction(async (txn) => {
      const t = tx(txn);
      const [locked] = await t.select().from(attempts).where(eq(attempts.id, attempt.id)).for('update');
      if (!locked || locked.status !== 'in_progress') return locked ?? attempt;
      return submitLocked(t, locked, at, true);
    });
  }

  return {
    ...createAuthoringSettings(context),
    ...createAuthoringLayout(context),

    /**
     * The teacher's log of attempts: newest start first, two statements (ADR 019). The first checks the course,
     * its teacher and the assessment and counts the attempts (up to the cap); the second picks the page's ids on
     * attempts_assessment_idx (an OFFSET bounded by the cap) and loads those rows, when the caller may read them.
     */
    async attemptLog(user: SessionUser, courseId: string, itemId: string, paging: Paging): Promise<AttemptLogPage> {
      const order = [desc(attempts.startedAt), desc(attempts.id)];
      const { limit, offset } = boundedPage(paging);
      const mayRead = sql`exists (select 1 from ${assessments} join ${courses} on ${courses.id} = ${assessments.courseId}
        where ${assessments.itemId} = ${itemId} and ${assessments.courseId} = ${courseId}
        ${user.role === 'admin' ? sql`` : sql`and ${courses.teacherId} = ${user.id}`})`;
      const pageIds = db
        .select({ id: attempts.id })
        .from(attempts)
        .where(and(eq(attempts.assessmentId, itemId), mayRead))
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [[frame], rows] = await Promise.all([
        db
          .select({
            teacherId: courses.teacherId,
            points: assessments.points,
            anonymousGrading: assessments.anonymousGrading,
            releasedAt: assessments.releasedAt,
            total: cappedCount(
              db
                .select({ one: sql`1` })
                .from(attempts)
                .where(eq(attempts.assessmentId, itemId)),
            ),
          })
          .from(courses)
          .leftJoin(assessments, and(eq(assessments.itemId, itemId), eq(assessments.courseId, courses.id)))
          .where(eq(courses.id, courseId))
          .limit(1),
        db
          .select({
            attempt: attempts,
            student: {
              id: users.id,
              firstname: users.firstname,
              lastname: users.lastname,
              username: users.username,
              email: users.email,
            },
          })
          .from(attempts)
          .innerJoin(users, eq(users.id, attempts.studentId))
          .where(inArray(attempts.id, pageIds))
          .orderBy(...order),
      ]);
      if (!frame) throw notFound(COURSE_NOT_FOUND);
      if (frame.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      if (frame.points === null) throw notFound(ASSESSMENT_NOT_FOUND);
      const assessment = { points: frame.points };
      const hidden = namesHidden(
        { anonymousGrading: frame.anonymousGrading ?? false, releasedAt: frame.releasedAt },
        now(),
      );
      const items = rows.map(({ attempt, student }) => ({
        id: attempt.id,
        student: hidden
          ? { id: null, name: anonymousLabel(attempt.anonNumber), email: '', anonymous: true }
          : {
              id: student.id,
              name: `${student.firstname} ${student.lastname}`.trim() || student.username,
              email: student.email,
              anonymous: false,
            },
        number: attempt.number,
        status: attempt.status,
        startedAt: attempt.startedAt.toISOString(),
        deadlineAt: iso(attempt.deadlineAt),
        submittedAt: iso(attempt.submittedAt),
        autoSubmitted: attempt.autoSubmitted,
        savesCount: attempt.savesCount,
        ip: hidden ? null : attempt.ip,
        // The score is on the assessment's scale (its points), as on the receipt; attempts.maxScore is the raw
        // sum of the questions' points.
        score: attempt.score,
        maxScore: assessment.points,
        late: attempt.late,
      }));
      return cappedPageResult(items, paging, frame.total);
    },

    // -----------------------------------------------------------------------------------------
    // Taking it
    // -----------------------------------------------------------------------------------------

    async startInfo(user: SessionUser, courseId: string, itemId: string): Promise<AssessmentStartInfo> {
      const { assessment, item } = await forLearner(db, user, courseId, itemId);
      const at = now();
      const window = await windowFor(db, assessment, user.id);
      const [[used], [open], { questionCount }] = await Promise.all([
        db
          .select({ n: count(), last: max(attempts.number) })
          .from(attempts)
          .where(and(eq(attempts.assessmentId, itemId), eq(attempts.studentId, user.id))),
        db
          .select({ id: attempts.id })
          .from(attempts)
          .where(
            and(eq(attempts.assessmentId, itemId), eq(attempts.studentId, user.id), eq(attempts.status, 'in_progress')),
          )
          .limit(1),
        partsView(db, assessment),
      ]);
      const attemptsUsed = used?.n ?? 0;
      const attemptsLeft = window.attemptsAllowed === null ? null : Math.max(0, window.attemptsAllowed - attemptsUsed);
      const state = windowState(window, at);
      let reason: string | null = null;
      if (!open) {
        if (state === 'not_open') reason = ASSESSMENT_MESSAGES.notOpen;
        else if (state === 'closed') reason = ASSESSMENT_MESSAGES.closed;
        else if (attemptsLeft === 0) reason = ASSESSMENT_MESSAGES.noAttemptsLeft;
        else if (questionCount === 0) reason = ASSESSMENT_MESSAGES.noQuestions;
      }
      return {
        id: itemId,
        courseId,
        kind: assessment.kind,
        title: item.title,
        instructions: assessment.instructions,
        points: assessment.points,
        passingPercent: assessment.passingPercent,
        questionCount,
        layout: assessment.layout,
        countingRule: assessment.countingRule,
        latePenaltyPercentPerDay: assessment.latePenaltyPercentPerDay,
        window: {
          opensAt: iso(window.opensAt),
          dueAt: iso(window.dueAt),
          closesAt: iso(window.closesAt),
          timeLimitMinutes: window.timeLimitMinutes,
        },
        attemptsAllowed: window.attemptsAllowed,
        attemptsUsed,
        attemptsLeft,
        requiresPassword: assessment.passwordHash !== null,
        inProgressAttemptId: open?.id ?? null,
        canStart: reason === null,
        reason,
        serverNow: at.toISOString(),
      };
    },

    /**
     * Starts an attempt, or resumes the one in progress. Concurrent starts make one attempt: the unique
     * (assessment, student, number) and "one in progress" indexes refuse the others, which then resume it.
     * A new attempt costs the enrolment, the learner's latest attempt, their window, the draw and the insert (no
     * transaction, nothing read twice): an exam's students all start at the same minute (ADR 025, round 2).
     */
    async start(
      user: SessionUser,
      courseId: string,
      itemId: string,
      body: { password?: string },
      ip: string | null,
    ): Promise<{ created: boolean; attempt: AttemptForStudent }> {
      const { assessment, item } = await forLearner(db, user, courseId, itemId);
      let passwordChecked = false;
      for (let round = 0; round < 3; round += 1) {
        const at = now();
        // A new attempt starts only when none is in progress, so the one in progress is always the latest.
        const [latest] = await db
          .select()
          .from(attempts)
          .where(and(eq(attempts.assessmentId, itemId), eq(attempts.studentId, user.id)))
          .orderBy(desc(attempts.number))
          .limit(1);
        // An attempt left open past its deadline is submitted first; then a new one may start.
        if (latest?.status === 'in_progress' && (await settleIfOverdue(latest, at)).status === 'in_progress')
          return { created: false, attempt: await this.attempt(user, latest.id) };
        const window = await windowFor(db, assessment, user.id);
        const state = windowState(window, at);
        if (state === 'not_open') throw forbidden(ASSESSMENT_MESSAGES.notOpen);
        if (state === 'closed') throw forbidden(ASSESSMENT_MESSAGES.closed);
        if (assessment.passwordHash && !passwordChecked) {
          await checkPassword(assessment.passwordHash, user.id, itemId, body.password);
          passwordChecked = true;
        }
        const number = (latest?.number ?? 0) + 1;
        // Every attempt so far is closed (the latest is): a concurrent start could only take a number past the limit.
        if (window.attemptsAllowed !== null && number > window.attemptsAllowed)
          throw forbidden(ASSESSMENT_MESSAGES.noAttemptsLeft);
        const seed = randomInt(0, 2 ** 31 - 1);
        const served = await drawQuestions(db, assessment, seed);
        if (served.length === 0) throw conflict(ASSESSMENT_MESSAGES.noQuestions);
        const [created] = await db
          .insert(attempts)
          .values({
            assessmentId: itemId,
            courseId,
            studentId: user.id,
            number,
            startedAt: at,
            deadlineAt: attemptDeadline(window, at),
            questionIds: served.map((q) => q.id),
            seed,
            ip,
          })
          .onConflictDoNothing()
          .returning();
        if (created)
          return {
            created: true,
            attempt: await attemptView({
              attempt: created,
              assessment,
              title: item.title,
              rows: served,
              answers: [],
              window,
              at,
            }),
          };
        // Another start won the race: resume its attempt (or, if it was already submitted, try the next number).
      }
      const open = await db
        .select({ id: attempts.id })
        .from(attempts)
        .where(
          and(eq(attempts.assessmentId, itemId), eq(attempts.studentId, user.id), eq(attempts.status, 'in_progress')),
        )
        .limit(1);
      if (open[0]) return { created: false, attempt: await this.attempt(user, open[0].id) };
      throw conflict('Could not start the attempt; try again');
    },

    /** The caller's attempt: questions without keys (shuffled per attempt), saved answers, the server's time. */
    async attempt(user: SessionUser, attemptId: string): Promise<AttemptForStudent> {
      const at = now();
      const [own] = await Promise.all([
        ownAttempt(db, user, attemptId),
        assertAttemptOpenInSequence(db, user, attemptId),
      ]);
      const attempt = await settleIfOverdue(own, at);
      const { assessment, title } = await assessmentRow(db, attempt.assessmentId);
      const [rows, answers, window] = await Promise.all([
        attempt.questionIds.length
          ? db.select().from(questions).where(inArray(questions.id, attempt.questionIds))
          : Promise.resolve([] as QuestionRow[]),
        db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)),
        windowFor(db, assessment, attempt.studentId),
      ]);
      return attemptView({ attempt, assessment, title, rows, answers, window, at });
    },

    /**
     * Saves one answer (null clears it). The response is checked against the question's shape (kept in memory for
     * every attempt; 400 naming the question), then one statement does the rest (ADR 025, round 2): it counts the
     * save on the attempt row only if the attempt is the caller's, in progress, before deadline + grace, holds the
     * question and the question still has the version checked against, and writes the answer in the same statement.
     * The attempt row's lock serialises it with a submit, so no save lands after one. Nothing written: the reason
     * is looked up (404, 409), or the question changed and the answer is checked again.
     */
    async saveAnswer(
      user: SessionUser,
      attemptId: string,
      questionId: string,
      response: unknown,
    ): Promise<SaveAnswerResult> {
      const at = now();
      const clearing = response === null || response === undefined;
      let shape = clearing ? undefined : shapes.get(questionId);
      /** The question's number in the attempt, once the attempt was read (needed only to name it in a 400). */
      let number: number | null = null;
      for (let round = 0; round < 3; round += 1) {
        if (!clearing && !shape) ({ shape, number } = await attemptQuestion(user, attemptId, questionId));
        let value: unknown = null;
        if (!clearing) {
          let problem = responseProblem(shape!, response);
          if (problem && number === null) {
            // Refused only to the attempt's own student, and only against the question as it is now.
            ({ shape, number } = await attemptQuestion(user, attemptId, questionId));
            problem = responseProblem(shape, response);
          }
          if (problem) throw refusal(shape!, number!, problem);
          value = storedResponse(shape!, response);
        }
        const saved = await writeAnswer(user, attemptId, questionId, shape?.version ?? null, value, at);
        if (saved) {
          const deadline = saved.deadline_ms === null ? null : Math.round(Number(saved.deadline_ms));
          return {
            questionId,
            savedAt: at.toISOString(),
            savesCount: Number(saved.saves_count),
            remainingSeconds: deadline === null ? null : Math.max(0, Math.floor((deadline - at.getTime()) / 1000)),
          };
        }
        const [current] = await db
          .select({ status: attempts.status, deadlineAt: attempts.deadlineAt, questionIds: attempts.questionIds })
          .from(attempts)
          .where(and(eq(attempts.id, attemptId), eq(attempts.studentId, user.id)))
          .limit(1);
        if (!current) throw notFound(ATTEMPT_NOT_FOUND);
        if (!current.questionIds.includes(questionId)) throw notFound(ASSESSMENT_MESSAGES.notInAttempt);
        await assertAttemptOpenInSequence(db, user, attemptId);
        if (current.status !== 'in_progress') throw conflict(ASSESSMENT_MESSAGES.attemptClosed);
        if (current.deadlineAt && at.getTime() > current.deadlineAt.getTime() + GRACE_MS)
          throw conflict(ASSESSMENT_MESSAGES.deadlinePassed);
        // The teacher changed the question since its shape was kept: check the answer against the new one.
        shape = undefined;
        number = null;
      }
      throw conflict('The question changed while you answered it; save again');
    },

    /** Submits the caller's attempt; idempotent (the attempt row is locked; a second submit answers the receipt). */
    async submit(user: SessionUser, attemptId: string): Promise<SubmitAttemptResult> {
      const at = now();
      await assertAttemptOpenInSequence(db, user, attemptId);
      const attempt = await db.transaction(async (txn) => {
        const t = tx(txn);
        const locked = await ownAttempt(t, user, attemptId, true);
        if (locked.status !== 'in_progress') return locked;
        return submitLocked(t, locked, at, false);
      });
      const { assessment } = await assessmentRow(db, attempt.assessmentId);
      const window = await windowFor(db, assessment, attempt.studentId);
      const attemptsSoFar = await attemptsForAnswers(db, assessment, attempt.studentId, window, at);
      return {
        receipt: await receiptOf(db, attempt),
        result: resultOf(attempt, assessment, at, window, attemptsSoFar),
      };
    },

    /**
     * The caller's attempts across courses, newest first; the score only where released. One statement, built once
     * (ADR 019, session 22): the page's ids on attempts_student_idx (an OFFSET bounded by the cap), those rows with
     * their assessment and course, joined to the count, which stops at the cap.
     */
    async myAttempts(user: SessionUser, paging: Paging): Promise<MyAttemptPage> {
      return (await myAttemptsPage(user, paging, now())).page;
    },

    /** A page of "My Quiz Attempts" as JSON (`write` serializes it), kept until the learner's attempts change. */
    async myAttemptsJson(
      user: SessionUser,
      paging: Paging,
      write: (page: MyAttemptPage) => string,
    ): Promise<PreparedJson> {
      const kept = await keptMyAttempts.get(`${user.id}\n${paging.page}\n${paging.pageSize}`, async () => {
        const at = now();
        const { page, assessmentsShown } = await myAttemptsPage(user, paging, at);
        const waits = assessmentsShown.some((a) => a.releaseScore === 'after_due' && !a.releasedAt);
        const dates = assessmentsShown.flatMap((a) => [a.releasedAt, a.dueAt, a.closesAt]);
        const later = dates.map((date) => date?.getTime() ?? Infinity).filter((time) => time > at.getTime());
        myAttemptPages.shows(user.id, new Set(assessmentsShown.map((a) => a.courseId)));
        // A page that waits on a class's dates holds no longer than now: sent, not kept.
        const holdsUntil = waits ? -Infinity : Math.min(Infinity, ...later);
        return { owner: user.id, value: { json: preparedJson(write(page)), holdsUntil } };
      });
      return kept.value.json;
    },

    close: () => keptMyAttempts.stop(),

    /** For the auto-submit job. */
    submitLocked,
  };
}

export type AssessmentService = ReturnType<typeof createAssessmentService>;

/**
 * Submits every in-progress attempt past its deadline + grace with what was saved (issue 16 §5). Safe from
 * several processes at once: each attempt is claimed with FOR UPDATE SKIP LOCKED and re-checked inside its
 * transaction, so one process submits it and the others skip it. Returns the ids it submitted.
 */
export async function autoSubmitOverdueAttempts(db: Db, at: Date, batch = 200): Promise<string[]> {
  const cutoff = new Date(at.getTime() - GRACE_MS);
  const submitted: string[] = [];
  const service = createAssessmentService(db, { clock: () => at.getTime() });
  for (;;) {
    const due = await db
      .select({ id: attempts.id })
      .from(attempts)
      .where(
        and(
          eq(attempts.status, 'in_progress'),
          isNotNull(attempts.deadlineAt),
          sql`${attempts.deadlineAt} < ${cutoff.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(attempts.deadlineAt))
      .limit(batch);
    if (due.length === 0) break;
    let progressed = 0;
    for (const { id } of due) {
      const done = await db.transaction(async (txn) => {
        const t = tx(txn);
        const [locked] = await t
          .select()
          .from(attempts)
          .where(and(eq(attempts.id, id), eq(attempts.status, 'in_progress')))
          .for('update', { skipLocked: true });
        if (!locked) return false;
        await service.submitLocked(t, locked, at, true);
        return true;
      });
      if (done) {
        submitted.push(id);
        progressed += 1;
      }
    }
    if (progressed === 0 || due.length < batch) break;
  }
  return submitted;
}
