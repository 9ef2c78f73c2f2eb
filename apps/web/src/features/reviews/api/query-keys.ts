import type { QueryClient } from '@tanstack/react-query';

/** Every reviews query lives under `['reviews']`, so a write marks all of them stale at once. */
export const reviewKeys = {
  all: ['reviews'] as const,
  course: (courseId: string) => [...reviewKeys.all, 'course', courseId] as const,
  mine: (courseId: string, viewerId: string) => [...reviewKeys.all, 'mine', courseId, viewerId] as const,
  student: (viewerId: string, page: number) => [...reviewKeys.all, 'student', viewerId, page] as const,
};

/** After a write: course lists and summaries, the caller's review and the student's list are all stale. */
export function invalidateReviews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: reviewKeys.all });
}
