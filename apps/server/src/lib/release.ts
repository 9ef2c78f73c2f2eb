import type { ReleasePolicy } from '@lyceum/contract';
import type { LearnerWindow } from './learner-window.js';

/**
 * Whether a release policy (score, feedback or answers) has released to a learner (ADR 025): released by hand,
 * immediately, or after the learner's own due date (else close date) from their window. In lib/ so that the
 * assessments and the classes' grades tab ask the same function.
 */
export function isReleased(
  policy: ReleasePolicy,
  assessment: { releasedAt: Date | null },
  window: Pick<LearnerWindow, 'dueAt' | 'closesAt'>,
  now: Date,
): boolean {
  if (assessment.releasedAt && assessment.releasedAt <= now) return true;
  if (policy === 'immediately') return true;
  if (policy === 'after_due') {
    const at = window.dueAt ?? window.closesAt;
    return !at || now >= at;
  }
  return false;
}

/**
 * Whether an anonymous assessment still hides its learners from graders at `now` (ADR 032): until the teacher
 * releases its grades by hand. Every grader's screen asks this one function — the grading inbox and grade route
 * (labels instead of names), the gradebook and its CSV and the class gradebook (the column's cells hidden, left out
 * of totals), and the attempts log (labels instead of names and e-mails). Taking the release back hides them again.
 */
export function namesHidden(assessment: { anonymousGrading: boolean; releasedAt: Date | null }, now: Date): boolean {
  return assessment.anonymousGrading && !(assessment.releasedAt && assessment.releasedAt <= now);
}

/** The stable label of an attempt in anonymous grading: its number among the assessment's attempts. */
export const anonymousLabel = (anonNumber: number | null) => (anonNumber ? `Student ${anonNumber}` : 'Student');
