import type { Question, UpdateQuestionBody } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateForum } from './query-keys';

export interface UpdateQuestionVariables {
  id: string;
  body: UpdateQuestionBody;
}

/** PATCH /api/forum/questions/:id (the author) → the updated question. */
export function updateQuestion({ id, body }: UpdateQuestionVariables): Promise<Question> {
  return apiRequest<Question>(`/api/forum/questions/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateQuestion, onSuccess: () => invalidateForum(queryClient) });
}
