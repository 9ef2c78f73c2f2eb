import type { QueryClient } from '@tanstack/react-query';

/** Every query of the classes feature starts with 'classes': one invalidation refreshes them all. */
export const classKeys = {
  all: ['classes'] as const,
  teacherList: (archived: boolean, page: number) => [...classKeys.all, 'teacher', 'list', archived, page] as const,
  teacherClass: (id: string) => [...classKeys.all, 'teacher', id] as const,
  roster: (id: string, page: number) => [...classKeys.all, 'teacher', id, 'roster', page] as const,
  assignments: (id: string, page: number) => [...classKeys.all, 'teacher', id, 'assignments', page] as const,
  assignmentLearners: (id: string, assignmentId: string, status: string, page: number) =>
    [...classKeys.all, 'teacher', id, 'assignments', assignmentId, status, page] as const,
  gradebook: (id: string, courseId: string, page: number) =>
    [...classKeys.all, 'teacher', id, 'gradebook', courseId, page] as const,
  stream: (id: string, as: 'teacher' | 'member', page: number) => [...classKeys.all, as, id, 'stream', page] as const,
  studentList: (page: number) => [...classKeys.all, 'student', 'list', page] as const,
  studentClass: (id: string) => [...classKeys.all, 'student', id] as const,
  grades: (id: string, page: number) => [...classKeys.all, 'student', id, 'grades', page] as const,
  todo: (id: string, page: number) => [...classKeys.all, 'student', id, 'todo', page] as const,
  calendar: () => [...classKeys.all, 'calendar'] as const,
};

export function invalidateClasses(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: classKeys.all });
}
