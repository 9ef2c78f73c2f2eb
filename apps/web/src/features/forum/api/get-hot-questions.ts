import type { HotQuestion, HotQuestions } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { forumKeys } from './query-keys';

/** GET /api/forum/hot → up to 5 questions with the most answers and votes in the last 24 hours. */
export async function getHotQuestions(signal?: AbortSignal): Promise<HotQuestion[]> {
  const { items } = await apiRequest<HotQuestions>('/api/forum/hot', { signal });
  return items;
}

export const hotQuestionsQueryOptions = () =>
  queryOptions({ queryKey: forumKeys.hot(), queryFn: ({ signal }) => getHotQuestions(signal) });

export function useHotQuestions() {
  return useQuery(hotQuestionsQueryOptions());
}
