import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateForum } from './query-keys';

/** DELETE /api/forum/answers/:id (the author, or an admin) → 204. */
export async function deleteAnswer(id: string): Promise<void> {
  await apiRequest(`/api/forum/answers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAnswer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAnswer, onSuccess: () => invalidateForum(queryClient) });
}
