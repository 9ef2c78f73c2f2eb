import type {
  BankQuestion,
  CreateBankQuestionBody,
  UpdateBankQuestionBody,
  UpdatedBankQuestion,
} from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateBank } from './query-keys';

/** POST /api/courses/:id/questions → 201 the new question. */
export function createQuestion(courseId: string, body: CreateBankQuestionBody) {
  return apiRequest<BankQuestion>(`/api/courses/${encodeURIComponent(courseId)}/questions`, { method: 'POST', body });
}

/**
 * PATCH /api/questions/:id with the version loaded → the question and how many submitted attempts the change
 * regraded; 409 when someone saved since.
 */
export function updateQuestion(id: string, body: UpdateBankQuestionBody) {
  return apiRequest<UpdatedBankQuestion>(`/api/questions/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useSaveQuestion(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: CreateBankQuestionBody; version: number }) =>
      input.id
        ? updateQuestion(input.id, { ...input.body, version: input.version })
        : createQuestion(courseId, input.body),
    onSuccess: () => void invalidateBank(queryClient, courseId),
  });
}
