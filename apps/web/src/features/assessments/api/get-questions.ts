import type { BankQuestionPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bankKeys, queryString, type BankListParams } from './query-keys';

export const BANK_PAGE_SIZE = 20;

/** GET /api/courses/:id/questions → a page of the bank, last changed first. */
export function getQuestions(courseId: string, params: BankListParams, signal?: AbortSignal) {
  return apiRequest<BankQuestionPage>(
    `/api/courses/${encodeURIComponent(courseId)}/questions${queryString({ ...params, pageSize: BANK_PAGE_SIZE })}`,
    { signal },
  );
}

export const questionsQueryOptions = (courseId: string, params: BankListParams) =>
  queryOptions({
    queryKey: bankKeys.list(courseId, params),
    queryFn: ({ signal }) => getQuestions(courseId, params, signal),
    placeholderData: keepPreviousData,
  });

export function useQuestions(courseId: string, params: BankListParams) {
  return useQuery(questionsQueryOptions(courseId, params));
}
