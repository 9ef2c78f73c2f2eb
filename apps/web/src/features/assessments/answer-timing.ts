import { CONFIRM_ANSWERS_PATH, type AnswerReleasePolicy } from '@lyceum/contract/constants';
import { ApiError } from '@/lib/api-client';

/** When students see the correct answers, as the settings form offers it (ADR 046; Moodle's review timing). */
export const ANSWER_RELEASE_LABELS: Record<AnswerReleasePolicy, string> = {
  immediately: 'Immediately after submitting',
  after_last_attempt: 'After the last attempt or the close date',
  after_due: 'After the due date',
  manual: 'When the teacher releases them',
};

/** What each timing means for a student who may try again, said under the choice. */
export const ANSWER_RELEASE_NOTES: Record<AnswerReleasePolicy, string> = {
  immediately: 'Correct answers: students who may try again see them before their next attempt.',
  after_last_attempt:
    'Correct answers: each student sees them once they have no attempts left, or when the assessment closes.',
  after_due:
    'Correct answers: shown after the due date, even to students who may still hand in a late attempt before it closes.',
  manual: 'Correct answers: shown when you release them on the Attempts tab.',
};

/**
 * The server's warning when a release or a save would show the correct answers to students who may still start
 * another attempt (a 409 at `confirm`, with how many); null for any other error.
 */
export function answersWarningOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return error.issues.find((issue) => issue.path === CONFIRM_ANSWERS_PATH)?.message ?? null;
}
