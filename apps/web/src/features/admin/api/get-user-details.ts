import type { AdminUserDetails } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/users/:id → profile, enrolments or courses, reviews and forum activity. */
export function getUserDetails(id: string, signal?: AbortSignal): Promise<AdminUserDetails> {
  return apiRequest<AdminUserDetails>(`/api/admin/users/${encodeURIComponent(id)}`, { signal });
}

export const userDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.details(id), queryFn: ({ signal }) => getUserDetails(id, signal) });

/** The details of the user whose drawer is open; nothing is fetched while `id` is null. */
export function useUserDetails(id: string | null) {
  return useQuery({ ...userDetailsQueryOptions(id ?? ''), enabled: id !== null });
}
