import type { VoteResult, VoteValue } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateForum, updateCachedQuestion } from './query-keys';

export interface AnswerVoteVariables {
  answerId: string;
  /** The question on whose page the answer is shown, to update it in place. */
  questionId: string;
  value: VoteValue;
}

/** PUT /api/forum/answers/:id/vote {value: 1 | -1 | 0} → the new score and the caller's vote. */
export function voteOnAnswer({ answerId, value }: AnswerVoteVariables): Promise<VoteResult> {
  return apiRequest<VoteResult>(`/api/forum/answers/${encodeURIComponent(answerId)}/vote`, {
    method: 'PUT',
    body: { value },
  });
}

export function useVoteOnAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteOnAnswer,
    onSuccess: (result, { answerId, questionId }) => {
      updateCachedQuestion(queryClient, questionId, (question) => ({
        ...question,
        answers: question.answers.map((answer) => (answer.id === answerId ? { ...answer, ...result } : answer)),
      }));
      invalidateForum(queryClient, { keepDetails: true });
    },
  });
}
