import type { SimilarQuestion, SimilarQuestions } from '@lyceum/contract';
import { SIMILAR_MIN_WORDS } from '@lyceum/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { forumKeys } from './query-keys';

/** Words in a draft, as the server counts them before it looks for similar questions. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

/** GET /api/forum/similar?q= → up to 5 existing questions like the draft, answered ones first. */
export async function getSimilarQuestions(draft: string, signal?: AbortSignal): Promise<SimilarQuestion[]> {
  const query = new URLSearchParams({ q: draft });
  const { items } = await apiRequest<SimilarQuestions>(`/api/forum/similar?${query.toString()}`, {
    signal,
  });
  return items;
}

export const similarQuestionsQueryOptions = (draft: string) =>
  queryOptions({
    queryKey: forumKeys.similar(draft),
    queryFn: ({ signal }) => getSimilarQuestions(draft, signal),
    enabled: countWords(draft) >= SIMILAR_MIN_WORDS,
    staleTime: 60_000,
  });

/** Suggestions for a (debounced) draft; idle below three words. */
export function useSimilarQuestions(draft: string) {
  return useQuery(similarQuestionsQueryOptions(draft.trim()));
}
