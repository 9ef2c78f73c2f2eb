import type { QuestionType } from '@lyceum/contract';
import type { QueryClient } from '@tanstack/react-query';

export interface BankListParams {
  type?: QuestionType;
  tag?: string;
  q?: string;
  page: number;
}

/** Every bank query lives under `['question-bank', courseId]`, so a write marks the course's bank stale at once. */
export const bankKeys = {
  all: (courseId: string) => ['question-bank', courseId] as const,
  list: (courseId: string, params: BankListParams) => [...bankKeys.all(courseId), 'list', params] as const,
  detail: (courseId: string, id: string) => [...bankKeys.all(courseId), 'detail', id] as const,
};

export function invalidateBank(queryClient: QueryClient, courseId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bankKeys.all(courseId) });
}

/** `?a=1&b=2` from the values that are set; '' when none is. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
