import type { CourseViewer, WishlistState } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys, invalidateCourses } from './query-keys';

/** PUT /api/courses/:id/wishlist (students) → `{ inWishlist: true }`; adding twice is no error. */
export function addToWishlist(courseId: string): Promise<WishlistState> {
  return apiRequest<WishlistState>(`/api/courses/${encodeURIComponent(courseId)}/wishlist`, {
    method: 'PUT',
  });
}

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: (state, courseId) => {
      queryClient.setQueriesData<CourseViewer>({ queryKey: [...courseKeys.all, 'viewer', courseId] }, (old) =>
        old ? { ...old, inWishlist: state.inWishlist } : old,
      );
      void invalidateCourses(queryClient);
    },
  });
}
