import type { Answer } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateForum } from './query-keys';

export interface CreateAnswerVariables {
  questionId: string;
  answer: string;
}

/** POST /api/forum/questions/:id/answers (students and teachers) → the new answer. */
export function createAnswer({ questionId, answer }: CreateAnswerVariables): Promise<Answer> {
  return apiRequest<Answer>(`/api/forum/questions/${encodeURIComponent(questionId)}/answers`, {
    method: 'POST',
    body: { answer },
  });
}

export function useCreateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAnswer, onSuccess: () => invalidateForum(queryClient) });
}
