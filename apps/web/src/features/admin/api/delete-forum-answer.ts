import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/forum/answers/:id → 204 (moderation: admins may delete any answer). */
export async function deleteForumAnswer(id: string): Promise<void> {
  await apiRequest(`/api/forum/answers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The forum caches its pages elsewhere: every cached query is marked stale. */
export function useDeleteForumAnswer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteForumAnswer, onSuccess: () => queryClient.invalidateQueries() });
}
