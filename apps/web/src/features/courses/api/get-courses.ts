import type { CoursePage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys, queryString, type CatalogueParams } from './query-keys';

/** GET /api/courses → one page of published courses, searched, filtered by category and sorted. */
export function getCourses(params: CatalogueParams, signal?: AbortSignal): Promise<CoursePage> {
  const query = queryString({ ...params });
  return apiRequest<CoursePage>(`/api/courses${query}`, { signal, auth: false });
}

export const coursesQueryOptions = (params: CatalogueParams) =>
  queryOptions({
    queryKey: courseKeys.catalogue(params),
    queryFn: ({ signal }) => getCourses(params, signal),
    // A new search or page keeps the old cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useCourses(params: CatalogueParams) {
  return useQuery(coursesQueryOptions(params));
}
