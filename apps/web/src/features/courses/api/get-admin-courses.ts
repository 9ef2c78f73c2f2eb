import type { CoursePage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys, queryString, type AdminCourseParams } from './query-keys';

/** Rows per page of the admin's course table. */
export const ADMIN_COURSES_PAGE_SIZE = 20;

/** GET /api/admin/courses → every course of every teacher, searched and filtered. */
export function getAdminCourses(params: AdminCourseParams, signal?: AbortSignal): Promise<CoursePage> {
  const query = queryString({ ...params, pageSize: ADMIN_COURSES_PAGE_SIZE });
  return apiRequest<CoursePage>(`/api/admin/courses${query}`, { signal });
}

export const adminCoursesQueryOptions = (params: AdminCourseParams) =>
  queryOptions({
    queryKey: courseKeys.admin(params),
    queryFn: ({ signal }) => getAdminCourses(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminCourses(params: AdminCourseParams) {
  return useQuery(adminCoursesQueryOptions(params));
}
