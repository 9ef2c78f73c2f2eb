import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/reviews/:id → 204 (moderation: admins may delete any review). */
export async function deleteReview(id: string): Promise<void> {
  await apiRequest(`/api/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Public course pages cache reviews elsewhere: every cached query is marked stale, not just the admin ones. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
