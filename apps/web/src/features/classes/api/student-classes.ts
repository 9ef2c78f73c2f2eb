import type { ClassSummary, StudentClass, ClassGrade, TodoItem } from '@lyceum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Page } from './page';
import { classKeys } from './query-keys';

/** GET /api/student/classes → the classes the caller belongs to. */
export function useMyClasses(page: number) {
  return useQuery({
    queryKey: classKeys.studentList(page),
    queryFn: ({ signal }) =>
      apiRequest<Page<ClassSummary>>(`/api/student/classes?page=${page}&pageSize=20`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/student/classes/:id → a class of the caller's, with their own accommodation. */
export function useStudentClass(id: string) {
  return useQuery({
    queryKey: classKeys.studentClass(id),
    queryFn: ({ signal }) => apiRequest<StudentClass>(`/api/student/classes/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/student/classes/:id/todo → what is assigned to the caller, with their own dates. */
export function useTodo(id: string, page: number) {
  return useQuery({
    queryKey: classKeys.todo(id, page),
    queryFn: ({ signal }) =>
      apiRequest<Page<TodoItem>>(`/api/student/classes/${encodeURIComponent(id)}/todo?page=${page}&pageSize=20`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/student/classes/:id/grades → the caller's own counting scores on the class's assessments. */
export function useClassGrades(id: string, page: number) {
  return useQuery({
    queryKey: classKeys.grades(id, page),
    queryFn: ({ signal }) =>
      apiRequest<Page<ClassGrade>>(`/api/student/classes/${encodeURIComponent(id)}/grades?page=${page}&pageSize=20`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
