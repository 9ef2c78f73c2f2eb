import type { AttemptRelease, Grade, QuestionContent } from '@lyceum/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import {
  assessments,
  attemptAnswers,
  attempts,
  courseItems,
  courses,
  enrolments,
  itemCompletions,
  questions,
  regradeLog,
} from '#db/schema/index.js';
import { latePenalty as latePenaltyRule, pointsAfterPenalty } from '#lib/late-penalty.js';
import { refreshProgress } from '#lib/progress.js';
import { raiseEvent } from '#lib/events.js';
import { enqueue, type JobRunner } from '#lib/jobs.js';
import { gradeQuestion } from './question-types/index.js';
import { roundPoints } from './question-types/grade.js';
import { classWindowInput } from '#lib/class-window.js';
import { learnerWindow, type LearnerWindow, type WindowInput } from './window.js';

export type AssessmentRow = typeof assessments.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

/**
 * The learner's window for an assessment row: its own dates, or with what the learner's classes add (an
 * assignment's dates, an accommodation) when `classes` is given — windowFor reads those.
 */
export function windowOf(
  assessment: AssessmentRow,
  studentId: string,
  classes: Pick<WindowInput, 'assignment' | 'accommodation'> = {},
): LearnerWindow {
  return learnerWindow({ assessment, learner: { studentId }, ...classes });
}

/** The learner's whole window: the assessment's, the class assignment's dates, the accommodation (ADR 028). */
export async function windowFor(db: Db, assessment: AssessmentRow, studentId: string): Promise<LearnerWindow> {
  return windowOf(assessment, studentId, await classWindowInput(db, assessment.itemId, studentId));
}

/**
 * Whether a policy has released its part at `now`: "immediately" always; "after_due" once the learner's due
 * date (else the close date; with neither, at once) has passed; "after_last_attempt" (answers) once the learner
 * may not answer again, from `attempts` (ADR 046); "manual" once the teacher released. A manual release releases
 * every part.
 */
import { isReleased, type AttemptsUsed } from '#lib/release.js';

export { isReleased };

export function releaseOf(
  assessment: AssessmentRow,
  window: LearnerWindow,
  now: Date,
  attempts?: AttemptsUsed,
): AttemptRelease {
  return {
    score: isReleased(assessment.releaseScore, assessment, window, now),
    answers: isReleased(assessment.releaseAnswers, assessment, window, now, attempts),
    feedback: isReleased(assessment.releaseFeedback, assessment, window, now),
  };
}

/** Late penalty in % for a submission against the learner's own due date (the rule: lib/late-penalty.ts). */
export function latePenalty(assessment: AssessmentRow, window: LearnerWindow, submittedAt: Date) {
  const penalty = latePenaltyRule(submittedAt, window.dueAt, assessment.latePenaltyPercentPerDay);
  return { late: penalty.late, penaltyPercent: penalty.percent };
}

/** Grades one saved response; a response the grader cannot read (a question edited since) earns 0. */
export function gradeRow(question: QuestionRow, response: unknown): Grade {
  const content = { type: question.type, body: question.body, key: question.key } as QuestionContent;
  try {
    return gradeQuestion(content, response, question.points);
  } catch {
    return { score: 0, maxScore: question.points, correct: false, needsManual: false };
  }
}

/** Score of an attempt on the assessment's points: earned / max × points, less the late penalty. */
export function scoreOf(assessment: AssessmentRow, raw: number, max: number, penaltyPercent: number) {
  const fraction = max > 0 ? raw / max : 0;
  const score = pointsAfterPenalty(fraction * assessment.points, penaltyPercent);
  const percent =
    assessment.points > 0 ? (score / assessment.points) * 100 : fraction * 100 * (1 - penaltyPercent / 100);
  return { score, percent: Math.round(percent * 100) / 100, passed: percent >= assessment.passingPercent };
}

/**
 * Recomputes an attempt's totals and status from its answers (auto or manual scores) and writes them; counts
 * the completion when the assessment's rule says so. Runs inside the caller's transaction, the attempt locked.
 */
export async function finalizeAttempt(
  tx: Db,
  attempt: AttemptRow,
  assessment: AssessmentRow,
  submittedAt: Date,
  extra: { autoSubmitted?: boolean } = {},
): Promise<AttemptRow> {
  const rows = attempt.questionIds.length
    ? await tx
        .select({ id: questions.id, points: questions.points })
        .from(questions)
        .where(inArray(questions.id, attempt.questionIds))
    : [];
  const answers = await tx
    .select({
      autoScore: attemptAnswers.autoScore,
      manualScore: attemptAnswers.manualScore,
      needsManual: attemptAnswers.needsManual,
    })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attempt.id));
  const max = roundPoints(rows.reduce((sum, row) => sum + row.points, 0));
  const raw = roundPoints(answers.reduce((sum, a) => sum + (a.manualScore ?? a.autoScore ?? 0), 0));
  const pending = answers.some((a) => a.needsManual && a.manualScore === null);
  const window = await windowFor(tx as unknown as Db, assessment, attempt.studentId);
  const { late, penaltyPercent } = latePenalty(assessment, window, submittedAt);
  const { score, passed } = scoreOf(assessment, raw, max, penaltyPercent);
  const [updated] = await tx
    .update(attempts)
    .set({
      status: pending ? 'needs_grading' : 'graded',
      submittedAt,
      rawScore: raw,
      maxScore: max,
      penaltyPercent,
      late,
      score,
      updatedAt: new Date(),
      ...(extra.autoSubmitted !== undefined ? { autoSubmitted: extra.autoSubmitted } : {}),
    })
    .where(eq(attempts.id, attempt.id))
    .returning();
  await notifyAfterFinalize(tx, attempt, updated!, assessment, extra.autoSubmitted === true);
  const counts =
    assessment.requiredForCompletion === 'submitted' ||
    (assessment.requiredForCompletion === 'passed' && !pending && passed);
  if (counts) await recordCompletion(tx, attempt.courseId, assessment.itemId, attempt.studentId);
  return updated!;
}

/**
 * Counts the assessment item as completed for an enrolled learner (curriculum progress, ADR 017): the (student,
 * item) key keeps one row; progress is recomputed by the one progress function in the same transaction.
 */
export async function recordCompletion(tx: Db, courseId: string, itemId: string, studentId: string): Promise<void> {
  const [enrolment] = await tx
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), eq(enrolments.studentId, studentId)))
    .for('update');
  if (!enrolment) return;
  const inserted = await tx
    .insert(itemCompletions)
    .values({ studentId, itemId })
    .onConflictDoNothing()
    .returning({ itemId: itemCompletions.itemId });
  if (inserted.length > 0) await refreshProgress(tx, courseId, studentId);
}

/** Grades every saved answer of an in-progress attempt and stores each grade (in the caller's transaction). */
export async function gradeAnswers(tx: Db, attempt: AttemptRow): Promise<void> {
  const saved = await tx
    .select({ questionId: attemptAnswers.questionId, response: attemptAnswers.response })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attempt.id));
  if (saved.length === 0) return;
  const rows = await tx
    .select()
    .from(questions)
    .where(
      inArray(
        questions.id,
        saved.map((s) => s.questionId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const graded = saved.flatMap((answer) => {
    const question = byId.get(answer.questionId);
    if (!question) return [];
    const grade = gradeRow(question, answer.response);
    return [{ questionId: answer.questionId, auto: grade.needsManual ? null : grade.score, manual: grade.needsManual }];
  });
  if (graded.length === 0) return;
  // One statement for every answer of the attempt.
  const values = sql.join(
    graded.map((g) => sql`(${g.questionId}::uuid, ${g.auto}::numeric, ${g.manual}::boolean)`),
    sql`, `,
  );
  await tx.execute(sql`
    update attempt_answers as a set auto_score = v.auto, needs_manual = v.manual
    from (values ${values}) as v(question_id, auto, manual)
    where a.attempt_id = ${attempt.id} and a.question_id = v.question_id`);
}

/**
 * Regrades every submitted answer to a question whose key, body or points changed (issue 16 §6): new auto
 * scores, the change logged per answer, the attempts' totals recomputed. Manual scores stay (a person decided).
 */
export async function regradeQuestion(tx: Db, question: QuestionRow, byUserId: string | null): Promise<number> {
  const affected = await tx
    .select({ attempt: attempts, answer: attemptAnswers })
    .from(attemptAnswers)
    .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
    .where(and(eq(attemptAnswers.questionId, question.id), ne(attempts.status, 'in_progress')))
    .for('update', { of: attempts });
  if (affected.length === 0) return 0;
  const assessmentIds = [...new Set(affected.map((a) => a.attempt.assessmentId))];
  const assessmentRows = await tx.select().from(assessments).where(inArray(assessments.itemId, assessmentIds));
  const byAssessment = new Map(assessmentRows.map((row) => [row.itemId, row]));
  let changed = 0;
  for (const { attempt, answer } of affected) {
    const grade = gradeRow(question, answer.response);
    const auto = grade.needsManual ? null : grade.score;
    if (auto === answer.autoScore && grade.needsManual === answer.needsManual) continue;
    changed += 1;
    await tx
      .update(attemptAnswers)
      .set({ autoScore: auto, needsManual: grade.needsManual })
      .where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, question.id)));
    await tx.insert(regradeLog).values({
      attemptId: attempt.id,
      questionId: question.id,
      questionVersion: question.version,
      oldScore: answer.manualScore ?? answer.autoScore,
      newScore: answer.manualScore ?? auto,
      byUserId,
    });
    const assessment = byAssessment.get(attempt.assessmentId);
    if (assessment) await finalizeAttempt(tx, attempt, assessment, attempt.submittedAt ?? new Date());
  }
  return changed;
}

/** The published assessment item of a course, for a learner (null when missing or a draft). */
export async function publishedAssessment(executor: Db, courseId: string, itemId: string) {
  const [row] = await executor
    .select({ assessment: assessments, item: courseItems })
    .from(assessments)
    .innerJoin(courseItems, eq(courseItems.id, assessments.itemId))
    .where(and(eq(assessments.itemId, itemId), eq(assessments.courseId, courseId), eq(courseItems.published, true)))
    .limit(1);
  return row ?? null;
}

/** The job that tells a course's teacher that submissions wait for grading (one per assessment per hour). */
export const GRADING_WAITING_JOB = 'assessments.grading-waiting';
const HOUR = 3_600_000;

/** The title of an item (for a notification's text). */
async function itemTitle(tx: Db, itemId: string): Promise<string> {
  const [row] = await tx.select({ title: courseItems.title }).from(courseItems).where(eq(courseItems.id, itemId));
  return row?.title ?? 'an assessment';
}

/**
 * The events of a finished attempt, in its transaction (ADR 027, "learning-core events"): a submission that needs
 * a person queues the teacher's "waiting to be graded" notice under a key per assessment and UTC hour, so a
 * class handing in at once makes one notice; an attempt submitted by the job (the learner was away) whose score
 * is released at once tells the learner. A learner who submits sees the result on the receipt: no notice.
 */
async function notifyAfterFinalize(
  tx: Db,
  before: AttemptRow,
  after: AttemptRow,
  assessment: AssessmentRow,
  autoSubmitted: boolean,
): Promise<void> {
  if (before.status !== 'in_progress') return;
  if (after.status === 'needs_grading') {
    const slot = Math.floor(Date.now() / HOUR);
    await enqueue(
      tx,
      GRADING_WAITING_JOB,
      { itemId: assessment.itemId },
      { uniqueKey: `grading-waiting:${assessment.itemId}:${slot}` },
    );
    return;
  }
  if (autoSubmitted && after.status === 'graded' && assessment.releaseScore === 'immediately') {
    await raiseEvent(tx, {
      type: 'grade.released',
      recipients: [after.studentId],
      data: { courseId: after.courseId, itemId: assessment.itemId, itemTitle: await itemTitle(tx, assessment.itemId) },
    });
  }
}

/**
 * The teacher hears of submissions waiting to be graded: runs once per assessment and hour slot (the job's unique
 * key) and only while answers still wait, so grading them all before it runs leaves the teacher alone.
 */
export function registerGradingWaitingJob(db: Db, runner: JobRunner): void {
  runner.registerJob(GRADING_WAITING_JOB, async (payload) => {
    const itemId = String(payload.itemId);
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [row] = await tx
        .select({ courseId: assessments.courseId, teacherId: courses.teacherId, title: courseItems.title })
        .from(assessments)
        .innerJoin(courses, eq(courses.id, assessments.courseId))
        .innerJoin(courseItems, eq(courseItems.id, assessments.itemId))
        .where(eq(assessments.itemId, itemId))
        .limit(1);
      if (!row) return;
      const [waiting] = await tx
        .select({ id: attempts.id })
        .from(attempts)
        .where(and(eq(attempts.assessmentId, itemId), eq(attempts.status, 'needs_grading')))
        .limit(1);
      if (!waiting) return;
      await raiseEvent(tx, {
        type: 'grading.waiting',
        recipients: [row.teacherId],
        data: { courseId: row.courseId, itemId, itemTitle: row.title },
      });
    });
  });
}

/**
 * Learners hear that a teacher released an assessment's held results (in the release's transaction): each
 * learner with a graded attempt, once per release. Nothing when the score was shown at once anyway.
 */
export async function notifyRelease(tx: Db, assessment: AssessmentRow, wasReleased: boolean): Promise<void> {
  if (wasReleased || assessment.releaseScore === 'immediately') return;
  const learners = await tx
    .selectDistinct({ id: attempts.studentId })
    .from(attempts)
    .where(and(eq(attempts.assessmentId, assessment.itemId), eq(attempts.status, 'graded')));
  await raiseEvent(tx, {
    type: 'grade.released',
    recipients: learners.map((l) => l.id),
    data: {
      courseId: assessment.courseId,
      itemId: assessment.itemId,
      itemTitle: await itemTitle(tx, assessment.itemId),
    },
  });
}
