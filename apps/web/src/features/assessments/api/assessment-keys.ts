import type { QueryClient } from '@tanstack/react-query';

/** Assessment and attempt answers depend on who asks: keys carry the viewer's id where a page can change hands. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  authoring: (courseId: string, itemId: string) => [...assessmentKeys.all, 'authoring', courseId, itemId] as const,
  start: (courseId: string, itemId: string, viewerId: string | null) =>
    [...assessmentKeys.all, 'start', courseId, itemId, viewerId] as const,
  attempt: (attemptId: string) => [...assessmentKeys.all, 'attempt', attemptId] as const,
  myAttempts: (viewerId: string | null, page: number) =>
    [...assessmentKeys.all, 'my-attempts', viewerId, page] as const,
};

export function invalidateAssessments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
}

export const courseAssessmentUrl = (courseId: string, itemId: string) =>
  `/api/courses/${encodeURIComponent(courseId)}/assessments/${encodeURIComponent(itemId)}`;
export const attemptUrl = (attemptId: string) => `/api/attempts/${encodeURIComponent(attemptId)}`;
