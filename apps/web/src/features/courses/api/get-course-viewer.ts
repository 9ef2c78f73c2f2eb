import type { CourseViewer } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { courseKeys } from './query-keys';

/** GET /api/courses/:id/me → the caller's wishlist and enrolment state, and whether they may edit the course. */
export function getCourseViewer(id: string, signal?: AbortSignal): Promise<CourseViewer> {
  return apiRequest<CourseViewer>(`/api/courses/${encodeURIComponent(id)}/me`, { signal });
}

export const courseViewerQueryOptions = (id: string, viewerId: string) =>
  queryOptions({ queryKey: courseKeys.viewer(id, viewerId), queryFn: ({ signal }) => getCourseViewer(id, signal) });

/** Only asked when someone is logged in. */
export function useCourseViewer(id: string) {
  const { state } = useAuth();
  const viewerId = state.user?.id ?? '';
  return useQuery({ ...courseViewerQueryOptions(id, viewerId), enabled: viewerId !== '' });
}
