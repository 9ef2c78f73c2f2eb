import type { CreateReviewBody, Review } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateReviews } from './query-keys';

export interface CreateReviewVariables extends CreateReviewBody {
  courseId: string;
}

/** POST /api/courses/:id/reviews (students) → 201 the review; 409 when the student reviewed the course already. */
export function createReview({ courseId, rating, text }: CreateReviewVariables): Promise<Review> {
  return apiRequest<Review>(`/api/courses/${encodeURIComponent(courseId)}/reviews`, {
    method: 'POST',
    body: { rating, text },
  });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReview, onSettled: () => invalidateReviews(queryClient) });
}
