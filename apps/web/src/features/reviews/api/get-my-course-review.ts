import type { MyCourseReview } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { reviewKeys } from './query-keys';

/** GET /api/courses/:id/reviews/mine (students) → `{ review }`, the caller's review of the course or null. */
export function getMyCourseReview(courseId: string, signal?: AbortSignal): Promise<MyCourseReview> {
  return apiRequest<MyCourseReview>(`/api/courses/${encodeURIComponent(courseId)}/reviews/mine`, {
    signal,
  });
}

export const myCourseReviewQueryOptions = (courseId: string, viewerId: string) =>
  queryOptions({
    queryKey: reviewKeys.mine(courseId, viewerId),
    queryFn: ({ signal }) => getMyCourseReview(courseId, signal),
  });

/** Asked only for a logged-in student: nobody else can have a review. */
export function useMyCourseReview(courseId: string) {
  const { state } = useAuth();
  const viewerId = state.user?.role === 'student' ? state.user.id : null;
  return useQuery({ ...myCourseReviewQueryOptions(courseId, viewerId ?? ''), enabled: viewerId !== null });
}
