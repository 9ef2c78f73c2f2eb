/** Limits of grading inputs (docs/decisions/032-grading.md); here so that forms can check them without zod. */
export const GRADING_LIMITS = {
  commentTitle: 80,
  /** Sanitised HTML of a bank comment or a grader's comment. */
  commentHtml: 20_000,
  rubricTitle: 120,
  criterionTitle: 120,
  criterionDescription: 1_000,
  levelTitle: 80,
  levelDescription: 500,
  criteria: 20,
  levels: 8,
  levelPoints: 1_000,
} as const;

/**
 * A rubric total as a question's score, the one rule the server stores and the grader's screen previews: scaled from
 * the rubric's maximum to the question's points and kept at the stored precision, two decimals (ADR 032), e.g. 2.5
 * of 3 rubric points on a 1-point question → 0.83. Half points are the step of a score a person types, not of a
 * computed one.
 */
export function rubricScoreFor(total: number, rubricMax: number, questionPoints: number): number {
  if (rubricMax <= 0) return 0;
  const scaled = (total / rubricMax) * questionPoints;
  return Math.min(questionPoints, Math.round((scaled + Number.EPSILON) * 100) / 100);
}
