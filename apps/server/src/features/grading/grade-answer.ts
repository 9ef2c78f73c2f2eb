import type { GradeAnswerInput, InboxAnswer } from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import {
  answerGradeLog,
  answerRubricScores,
  assessments,
  attemptAnswers,
  attempts,
  courseItems,
  courses,
  questions,
  rubrics,
} from '#db/schema/index.js';
import { round2 } from '#lib/counting.js';
import { conflict, fieldError, forbidden, HttpError, notFound } from '#lib/errors.js';
import { raiseEvent } from '#lib/events.js';
import { pointsAfterPenalty } from '#lib/late-penalty.js';
import type { GradingContext } from './context.js';
import { cleanCommentHtml } from './feedback-service.js';
import type { InboxReader } from './inbox.js';
import { scoreReleased } from './release-policy.js';
import { rubricScoreFor, rubricTotal } from './rubric-rules.js';
import { NOT_TEACHER, type AssessmentRow } from './rows.js';

const STALE_GRADE = 'Someone graded this answer since you opened it: their grade is beside yours';

/**
 * The 409 of a stale grade, carrying the grade that was saved meanwhile (with its version), so the second grader
 * keeps their own score and comment on screen beside it and chooses (issue 54.7).
 */
export class StaleGradeError extends HttpError {
  constructor(public readonly current: InboxAnswer | null) {
    super(409, STALE_GRADE);
  }
}

type RubricScoring = { rubricId: string; selections: Record<string, string>; total: number };

/**
 * Recomputes an attempt's totals after a person graded one of its answers: earned points (manual over
 * automatic), the maximum, "needs grading" until every answer needing a person has a score, and the score on
 * the assessment's points after the late penalty (the same rule as at submit).
 */
async function refreshAttempt(tx: Db, attemptId: string, assessment: AssessmentRow, now: Date): Promise<void> {
  const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).limit(1);
  if (!attempt) return;
  const points = attempt.questionIds.length
    ? await tx.select({ points: questions.points }).from(questions).where(inArray(questions.id, attempt.questionIds))
    : [];
  const answers = await tx
    .select({
      autoScore: attemptAnswers.autoScore,
      manualScore: attemptAnswers.manualScore,
      needsManual: attemptAnswers.needsManual,
    })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId));
  const max = round2(points.reduce((sum, q) => sum + q.points, 0));
  const raw = round2(answers.reduce((sum, a) => sum + (a.manualScore ?? a.autoScore ?? 0), 0));
  const pending = answers.some((a) => a.needsManual && a.manualScore === null);
  const scaled = max > 0 ? (raw / max) * assessment.points : 0;
  await tx
    .update(attempts)
    .set({
      status: pending ? 'needs_grading' : 'graded',
      rawScore: raw,
      maxScore: max,
      // The penalty decided at submit, against the learner's own due date (lib/late-penalty.ts).
      score: pointsAfterPenalty(scaled, attempt.penaltyPercent ?? 0),
      updatedAt: new Date(),
    })
    .where(eq(attempts.id, attemptId));
  // The last answer graded by a person: the learner hears of it when the score is theirs to see now (ADR 027).
  if (attempt.status === 'needs_grading' && !pending && scoreReleased(assessment, now)) {
    const [item] = await tx
      .select({ title: courseItems.title })
      .from(courseItems)
      .where(eq(courseItems.id, assessment.itemId));
    await raiseEvent(tx, {
      type: 'grade.released',
      recipients: [attempt.studentId],
      data: { courseId: attempt.courseId, itemId: assessment.itemId, itemTitle: item?.title ?? 'an assessment' },
    });
  }
}

/** The attempt and its answer to the question, if the caller may grade it now. */
async function answerToGrade(db: Db, user: SessionUser, attemptId: string, questionId: string) {
  const [row] = await db
    .select({
      attempt: attempts,
      teacherId: courses.teacherId,
      answer: attemptAnswers,
      points: questions.points,
    })
    .from(attempts)
    .innerJoin(courses, eq(courses.id, attempts.courseId))
    .leftJoin(attemptAnswers, and(eq(attemptAnswers.attemptId, attempts.id), eq(attemptAnswers.questionId, questionId)))
    .leftJoin(questions, eq(questions.id, questionId))
    .where(eq(attempts.id, attemptId))
    .limit(1);
  if (!row) throw notFound('Attempt not found');
  if (user.role !== 'admin' && row.teacherId !== user.id) throw forbidden(NOT_TEACHER);
  if (row.attempt.status === 'in_progress') throw conflict('The attempt is still being taken');
  if (!row.answer || row.points === null) throw notFound('This attempt has no answer to that question');
  return { attempt: row.attempt, answer: row.answer, points: row.points };
}

type AnswerToGrade = Awaited<ReturnType<typeof answerToGrade>>;

/** The score given: the input's, or its rubric's selections scaled to the question's points. */
async function scoreOf(db: Db, input: GradeAnswerInput, questionId: string, row: AnswerToGrade) {
  let score = input.score;
  let rubricScore: RubricScoring | null = null;
  if (input.rubric) {
    // The question's own rubric, else the one attached to the attempt's assessment (ADR 043).
    const [rubric] = await db
      .select()
      .from(rubrics)
      .where(sql`${rubrics.questionId} = ${questionId} or ${rubrics.assessmentId} = ${row.attempt.assessmentId}`)
      .orderBy(sql`${rubrics.questionId} is null`)
      .limit(1);
    if (!rubric) throw fieldError('rubric', 'this question has no rubric');
    const total = rubricTotal(rubric.criteria, input.rubric.selections);
    rubricScore = { rubricId: rubric.id, selections: input.rubric.selections, total };
    score = rubricScoreFor(total, rubric.maxPoints, row.points);
  }
  if (score === undefined) throw fieldError('score', 'is required');
  if (score > row.points) throw fieldError('score', `must be at most ${row.points} (the question's points)`);
  return { score, rubricScore };
}

/** Grading one answer (issue 17): optimistic versions, a log of each grade, the attempt's totals after it. */
export function createGradeAnswer(context: GradingContext, inbox: InboxReader) {
  const { db, now } = context;

  /**
   * Writes the grade if `version` is still the answer's, with its log line and rubric scoring, and the attempt's
   * totals; false when someone graded the answer meanwhile (nothing is written).
   */
  async function writeGrade(
    user: SessionUser,
    row: AnswerToGrade,
    ids: { attemptId: string; questionId: string },
    grade: { score: number; comment: string; rubricScore: RubricScoring | null; version: number },
  ): Promise<boolean> {
    const { attemptId, questionId } = ids;
    const { score, comment, rubricScore } = grade;
    let written = true;
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(attemptAnswers)
        .set({
          manualScore: score,
          feedback: comment,
          graderId: user.id,
          version: sql`${attemptAnswers.version} + 1`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(attemptAnswers.attemptId, attemptId),
            eq(attemptAnswers.questionId, questionId),
            eq(attemptAnswers.version, grade.version),
          ),
        )
        .returning({ version: attemptAnswers.version });
      if (!updated) {
        written = false;
        return;
      }
      await tx.insert(answerGradeLog).values({
        attemptId,
        questionId,
        oldScore: row.answer.manualScore,
        newScore: score,
        graderId: user.id,
      });
      if (rubricScore) {
        const values = { ...rubricScore, attemptId, questionId, graderId: user.id, updatedAt: new Date() };
        await tx
          .insert(answerRubricScores)
          .values(values)
          .onConflictDoUpdate({ target: [answerRubricScores.attemptId, answerRubricScores.questionId], set: values });
      } else {
        await tx
          .delete(answerRubricScores)
          .where(and(eq(answerRubricScores.attemptId, attemptId), eq(answerRubricScores.questionId, questionId)));
      }
      const [assessment] = await tx
        .select()
        .from(assessments)
        .where(eq(assessments.itemId, row.attempt.assessmentId))
        .limit(1);
      if (assessment) await refreshAttempt(tx, attemptId, assessment, now());
    });
    return written;
  }

  return {
    /** A person's grade for one answer; 409 when `version` is not the answer's current one (nothing is lost). */
    async gradeAnswer(
      user: SessionUser,
      attemptId: string,
      questionId: string,
      input: GradeAnswerInput,
    ): Promise<InboxAnswer> {
      const row = await answerToGrade(db, user, attemptId, questionId);
      const { score, rubricScore } = await scoreOf(db, input, questionId, row);
      const comment = cleanCommentHtml(input.comment, 'comment', false);
      const grade = { score, comment, rubricScore, version: input.version };
      const written = await writeGrade(user, row, { attemptId, questionId }, grade);
      const page = await inbox(user, { page: 1, pageSize: 1, status: 'all', by: 'student', questionId }, attemptId);
      const item = page.items.find((i) => i.attemptId === attemptId);
      if (!written) throw new StaleGradeError(item ?? null);
      if (item) return item;
      // The answer does not need a person (an automatic one graded by hand): answer from what was written.
      return {
        attemptId,
        questionId,
        course: { id: row.attempt.courseId, title: '' },
        assessment: { id: row.attempt.assessmentId, title: '' },
        question: { title: '', type: '', prompt: '', points: row.points },
        student: { id: null, name: '', anonymous: true },
        submittedAt: (row.attempt.submittedAt ?? new Date(0)).toISOString(),
        response: row.answer.response,
        files: [],
        score,
        comment,
        rubric: rubricScore ? { ...rubricScore, maxPoints: 0 } : null,
        rubricId: rubricScore?.rubricId ?? null,
        graded: true,
        version: row.answer.version + 1,
      };
    },
  };
}
