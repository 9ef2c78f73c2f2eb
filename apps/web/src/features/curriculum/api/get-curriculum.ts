import type { Curriculum } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { formatMinutes } from '../format';
import { curriculumKeys } from './query-keys';

/** GET /api/courses/:id/curriculum → the outline; ticks, progress and the lesson to resume for enrolled students. */
export function getCurriculum(courseId: string, signal?: AbortSignal): Promise<Curriculum> {
  return apiRequest<Curriculum>(`/api/courses/${encodeURIComponent(courseId)}/curriculum`, { signal });
}

export const curriculumQueryOptions = (courseId: string, viewerId: string | null) =>
  queryOptions({
    queryKey: curriculumKeys.outline(courseId, viewerId),
    queryFn: ({ signal }) => getCurriculum(courseId, signal),
  });

export function useCurriculum(courseId: string, options: { enabled?: boolean } = {}) {
  const { state } = useAuth();
  return useQuery({ ...curriculumQueryOptions(courseId, state.user?.id ?? null), enabled: options.enabled ?? true });
}

/** Course details' Duration row: the curriculum's total length as the viewer sees it; null without lessons. */
export function useCourseDuration(courseId: string, options: { enabled?: boolean } = {}): string | null {
  const query = useCurriculum(courseId, options);
  const data = query.data;
  if (!data || data.lessonCount === 0 || data.totalMinutes === 0) return null;
  return formatMinutes(data.totalMinutes);
}
