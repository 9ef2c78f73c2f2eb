import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateReviews } from './query-keys';

/** DELETE /api/reviews/:id (the author, or an admin) → 204. */
export async function deleteReview(id: string): Promise<void> {
  await apiRequest(`/api/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteReview, onSuccess: () => invalidateReviews(queryClient) });
}
