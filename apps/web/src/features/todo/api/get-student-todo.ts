import type { StudentTodo } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/me/todo → the student's to-do across their classes and courses (issue 49, ADR 057). */
export function getStudentTodo(signal?: AbortSignal): Promise<StudentTodo> {
  return apiRequest<StudentTodo>('/api/me/todo', { signal });
}

export const studentTodoQueryOptions = () =>
  queryOptions({ queryKey: ['todo', 'student'], queryFn: ({ signal }) => getStudentTodo(signal) });

export function useStudentTodo() {
  return useQuery(studentTodoQueryOptions());
}
