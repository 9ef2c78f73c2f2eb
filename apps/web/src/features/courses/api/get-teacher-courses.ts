import type { CoursePage, CourseStatus } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { courseKeys, queryString } from './query-keys';

export interface TeacherCourseParams {
  /** Omitted: both published and draft courses. */
  status?: CourseStatus;
  page: number;
  pageSize: number;
}

/** GET /api/teacher/courses → the caller's own courses, most recently updated first. */
export function getTeacherCourses(params: TeacherCourseParams, signal?: AbortSignal): Promise<CoursePage> {
  return apiRequest<CoursePage>(`/api/teacher/courses${queryString({ ...params })}`, { signal });
}

export const teacherCoursesQueryOptions = (viewerId: string, params: TeacherCourseParams) =>
  queryOptions({
    queryKey: courseKeys.teacher(viewerId, params.status ?? 'all', params.page, params.pageSize),
    queryFn: ({ signal }) => getTeacherCourses(params, signal),
    placeholderData: keepPreviousData,
  });

export function useTeacherCourses(params: TeacherCourseParams) {
  const { state } = useAuth();
  return useQuery(teacherCoursesQueryOptions(state.user?.id ?? '', params));
}
