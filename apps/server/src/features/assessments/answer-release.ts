import { answersWithAttemptsLeftMessage, CONFIRM_ANSWERS_PATH } from '@lyceum/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { attempts, questions } from '#db/schema/index.js';
import { classWindowInputsOfStudents } from '#lib/class-window.js';
import { mayAttemptAgain } from '#lib/learner-window.js';
import { isReleased, type AttemptsUsed } from '#lib/release.js';
import { conflict } from '#lib/errors.js';
import { windowOf, type AssessmentRow } from './grading.js';
import type { LearnerWindow } from './window.js';

/**
 * When the correct answers reach a learner with attempts left (issue 54.3, docs/decisions/046-review-timing.md):
 * the "after_last_attempt" policy needs the learner's attempts to decide, and a release or a settings change that
 * would show the key to learners who may still answer again asks the teacher to confirm first.
 */

/**
 * Whether deciding the answers' release for a learner needs their attempts: "after_last_attempt", not released by
 * hand, their window not closed. Else the attempts are not read.
 */
export function answersNeedAttempts(assessment: AssessmentRow, window: LearnerWindow, at: Date): boolean {
  if (assessment.releaseAnswers !== 'after_last_attempt') return false;
  if (assessment.releasedAt && assessment.releasedAt <= at) return false;
  return !(window.closesAt && at >= window.closesAt);
}

/** A learner's attempts at an assessment: how many, one in progress or not. One statement. */
export async function attemptsUsed(db: Db, assessmentId: string, studentId: string): Promise<AttemptsUsed> {
  const [row] = await db
    .select({ used: count(), inProgress: sql<boolean>`coalesce(bool_or(${attempts.status} = 'in_progress'), false)` })
    .from(attempts)
    .where(and(eq(attempts.assessmentId, assessmentId), eq(attempts.studentId, studentId)));
  return { used: Number(row?.used ?? 0), inProgress: Boolean(row?.inProgress) };
}

/** The learner's attempts when the answers' release depends on them, else undefined (nothing read). */
export async function attemptsForAnswers(
  db: Db,
  assessment: AssessmentRow,
  studentId: string,
  window: LearnerWindow,
  at: Date,
): Promise<AttemptsUsed | undefined> {
  return answersNeedAttempts(assessment, window, at) ? attemptsUsed(db, assessment.itemId, studentId) : undefined;
}

/**
 * Whether `after` could show the answers to someone who may answer again, so that the students must be counted:
 * released by hand, "immediately", or "after_due" with a date that is not in the future for everyone — class dates
 * and extensions may move it, so any "after_due" counts.
 */
function mayShowKeyEarly(after: AssessmentRow, at: Date): boolean {
  if (after.releasedAt && after.releasedAt <= at) return true;
  return after.releaseAnswers === 'immediately' || after.releaseAnswers === 'after_due';
}

/**
 * How many students would newly see the correct answers while they may still answer again, if the assessment went
 * from `before` to `after` at `at`: students with a submitted attempt (a review to read the key in) that holds a
 * question with a key (not only essays and tasks), whose answers
 * `before` held back, `after` shows, and who may start another attempt (or have one in progress) in their own
 * window after the change (class dates, accommodations). Two statements, only when `after` may show the key early.
 */
export async function studentsShownKeyEarly(
  db: Db,
  before: AssessmentRow,
  after: AssessmentRow,
  at: Date,
): Promise<number> {
  if (!mayShowKeyEarly(after, at)) return 0;
  const rows = await db
    .select({
      studentId: attempts.studentId,
      used: count(),
      inProgress: sql<boolean>`bool_or(${attempts.status} = 'in_progress')`,
    })
    .from(attempts)
    .where(eq(attempts.assessmentId, after.itemId))
    .groupBy(attempts.studentId)
    // A submitted attempt with a question that has a key to show (essays, tasks and short answers graded by a
    // person have none).
    .having(
      sql`bool_or(${attempts.status} <> 'in_progress' and exists (
        select 1 from ${questions} q where q.id = any(${attempts.questionIds})
          and q.type not in ('essay', 'task') and coalesce(q.key->>'mode', '') <> 'manual'))`,
    );
  if (rows.length === 0) return 0;
  const fromClasses = await classWindowInputsOfStudents(
    db,
    after.itemId,
    rows.map((row) => row.studentId),
  );
  let shown = 0;
  for (const row of rows) {
    const used = { used: Number(row.used), inProgress: Boolean(row.inProgress) };
    const classes = fromClasses.get(row.studentId);
    const windowBefore = windowOf(before, row.studentId, classes);
    const windowAfter = windowOf(after, row.studentId, classes);
    if (!mayAttemptAgain(windowAfter, used, at)) continue;
    if (isReleased(before.releaseAnswers, before, windowBefore, at, used)) continue;
    if (isReleased(after.releaseAnswers, after, windowAfter, at, used)) shown += 1;
  }
  return shown;
}

/**
 * Refuses (409 at `confirm`, with the count) a change from `before` to `after` that would show the correct answers
 * to students who may still answer again, unless the teacher confirmed it. Inside the change's transaction, so a
 * refusal writes nothing.
 */
export async function confirmAnswersShownEarly(
  db: Db,
  before: AssessmentRow,
  after: AssessmentRow,
  at: Date,
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  const students = await studentsShownKeyEarly(db, before, after, at);
  if (students > 0) {
    const message = answersWithAttemptsLeftMessage(students);
    throw conflict(message, [{ path: CONFIRM_ANSWERS_PATH, message }]);
  }
}
