import type { Course } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateCourses } from './query-keys';

/** POST /api/admin/courses/:id/publish (admins) → the course, published. */
export function publishCourse(id: string): Promise<Course> {
  return apiRequest<Course>(`/api/admin/courses/${encodeURIComponent(id)}/publish`, { method: 'POST' });
}

export function usePublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishCourse, onSuccess: () => void invalidateCourses(queryClient) });
}
