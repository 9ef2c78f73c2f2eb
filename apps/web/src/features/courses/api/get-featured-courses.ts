import type { CourseShelf } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys } from './query-keys';

/** GET /api/courses/featured → the top rated published courses. */
export function getFeaturedCourses(limit: number, signal?: AbortSignal): Promise<CourseShelf> {
  return apiRequest<CourseShelf>(`/api/courses/featured?limit=${limit}`, { signal, auth: false });
}

export const featuredCoursesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: courseKeys.shelf('featured', null, limit),
    queryFn: ({ signal }) => getFeaturedCourses(limit, signal),
  });

export function useFeaturedCourses(limit: number) {
  return useQuery(featuredCoursesQueryOptions(limit));
}
