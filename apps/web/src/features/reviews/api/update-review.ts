import type { Review, UpdateReviewBody } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateReviews } from './query-keys';

export interface UpdateReviewVariables extends UpdateReviewBody {
  id: string;
}

/** PATCH /api/reviews/:id (the author) → the updated review. */
export function updateReview({ id, rating, text }: UpdateReviewVariables): Promise<Review> {
  return apiRequest<Review>(`/api/reviews/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { rating, text },
  });
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateReview, onSuccess: () => invalidateReviews(queryClient) });
}
