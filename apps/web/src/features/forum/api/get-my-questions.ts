import type { QuestionPage, MyQuestionPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { forumKeys } from './query-keys';

/** GET /api/me/forum/questions → the caller's own questions, newest first. */
export function getMyQuestions(page: number, signal?: AbortSignal): Promise<QuestionPage> {
  return apiRequest<MyQuestionPage>(`/api/me/forum/questions?page=${page}`, { signal });
}

export const myQuestionsQueryOptions = (viewerId: string, page: number) =>
  queryOptions({
    queryKey: forumKeys.myQuestions(viewerId, page),
    queryFn: ({ signal }) => getMyQuestions(page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyQuestions(page: number) {
  const { state } = useAuth();
  return useQuery(myQuestionsQueryOptions(state.user?.id ?? '', page));
}
