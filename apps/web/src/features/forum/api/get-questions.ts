import type { QuestionPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { forumKeys, type QuestionListParams } from './query-keys';

/** GET /api/forum/questions → one page of questions, searched, filtered by tag and sorted. */
export function getQuestions(params: QuestionListParams, signal?: AbortSignal): Promise<QuestionPage> {
  const query = new URLSearchParams({ sort: params.sort, page: String(params.page) });
  if (params.q) query.set('q', params.q);
  if (params.tag) query.set('tag', params.tag);
  return apiRequest<QuestionPage>(`/api/forum/questions?${query.toString()}`, { signal });
}

export const questionsQueryOptions = (params: QuestionListParams) =>
  queryOptions({
    queryKey: forumKeys.list(params),
    queryFn: ({ signal }) => getQuestions(params, signal),
    // A new search or page keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useQuestions(params: QuestionListParams) {
  return useQuery(questionsQueryOptions(params));
}
