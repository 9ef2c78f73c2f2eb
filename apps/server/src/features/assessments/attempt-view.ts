import type {
  AttemptForStudent,
  AttemptReceipt,
  AttemptResult,
  QuestionReview,
  SubmissionFile,
} from '@lyceum/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { attemptAnswers, questions } from '#db/schema/index.js';
import type { AttemptsUsed } from '#lib/release.js';
import { attemptFiles, toSubmissionFile } from '#lib/submission-files.js';
import { attemptsForAnswers } from './answer-release.js';
import { iso, type QuestionRow } from './assessment-shared.js';
import { releaseOf, scoreOf, windowOf, type AssessmentRow, type AttemptRow } from './grading.js';
import { blanksRight, correctResponse, questionForTaking, questionNumbers } from './taking.js';
import type { LearnerWindow } from './window.js';

/** How an attempt reads to its student (its page, its receipt, its result): shared by starting, taking and lists. */

function remaining(attempt: AttemptRow, at: Date): number | null {
  if (!attempt.deadlineAt) return null;
  return Math.max(0, Math.floor((attempt.deadlineAt.getTime() - at.getTime()) / 1000));
}

export function resultOf(
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

export async function receiptOf(executor: Db, attempt: AttemptRow): Promise<AttemptReceipt> {
  const [row] = await executor
    .select({ n: count() })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attempt.id));
  // A description is no question (ADR 051): the receipt counts the questions only.
  const [descriptions] = attempt.questionIds.length
    ? await executor
        .select({ n: count() })
        .from(questions)
        .where(and(inArray(questions.id, attempt.questionIds), eq(questions.type, 'description')))
    : [];
  return {
    attemptId: attempt.id,
    number: attempt.number,
    submittedAt: attempt.submittedAt!.toISOString(),
    autoSubmitted: attempt.autoSubmitted,
    answered: row?.n ?? 0,
    questionCount: attempt.questionIds.length - (descriptions?.n ?? 0),
  };
}

/** An attempt as its student sees it, from what the caller has read: keys and reviews only as released. */
export async function attemptView(
  db: Db,
  {
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
  },
): Promise<AttemptForStudent> {
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
  const attemptsSoFar = submitted ? await attemptsForAnswers(db, assessment, attempt.studentId, window, at) : undefined;
  const released = releaseOf(assessment, window, at, attemptsSoFar);
  const list = attempt.questionIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const numberOf = questionNumbers(list);
  const result: AttemptForStudent['questions'] = list.map((question) => {
    const answer = answerOf.get(question.id);
    let review: QuestionReview | null = null;
    // A description is text between questions: no number, no review (ADR 051).
    if (submitted && question.type !== 'description') {
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
      number: numberOf.get(question.id) ?? 0,
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
