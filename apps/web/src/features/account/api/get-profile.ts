import type { Profile } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /api/me → the caller's own profile (spec §3 fields, never the password). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/api/me', { signal });
}

export function profileQueryOptions(userId: string) {
  return queryOptions({ queryKey: accountKeys.profile(userId), queryFn: ({ signal }) => getProfile(signal) });
}

/** The signed-in user's profile. */
export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}
