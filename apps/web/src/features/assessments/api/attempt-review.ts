import type { AttemptForStudent, MyAttemptRubrics } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assessmentKeys, attemptUrl } from './assessment-keys';

/**
 * GET /api/attempts/:id for the review: unlike the attempt page's copy (kept while answering), it refreshes, so a
 * release or a regrade shows up on the next visit.
 */
export function useAttemptForReview(attemptId: string) {
  return useQuery({
    queryKey: [...assessmentKeys.all, 'review', attemptId],
    queryFn: ({ signal }) => apiRequest<AttemptForStudent>(attemptUrl(attemptId), { signal }),
    retry: false,
  });
}

/** GET /api/me/attempts/:id/rubrics → the rubric levels and the regrades of my attempt, once feedback is released. */
export function useMyAttemptRubrics(attemptId: string) {
  return useQuery({
    queryKey: [...assessmentKeys.all, 'review-rubrics', attemptId],
    queryFn: ({ signal }) =>
      apiRequest<MyAttemptRubrics>(`/api/me/attempts/${encodeURIComponent(attemptId)}/rubrics`, { signal }),
    retry: false,
  });
}
