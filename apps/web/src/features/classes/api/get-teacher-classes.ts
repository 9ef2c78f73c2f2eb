import type { ClassSummary, TeacherClass } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Page } from './page';
import { classKeys } from './query-keys';

/** GET /api/teacher/classes → the classes the caller teaches. */
export function getTeacherClasses(archived: boolean, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ archived: String(archived), page: String(page), pageSize: '20' });
  return apiRequest<Page<ClassSummary>>(`/api/teacher/classes?${query.toString()}`, { signal });
}

export function useTeacherClasses(archived: boolean, page: number) {
  return useQuery(
    queryOptions({
      queryKey: classKeys.teacherList(archived, page),
      queryFn: ({ signal }) => getTeacherClasses(archived, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/classes/:id → one class of the caller's, with its code. */
export function useTeacherClass(id: string) {
  return useQuery({
    queryKey: classKeys.teacherClass(id),
    queryFn: ({ signal }) => apiRequest<TeacherClass>(`/api/classes/${encodeURIComponent(id)}`, { signal }),
  });
}
