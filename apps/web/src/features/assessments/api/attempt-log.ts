import type { Assessment, AttemptLogPage, ReleaseAssessmentBody } from '@lyceum/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assessmentKeys, courseAssessmentUrl, invalidateAssessments } from './assessment-keys';

export const ATTEMPT_LOG_PAGE_SIZE = 20;

/** GET /api/courses/:id/assessments/:itemId/attempts → the attempts log (authors), newest first. */
export function useAttemptLog(courseId: string, itemId: string, page: number) {
  return useQuery({
    queryKey: [...assessmentKeys.all, 'attempt-log', courseId, itemId, page] as const,
    queryFn: () =>
      apiRequest<AttemptLogPage>(
        `${courseAssessmentUrl(courseId, itemId)}/attempts?page=${page}&pageSize=${ATTEMPT_LOG_PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/courses/:id/assessments/:itemId/release → the assessment with its releasedAt set (or cleared); a 409 at
 * `confirm` when students with attempts left would see the correct answers (sent again with `confirm` to go ahead).
 */
export function useReleaseAssessment(courseId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseAssessmentBody) =>
      apiRequest<Assessment>(`${courseAssessmentUrl(courseId, itemId)}/release`, { method: 'POST', body }),
    onSuccess: (assessment) => {
      queryClient.setQueryData(assessmentKeys.authoring(courseId, itemId), assessment);
      void invalidateAssessments(queryClient);
    },
  });
}
