/**
 * The late-penalty rule (DESIGN.md §10, docs/decisions/025-assessments-and-attempts.md, 032-grading.md): the one
 * place that says how late a submission is and what that costs, for the attempt's own score at submit
 * (features/assessments), its rescoring after manual grading and the gradebook's counting score (features/grading),
 * so the receipt and the gradebook agree. Pure: the caller passes the dates (the learner's own due date, after any
 * class assignment or accommodation, where it has one).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Started days late: 1 second late is one day; on time (or no due date) is 0. */
export function daysLate(submittedAt: Date, dueAt: Date | null): number {
  if (!dueAt) return 0;
  const late = submittedAt.getTime() - dueAt.getTime();
  return late > 0 ? Math.ceil(late / DAY_MS) : 0;
}

export interface LatePenalty {
  /** Submitted after the due date (marked late even when no penalty is set). */
  late: boolean;
  /** Started days between the due date and the submission (0 when on time). */
  daysLate: number;
  /** `percent per day × started days late`, at most 100; 0 when on time or without a penalty. */
  percent: number;
}

/** How late a submission is and the penalty in % of its points. */
export function latePenalty(submittedAt: Date, dueAt: Date | null, percentPerDay: number | null): LatePenalty {
  const days = daysLate(submittedAt, dueAt);
  const rate = percentPerDay ?? 0;
  return { late: days > 0, daysLate: days, percent: days > 0 && rate > 0 ? Math.min(100, rate * days) : 0 };
}

/** Rounds points to 2 decimals. */
export const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** The points kept after a penalty of `percent` %: never below 0, rounded to 2 decimals. */
export function pointsAfterPenalty(points: number, percent: number): number {
  return round2(Math.max(0, points * (1 - percent / 100)));
}
