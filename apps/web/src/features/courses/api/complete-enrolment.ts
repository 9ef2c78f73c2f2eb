import type { Enrolment } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateCourses } from './query-keys';

/** POST /api/student/enrolments/:courseId/complete (students) → the enrolment, completed. */
export function completeEnrolment(courseId: string): Promise<Enrolment> {
  return apiRequest<Enrolment>(`/api/student/enrolments/${encodeURIComponent(courseId)}/complete`, {
    method: 'POST',
  });
}

export function useCompleteEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeEnrolment, onSuccess: () => void invalidateCourses(queryClient) });
}
