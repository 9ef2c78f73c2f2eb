import { QuestionSchema, type CreateQuestionBody, type Question } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateForum } from './query-keys';

/** POST /api/forum/questions (students and teachers) → the new question. */
export function createQuestion(body: CreateQuestionBody): Promise<Question> {
  return apiRequest('/api/forum/questions', { method: 'POST', body, schema: QuestionSchema });
}

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createQuestion, onSuccess: () => invalidateForum(queryClient) });
}
