import type { Completion } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateCurriculum } from './query-keys';

/** POST /api/courses/:id/items/:itemId/completion (enrolled students; idempotent) → the new progress. */
export function completeItem({ courseId, itemId }: { courseId: string; itemId: string }): Promise<Completion> {
  return apiRequest<Completion>(
    `/api/courses/${encodeURIComponent(courseId)}/items/${encodeURIComponent(itemId)}/completion`,
    { method: 'POST' },
  );
}

/** Completing changes the outline's ticks and every list that shows progress (course queries included). */
export function useCompleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeItem,
    onSuccess: () => {
      void invalidateCurriculum(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
