import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bankKeys, invalidateBank } from './query-keys';

/** DELETE /api/questions/:id → 204. */
export async function deleteQuestion(id: string): Promise<void> {
  await apiRequest(`/api/questions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteQuestion(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: bankKeys.detail(courseId, id) });
      void invalidateBank(queryClient, courseId);
    },
  });
}
