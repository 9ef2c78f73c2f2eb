import type { TeacherPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys, queryString } from './query-keys';

/** How many teachers the select offers at once; typing narrows the list on the server. */
export const TEACHER_OPTIONS_LIMIT = 50;

/** GET /api/admin/teachers → teachers by name, username or e-mail (admins). */
export function getTeachers(q: string, signal?: AbortSignal): Promise<TeacherPage> {
  const query = queryString({ q, pageSize: TEACHER_OPTIONS_LIMIT });
  return apiRequest<TeacherPage>(`/api/admin/teachers${query}`, { signal });
}

export const teachersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: courseKeys.teachers(q),
    queryFn: ({ signal }) => getTeachers(q, signal),
    placeholderData: keepPreviousData,
  });

export function useTeachers(q: string) {
  return useQuery(teachersQueryOptions(q));
}
