import type { PopularCourseShelf } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys } from './query-keys';

/** GET /api/courses/popular → the published courses most enrolled in over the last `days` days. */
export function getPopularCourses(days: number, limit: number, signal?: AbortSignal): Promise<PopularCourseShelf> {
  return apiRequest<PopularCourseShelf>(`/api/courses/popular?days=${days}&limit=${limit}`, { signal, auth: false });
}

export const popularCoursesQueryOptions = (days: number, limit: number) =>
  queryOptions({
    queryKey: courseKeys.popular(days, limit),
    queryFn: ({ signal }) => getPopularCourses(days, limit, signal),
  });

export function usePopularCourses(days: number, limit: number) {
  return useQuery(popularCoursesQueryOptions(days, limit));
}
