import type { MyAttemptRubrics, RubricScore } from '@lyceum/contract';
import { sequenceLockedMessage } from '@lyceum/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { answerGradeLog, answerRubricScores, assessments, attempts, regradeLog, rubrics } from '#db/schema/index.js';
import { classWindowInputs } from '#lib/class-window.js';
import { forbidden, notFound } from '#lib/errors.js';
import { learnerWindow } from '#lib/learner-window.js';
import { isReleased } from '#lib/release.js';
import { attemptSequenceBlocker } from '#lib/sequence.js';
import type { GradingContext } from './context.js';

/**
 * Regrades of an attempt's answers, oldest first: a grade that replaced an earlier one (the first grade of an answer
 * has no old score), and a key fix that changed the automatic score (regrade_log, issue 54.9).
 */
async function regradesOf(db: Db, attemptId: string) {
  const [graded, rekeyed] = await Promise.all([
    db
      .select({
        questionId: answerGradeLog.questionId,
        oldScore: answerGradeLog.oldScore,
        newScore: answerGradeLog.newScore,
        changedAt: answerGradeLog.createdAt,
      })
      .from(answerGradeLog)
      .where(and(eq(answerGradeLog.attemptId, attemptId), isNotNull(answerGradeLog.oldScore)))
      .orderBy(asc(answerGradeLog.createdAt), asc(answerGradeLog.id))
      .limit(200),
    db
      .select({
        questionId: regradeLog.questionId,
        oldScore: regradeLog.oldScore,
        newScore: regradeLog.newScore,
        changedAt: regradeLog.createdAt,
      })
      .from(regradeLog)
      .where(eq(regradeLog.attemptId, attemptId))
      .orderBy(asc(regradeLog.createdAt), asc(regradeLog.id))
      .limit(200),
  ]);
  return [...graded, ...rekeyed].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
}

/** The rubric feedback a learner reads on their attempt once it is released, with the regrades since. */
export function createReleasedFeedback(context: GradingContext) {
  const { db, now } = context;
  return {
    /** The rubric scoring of answers (for the student's review, once feedback is released). */
    async rubricScoresOf(attemptId: string): Promise<Map<string, RubricScore>> {
      const rows = await db
        .select({ score: answerRubricScores, maxPoints: rubrics.maxPoints })
        .from(answerRubricScores)
        .innerJoin(rubrics, eq(rubrics.id, answerRubricScores.rubricId))
        .where(eq(answerRubricScores.attemptId, attemptId));
      return new Map(
        rows.map((r) => [
          r.score.questionId,
          {
            rubricId: r.score.rubricId,
            selections: r.score.selections,
            total: r.score.total,
            maxPoints: r.maxPoints,
          },
        ]),
      );
    },

    /** The rubric scoring of the caller's own attempt: nothing before the feedback is released. */
    async myAttemptRubrics(user: SessionUser, attemptId: string, at = now()): Promise<MyAttemptRubrics> {
      const [row] = await db
        .select({ studentId: attempts.studentId, status: attempts.status, assessment: assessments })
        .from(attempts)
        .innerJoin(assessments, eq(assessments.itemId, attempts.assessmentId))
        .where(eq(attempts.id, attemptId))
        .limit(1);
      // Another student's attempt is not found (its existence is not theirs to learn).
      if (!row || row.studentId !== user.id) throw notFound('Attempt not found');
      // Sequential mode locks every route of the attempt as the outline does (ADR 029).
      const blocker = await attemptSequenceBlocker(db, attemptId, user.id);
      if (blocker) throw forbidden(sequenceLockedMessage(blocker.title));
      if (row.status === 'in_progress') return { released: false, items: [], changes: [] };
      // "After the due date" is the learner's own due date (class dates, accommodations: lib/learner-window.ts).
      const a = row.assessment;
      const window =
        a.releaseFeedback === 'after_due' && !isReleased('manual', a, a, at)
          ? learnerWindow({
              assessment: a,
              learner: { studentId: user.id },
              ...(await classWindowInputs(db, [a.itemId], user.id)).get(a.itemId),
            })
          : a;
      if (!isReleased(a.releaseFeedback, a, window, at)) return { released: false, items: [], changes: [] };
      const rows = await db
        .select({
          score: answerRubricScores,
          title: rubrics.title,
          criteria: rubrics.criteria,
          maxPoints: rubrics.maxPoints,
        })
        .from(answerRubricScores)
        .innerJoin(rubrics, eq(rubrics.id, answerRubricScores.rubricId))
        .where(eq(answerRubricScores.attemptId, attemptId));
      const changes = await regradesOf(db, attemptId);
      return {
        released: true,
        changes: changes
          // Only what the learner could have seen: regrades after a manual release (or any, when released by policy).
          .filter((c) => c.oldScore !== c.newScore)
          .filter((c) => !row.assessment.releasedAt || c.changedAt > row.assessment.releasedAt)
          .map((c) => ({ ...c, changedAt: c.changedAt.toISOString() })),
        items: rows.map((r) => ({
          questionId: r.score.questionId,
          rubric: { title: r.title, criteria: r.criteria },
          score: {
            rubricId: r.score.rubricId,
            selections: r.score.selections,
            total: r.score.total,
            maxPoints: r.maxPoints,
          },
        })),
      };
    },
  };
}
