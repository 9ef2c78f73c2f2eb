import type { CreateQuestionBody, Question } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateForum } from './query-keys';

/** POST /api/forum/questions (students and teachers) → the new question. */
export function createQuestion(body: CreateQuestionBody): Promise<Question> {
  return apiRequest<Question>('/api/forum/questions', { method: 'POST', body });
}

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createQuestion, onSuccess: () => invalidateForum(queryClient) });
}
