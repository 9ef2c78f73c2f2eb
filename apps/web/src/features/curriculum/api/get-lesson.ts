import type { Lesson } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { curriculumKeys } from './query-keys';

/** GET /api/courses/:id/lessons/:lessonId → a lesson (enrolled students, preview lessons for anyone, authors). */
export function getLesson(courseId: string, lessonId: string, signal?: AbortSignal): Promise<Lesson> {
  return apiRequest<Lesson>(`/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`, {
    signal,
  });
}

export const lessonQueryOptions = (courseId: string, lessonId: string, viewerId: string | null) =>
  queryOptions({
    queryKey: curriculumKeys.lesson(courseId, lessonId, viewerId),
    queryFn: ({ signal }) => getLesson(courseId, lessonId, signal),
    retry: false,
  });

export function useLesson(courseId: string, lessonId: string | undefined) {
  const { state } = useAuth();
  return useQuery({
    ...lessonQueryOptions(courseId, lessonId ?? '', state.user?.id ?? null),
    enabled: Boolean(lessonId),
  });
}
