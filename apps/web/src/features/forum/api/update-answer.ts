import type { Answer, UpdateAnswerBody } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateForum } from './query-keys';

export interface UpdateAnswerVariables {
  id: string;
  body: UpdateAnswerBody;
}

/** PATCH /api/forum/answers/:id (the author) → the updated answer. */
export function updateAnswer({ id, body }: UpdateAnswerVariables): Promise<Answer> {
  return apiRequest<Answer>(`/api/forum/answers/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { answer: body.answer },
  });
}

export function useUpdateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAnswer, onSuccess: () => invalidateForum(queryClient) });
}
