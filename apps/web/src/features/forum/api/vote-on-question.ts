import type { VoteResult, VoteValue } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateForum, updateCachedQuestion } from './query-keys';

export interface QuestionVoteVariables {
  questionId: string;
  value: VoteValue;
}

/** PUT /api/forum/questions/:id/vote {value: 1 | -1 | 0} → the new score and the caller's vote. */
export function voteOnQuestion({ questionId, value }: QuestionVoteVariables): Promise<VoteResult> {
  return apiRequest<VoteResult>(`/api/forum/questions/${encodeURIComponent(questionId)}/vote`, {
    method: 'PUT',
    body: { value },
  });
}

export function useVoteOnQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteOnQuestion,
    onSuccess: (result, { questionId }) => {
      updateCachedQuestion(queryClient, questionId, (question) => ({ ...question, ...result }));
      invalidateForum(queryClient, { keepDetails: true });
    },
  });
}
