import type { Course } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { courseKeys } from './query-keys';

/** GET /api/courses/:id → a published course; a draft only for its teacher and admins (404 otherwise). */
export function getCourse(id: string, signal?: AbortSignal): Promise<Course> {
  return apiRequest<Course>(`/api/courses/${encodeURIComponent(id)}`, { signal });
}

export const courseQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({ queryKey: courseKeys.detail(id, viewerId), queryFn: ({ signal }) => getCourse(id, signal) });

export function useCourse(id: string) {
  const { state } = useAuth();
  return useQuery(courseQueryOptions(id, state.user?.id ?? null));
}
