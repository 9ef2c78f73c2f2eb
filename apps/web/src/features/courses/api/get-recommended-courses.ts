import type { CourseShelf } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { courseKeys } from './query-keys';

/** GET /api/courses/recommended → with a student's token, their favoured categories first; else the newest. */
export function getRecommendedCourses(limit: number, signal?: AbortSignal): Promise<CourseShelf> {
  return apiRequest<CourseShelf>(`/api/courses/recommended?limit=${limit}`, { signal });
}

export const recommendedCoursesQueryOptions = (viewerId: string | null, limit: number) =>
  queryOptions({
    queryKey: courseKeys.shelf('recommended', viewerId, limit),
    queryFn: ({ signal }) => getRecommendedCourses(limit, signal),
  });

export function useRecommendedCourses(limit: number) {
  const { state } = useAuth();
  return useQuery(recommendedCoursesQueryOptions(state.user?.id ?? null, limit));
}
