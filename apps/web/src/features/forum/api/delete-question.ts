import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { forumKeys, invalidateForum } from './query-keys';

/** DELETE /api/forum/questions/:id (the author, or an admin) → 204; its answers and votes go with it. */
export async function deleteQuestion(id: string): Promise<void> {
  await apiRequest(`/api/forum/questions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_result, id) => {
      // Its page may still be open while it navigates away: mark it stale without refetching it into a
      // "not found" there; a later visit refetches and learns it is gone.
      void queryClient.invalidateQueries({ queryKey: [...forumKeys.details(), id], refetchType: 'none' });
      invalidateForum(queryClient, { keepDetails: true });
    },
  });
}
