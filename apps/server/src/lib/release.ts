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
