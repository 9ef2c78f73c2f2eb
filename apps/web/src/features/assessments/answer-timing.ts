import { CONFIRM_ANSWERS_PATH } from '@lyceum/contract/constants';
import { ApiError } from '@/lib/api-client';

/**
 * The server's warning when a release or a save would show the correct answers to students who may still start
 * another attempt (a 409 at `confirm`, with how many); null for any other error.
 */
export function answersWarningOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return error.issues.find((issue) => issue.path === CONFIRM_ANSWERS_PATH)?.message ?? null;
}
