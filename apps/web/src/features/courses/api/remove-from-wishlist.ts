import type { CourseViewer, WishlistState } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { courseKeys, invalidateCourses } from './query-keys';

/** DELETE /api/courses/:id/wishlist (students) → `{ inWishlist: false }`. */
export function removeFromWishlist(courseId: string): Promise<WishlistState> {
  return apiRequest<WishlistState>(`/api/courses/${encodeURIComponent(courseId)}/wishlist`, {
    method: 'DELETE',
  });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: (state, courseId) => {
      queryClient.setQueriesData<CourseViewer>({ queryKey: [...courseKeys.all, 'viewer', courseId] }, (old) =>
        old ? { ...old, inWishlist: state.inWishlist } : old,
      );
      void invalidateCourses(queryClient);
    },
  });
}
