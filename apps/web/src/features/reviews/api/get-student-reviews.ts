import type { StudentReviewPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { reviewKeys } from './query-keys';

/** GET /api/student/reviews → the caller's reviews with their course, newest first. */
export function getStudentReviews(page: number, signal?: AbortSignal): Promise<StudentReviewPage> {
  return apiRequest<StudentReviewPage>(`/api/student/reviews?page=${page}`, { signal });
}

export const studentReviewsQueryOptions = (viewerId: string, page: number) =>
  queryOptions({
    queryKey: reviewKeys.student(viewerId, page),
    queryFn: ({ signal }) => getStudentReviews(page, signal),
    placeholderData: keepPreviousData,
  });

export function useStudentReviews(page: number) {
  const { state } = useAuth();
  return useQuery(studentReviewsQueryOptions(state.user?.id ?? '', page));
}
