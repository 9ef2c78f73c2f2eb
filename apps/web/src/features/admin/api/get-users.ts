import type { AdminUserPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, queryString, type UserListParams } from './query-keys';

/** Rows per page of the student and teacher tables. */
export const USERS_PAGE_SIZE = 20;

/** GET /api/admin/users → one page of students or teachers. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<AdminUserPage> {
  return apiRequest<AdminUserPage>(`/api/admin/users${queryString({ ...params, pageSize: USERS_PAGE_SIZE })}`, {
    signal,
  });
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: adminKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // The table keeps showing the previous page while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
