import type { Assessment } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assessmentKeys, courseAssessmentUrl } from './assessment-keys';

/** GET /api/courses/:id/assessments/:itemId → the assessment as its authors see it (settings and parts). */
export function getAssessment(courseId: string, itemId: string, signal?: AbortSignal): Promise<Assessment> {
  return apiRequest<Assessment>(courseAssessmentUrl(courseId, itemId), { signal });
}

export const assessmentQueryOptions = (courseId: string, itemId: string) =>
  queryOptions({
    queryKey: assessmentKeys.authoring(courseId, itemId),
    queryFn: ({ signal }) => getAssessment(courseId, itemId, signal),
    retry: false,
  });

export function useAssessment(courseId: string, itemId: string) {
  return useQuery(assessmentQueryOptions(courseId, itemId));
}
