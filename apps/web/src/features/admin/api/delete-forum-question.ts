import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/forum/questions/:id → 204 (moderation: admins may delete any question, with its answers). */
export async function deleteForumQuestion(id: string): Promise<void> {
  await apiRequest(`/api/forum/questions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The forum caches its pages elsewhere: every cached query is marked stale. */
export function useDeleteForumQuestion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteForumQuestion, onSuccess: () => queryClient.invalidateQueries() });
}
