import type { BankQuestion } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bankKeys } from './query-keys';

/** GET /api/questions/:id → one question with its key (course teacher, admins). */
export function getQuestion(id: string, signal?: AbortSignal) {
  return apiRequest<BankQuestion>(`/api/questions/${encodeURIComponent(id)}`, { signal });
}

export function useQuestion(courseId: string, id: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: bankKeys.detail(courseId, id ?? ''),
      queryFn: ({ signal }) => getQuestion(id ?? '', signal),
    }),
    enabled: id !== null,
  });
}
