import type { Course } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateCourses } from './query-keys';

/** POST /api/admin/courses/:id/unpublish (admins) → the course, back to draft. */
export function unpublishCourse(id: string): Promise<Course> {
  return apiRequest<Course>(`/api/admin/courses/${encodeURIComponent(id)}/unpublish`, {
    method: 'POST',
  });
}

export function useUnpublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unpublishCourse, onSuccess: () => void invalidateCourses(queryClient) });
}
