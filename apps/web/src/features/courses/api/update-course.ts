import type { Course, UpdateCourseBody } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateCourses } from './query-keys';

/** PATCH /api/courses/:id (its teacher or an admin) → the changed course; lists sent replace the stored ones. */
export function updateCourse({ id, body }: { id: string; body: UpdateCourseBody }): Promise<Course> {
  return apiRequest<Course>(`/api/courses/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCourse, onSuccess: () => void invalidateCourses(queryClient) });
}
