import { randomInt } from 'node:crypto';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  sequenceLockedMessage,
  type AssessmentStartInfo,
  type AttemptForStudent,
} from '@lyceum/contract';
import { and, arrayContains, asc, count, desc, eq, inArray, max, ne, notInArray, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { verifyPassword } from '#auth/passwords.js';
import type { Db } from '#db/client.js';
import {
  assessmentParts,
  assessments,
  attempts,
  courseItems,
  courses,
  enrolments,
  questions,
} from '#db/schema/index.js';
import { createMemoryAttemptCounter, type AttemptCounter } from '#lib/attempt-counter.js';
import { conflict, forbidden, HttpError, notFound } from '#lib/errors.js';
import { sequenceBlockerQuery } from '#lib/sequence.js';
import { ASSESSMENT_NOT_FOUND, iso, partsView, type AssessmentContext, type QuestionRow } from './assessment-shared.js';
import { settleIfOverdue } from './attempt-submission.js';
import { attemptView } from './attempt-view.js';
import { windowFor, type AssessmentRow } from './grading.js';
import { seededShuffle } from './shuffle.js';
import { attemptDeadline, windowState } from './window.js';

const PASSWORD_WINDOW_MS = ASSESSMENT_LIMITS.wrongPasswordWindowMinutes * 60_000;

/**
 * The access password, like every other secret, is not open to guessing (issue 46.8): each (student,
 * assessment) may give `wrongPasswordsPerWindow` wrong ones; then every start, the right password included, is a
 * 429 with Retry-After until the window that began with the first wrong one ends. The right password clears it.
 */
async function checkPassword(
  passwordTries: AttemptCounter,
  passwordHash: string,
  studentId: string,
  itemId: string,
  password?: string,
) {
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
    // A draw takes questions, never a description (ADR 051).
    const conditions = [
      eq(questions.courseId, assessment.courseId),
      arrayContains(questions.tags, [part.drawTag!]),
      ne(questions.type, 'description'),
    ];
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

/** Before an attempt (its student): what the start page shows. */
export function createStartInfo({ db, now }: AssessmentContext) {
  return {
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
  };
}

/**
 * Starting an attempt (its student): the password checked on the app's shared counter (or this process's), the
 * questions drawn, the attempt inserted; an attempt already in progress is read with `readAttempt` (taking's).
 */
export function createStarting(
  { db, clock, now }: AssessmentContext,
  counter: AttemptCounter | undefined,
  readAttempt: (user: SessionUser, attemptId: string) => Promise<AttemptForStudent>,
) {
  const passwordTries = counter ?? createMemoryAttemptCounter(clock);
  return {
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
        if (latest?.status === 'in_progress' && (await settleIfOverdue(db, latest, at)).status === 'in_progress')
          return { created: false, attempt: await readAttempt(user, latest.id) };
        const window = await windowFor(db, assessment, user.id);
        const state = windowState(window, at);
        if (state === 'not_open') throw forbidden(ASSESSMENT_MESSAGES.notOpen);
        if (state === 'closed') throw forbidden(ASSESSMENT_MESSAGES.closed);
        if (assessment.passwordHash && !passwordChecked) {
          await checkPassword(passwordTries, assessment.passwordHash, user.id, itemId, body.password);
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
            attempt: await attemptView(db, {
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
      if (open[0]) return { created: false, attempt: await readAttempt(user, open[0].id) };
      throw conflict('Could not start the attempt; try again');
    },
  };
}
