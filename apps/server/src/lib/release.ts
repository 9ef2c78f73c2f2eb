import type { AnswerReleasePolicy } from '@lyceum/contract';
import { mayAttemptAgain, type LearnerWindow } from './learner-window.js';

/** A learner's attempts at an assessment: how many they started, and whether one is in progress. */
export interface AttemptsUsed {
  used: number;
  inProgress: boolean;
}

/**
 * Whether a release policy (score, feedback or answers) has released to a learner (ADR 025, 046): released by hand,
 * immediately, after the learner's own due date (else close date) from their window, or — answers only — once the
 * learner may not answer again ("after_last_attempt": no attempt in progress and none left, or their close date
 * passed; `attempts` tells; without it only the close date releases). In lib/ so that the assessments, the mistake
 * notebook and the classes' grades tab ask the same function.
 */
export function isReleased(
  policy: AnswerReleasePolicy,
  assessment: { releasedAt: Date | null },
  window: Pick<LearnerWindow, 'dueAt' | 'closesAt'> & Partial<Pick<LearnerWindow, 'opensAt' | 'attemptsAllowed'>>,
  now: Date,
  attempts?: AttemptsUsed,
): boolean {
  if (assessment.releasedAt && assessment.releasedAt <= now) return true;
  if (policy === 'immediately') return true;
  if (policy === 'after_due') {
    const at = window.dueAt ?? window.closesAt;
    return !at || now >= at;
  }
  if (policy === 'after_last_attempt') {
    if (!attempts || window.attemptsAllowed === undefined) return Boolean(window.closesAt && now >= window.closesAt);
    const full = { opensAt: null, timeLimitMinutes: null, ...window, attemptsAllowed: window.attemptsAllowed };
    return !mayAttemptAgain(full, attempts, now);
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
