import type { MyAnswerPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { forumKeys } from './query-keys';

/** GET /api/me/forum/answers → the caller's own answers with their question and its asker, newest first. */
export function getMyAnswers(page: number, signal?: AbortSignal): Promise<MyAnswerPage> {
  return apiRequest<MyAnswerPage>(`/api/me/forum/answers?page=${page}`, { signal });
}

export const myAnswersQueryOptions = (viewerId: string, page: number) =>
  queryOptions({
    queryKey: forumKeys.myAnswers(viewerId, page),
    queryFn: ({ signal }) => getMyAnswers(page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyAnswers(page: number) {
  const { state } = useAuth();
  return useQuery(myAnswersQueryOptions(state.user?.id ?? '', page));
}
