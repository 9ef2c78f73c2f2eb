import type { Answer } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateForum } from './query-keys';

export interface UpdateAnswerVariables {
  id: string;
  answer: string;
}

/** PATCH /api/forum/answers/:id (the author) → the updated answer. */
export function updateAnswer({ id, answer }: UpdateAnswerVariables): Promise<Answer> {
  return apiRequest<Answer>(`/api/forum/answers/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { answer },
  });
}

export function useUpdateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAnswer, onSuccess: () => invalidateForum(queryClient) });
}
