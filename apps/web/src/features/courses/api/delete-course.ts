import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { courseKeys, invalidateCourses } from './query-keys';

/** DELETE /api/courses/:id (its teacher or an admin) → 204; its wishlist entries, enrolments and reviews go too. */
export async function deleteCourse(id: string): Promise<void> {
  await apiRequest(`/api/courses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: (_result, id) => {
      // The course is gone: drop its cached pages instead of refetching them into a 404.
      queryClient.removeQueries({ queryKey: [...courseKeys.all, 'detail', id] });
      queryClient.removeQueries({ queryKey: [...courseKeys.all, 'viewer', id] });
      void invalidateCourses(queryClient);
    },
  });
}
