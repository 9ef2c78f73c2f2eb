import type { QuestionDetail } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateForum, updateCachedQuestion } from './query-keys';

export interface AcceptAnswerVariables {
  questionId: string;
  /** The answer to accept, or null to clear the accepted answer. */
  answerId: string | null;
}

/** POST /api/forum/questions/:id/accept (the asker) → the question, answers re-ordered (accepted first). */
export function acceptAnswer({ questionId, answerId }: AcceptAnswerVariables): Promise<QuestionDetail> {
  return apiRequest<QuestionDetail>(`/api/forum/questions/${encodeURIComponent(questionId)}/accept`, {
    method: 'POST',
    body: { answerId },
  });
}

export function useAcceptAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAnswer,
    onSuccess: (question) => {
      updateCachedQuestion(queryClient, question.id, () => question);
      invalidateForum(queryClient, { keepDetails: true });
    },
  });
}
