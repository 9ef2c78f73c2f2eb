import type { MistakeCardPage, MistakeSummary, PracticeResult } from '@lyceum/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';

export const mistakeKeys = {
  all: (viewerId: string | null) => ['mistakes', viewerId] as const,
  summary: (viewerId: string | null) => ['mistakes', viewerId, 'summary'] as const,
  due: (viewerId: string | null) => ['mistakes', viewerId, 'due'] as const,
};

/** GET /api/me/mistakes/summary → how many notebook questions are due today, and in all. */
export const mistakeSummaryQueryOptions = (viewerId: string | null) =>
  queryOptions({
    queryKey: mistakeKeys.summary(viewerId),
    queryFn: ({ signal }) => apiRequest<MistakeSummary>('/api/me/mistakes/summary', { signal }),
  });

export function useMistakeSummary() {
  const { state } = useAuth();
  return useQuery(mistakeSummaryQueryOptions(state.user?.id ?? null));
}

/** GET /api/me/mistakes/due → the questions due now (a session of at most 20), soonest first, without keys. */
export function useDueMistakes() {
  const { state } = useAuth();
  return useQuery({
    queryKey: mistakeKeys.due(state.user?.id ?? null),
    queryFn: ({ signal }) => apiRequest<MistakeCardPage>('/api/me/mistakes/due?pageSize=20', { signal }),
    // A session works through the list it started with; answering must not reshuffle it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/me/mistakes/:questionId/practice → right or wrong, and when the question comes back. */
export function usePractise() {
  const { state } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { questionId: string; response: unknown }) =>
      apiRequest<PracticeResult>(`/api/me/mistakes/${encodeURIComponent(input.questionId)}/practice`, {
        method: 'POST',
        body: { response: input.response },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mistakeKeys.summary(state.user?.id ?? null) }),
  });
}
