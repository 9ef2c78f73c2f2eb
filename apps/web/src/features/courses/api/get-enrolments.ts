import type { EnrolmentPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { courseKeys, type EnrolmentFilter } from './query-keys';

export interface EnrolmentParams {
  status: EnrolmentFilter;
  page: number;
  pageSize: number;
}

/** GET /api/student/enrolments → the caller's enrolments (all, active or completed), most recent first. */
export function getEnrolments(params: EnrolmentParams, signal?: AbortSignal) {
  const { status, page, pageSize } = params;
  return apiRequest<EnrolmentPage>(`/api/student/enrolments?status=${status}&page=${page}&pageSize=${pageSize}`, {
    signal,
  });
}

export const enrolmentsQueryOptions = (viewerId: string, params: EnrolmentParams) =>
  queryOptions({
    queryKey: courseKeys.enrolments(viewerId, params.status, params.page, params.pageSize),
    queryFn: ({ signal }) => getEnrolments(params, signal),
    placeholderData: keepPreviousData,
  });

export function useEnrolments(params: EnrolmentParams) {
  const { state } = useAuth();
  return useQuery(enrolmentsQueryOptions(state.user?.id ?? '', params));
}
