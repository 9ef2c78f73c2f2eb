import type { QueryClient } from '@tanstack/react-query';

/** Curriculum answers depend on who asks (drafts, ticks, locks): every key carries the viewer's id. */
export const curriculumKeys = {
  all: ['curriculum'] as const,
  outline: (courseId: string, viewerId: string | null) =>
    [...curriculumKeys.all, 'outline', courseId, viewerId] as const,
  lesson: (courseId: string, lessonId: string, viewerId: string | null) =>
    [...curriculumKeys.all, 'lesson', courseId, lessonId, viewerId] as const,
};

export function invalidateCurriculum(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: curriculumKeys.all });
}
