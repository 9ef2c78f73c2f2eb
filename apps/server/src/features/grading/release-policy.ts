import type { AssessmentRow } from './rows.js';

/** Whether the score of an assessment is released to a learner at `now` (the policy set in authoring). */
export function scoreReleased(
  assessment: Pick<AssessmentRow, 'releasedAt' | 'releaseScore' | 'dueAt' | 'closesAt'>,
  now: Date,
): boolean {
  return feedbackReleased({ ...assessment, releaseFeedback: assessment.releaseScore }, now);
}

/** Whether the feedback of an assessment is released to a learner at `now` (the policy set in authoring). */
export function feedbackReleased(
  assessment: Pick<AssessmentRow, 'releasedAt' | 'releaseFeedback' | 'dueAt' | 'closesAt'>,
  now: Date,
): boolean {
  if (assessment.releasedAt && assessment.releasedAt <= now) return true;
  if (assessment.releaseFeedback === 'immediately') return true;
  if (assessment.releaseFeedback === 'after_due') {
    const at = assessment.dueAt ?? assessment.closesAt;
    return !at || now >= at;
  }
  return false;
}
