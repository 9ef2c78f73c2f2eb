import type { CourseReviewPage } from '@lyceum/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reviewKeys } from './query-keys';

/** Reviews per "Show more reviews" step. */
export const COURSE_REVIEWS_PAGE_SIZE = 10;

/** GET /api/courses/:id/reviews → a page of reviews (newest first) with the course's rating summary. */
export function getCourseReviews(courseId: string, page: number, signal?: AbortSignal): Promise<CourseReviewPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(COURSE_REVIEWS_PAGE_SIZE) });
  return apiRequest<CourseReviewPage>(`/api/courses/${encodeURIComponent(courseId)}/reviews?${query.toString()}`, {
    signal,
  });
}

export const courseReviewsQueryOptions = (courseId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.course(courseId),
    queryFn: ({ pageParam, signal }) => getCourseReviews(courseId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

/** The loaded pages of a course's reviews; `fetchNextPage` loads more. */
export function useCourseReviews(courseId: string) {
  return useInfiniteQuery(courseReviewsQueryOptions(courseId));
}
