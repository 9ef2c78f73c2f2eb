import type { QuestionDetail } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { forumKeys } from './query-keys';

/** GET /api/forum/questions/:id → the question with its answers (the accepted one first). */
export function getQuestion(id: string, signal?: AbortSignal): Promise<QuestionDetail> {
  return apiRequest<QuestionDetail>(`/api/forum/questions/${encodeURIComponent(id)}`, { signal });
}

export const questionQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({ queryKey: forumKeys.detail(id, viewerId), queryFn: ({ signal }) => getQuestion(id, signal) });

/** The key of the current viewer's copy of a question (their votes are part of it). */
export function useQuestionKey(id: string) {
  const { state } = useAuth();
  return forumKeys.detail(id, state.user?.id ?? null);
}

export function useQuestion(id: string, options: { enabled?: boolean } = {}) {
  const { state } = useAuth();
  return useQuery({ ...questionQueryOptions(id, state.user?.id ?? null), enabled: options.enabled ?? true });
}
