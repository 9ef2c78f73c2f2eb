import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys, invalidateCourses } from './query-keys';

/**
 * DELETE /api/courses/:id?confirm=true (its teacher or an admin) → 204; its wishlist entries, enrolments and reviews
 * go too. `confirm`: the user was shown how many students are enrolled (without it, enrolled students make a 409).
 */
export async function deleteCourse(id: string): Promise<void> {
  await apiRequest(`/api/courses/${encodeURIComponent(id)}?confirm=true`, { method: 'DELETE' });
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
