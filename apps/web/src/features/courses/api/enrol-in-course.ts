import type { CourseViewer, Enrolment } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys, invalidateCourses } from './query-keys';

/** POST /api/courses/:id/enrolment (students) → the enrolment; enrolling twice keeps the one there is. */
export function enrolInCourse(courseId: string): Promise<Enrolment> {
  return apiRequest<Enrolment>(`/api/courses/${encodeURIComponent(courseId)}/enrolment`, {
    method: 'POST',
  });
}

export function useEnrolInCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolInCourse,
    onSuccess: (enrolment, courseId) => {
      queryClient.setQueriesData<CourseViewer>({ queryKey: [...courseKeys.all, 'viewer', courseId] }, (old) =>
        old ? { ...old, enrolled: true, enrolmentStatus: enrolment.status } : old,
      );
      void invalidateCourses(queryClient);
    },
  });
}
