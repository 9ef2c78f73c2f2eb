import type { Course, CreateCourseBody } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateCourses } from './query-keys';

/** POST /api/courses (teachers; admins name the teacher) → the new course. */
export function createCourse(body: CreateCourseBody): Promise<Course> {
  return apiRequest<Course>('/api/courses', { method: 'POST', body });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCourse, onSuccess: () => void invalidateCourses(queryClient) });
}
