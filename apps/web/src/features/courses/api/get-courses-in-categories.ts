import type { CoursePage, CourseSort } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys } from './query-keys';

/** GET /api/courses?category=A&category=B → the first published courses in any of these categories. */
export function getCoursesInCategories(
  categories: readonly string[],
  limit: number,
  sort: CourseSort,
  signal?: AbortSignal,
): Promise<CoursePage> {
  const query = new URLSearchParams({ sort, page: '1', pageSize: String(limit) });
  for (const category of categories) query.append('category', category);
  return apiRequest<CoursePage>(`/api/courses?${query.toString()}`, { signal, auth: false });
}

export const coursesInCategoriesQueryOptions = (categories: readonly string[], limit: number, sort: CourseSort) =>
  queryOptions({
    queryKey: courseKeys.inCategories(categories, sort, limit),
    queryFn: ({ signal }) => getCoursesInCategories(categories, limit, sort, signal),
  });

export function useCoursesInCategories(categories: readonly string[], limit: number, sort: CourseSort) {
  return useQuery(coursesInCategoriesQueryOptions(categories, limit, sort));
}
