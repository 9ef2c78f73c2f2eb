import type { Profile } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/me → the caller's profile; 401 when the token was revoked. */
export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/api/me', { signal });
}

export function meQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['me', userId], queryFn: ({ signal }) => getMe(signal) });
}

/** The caller's profile; pass null while logged out. */
export function useMe(userId: string | null) {
  return useQuery({ ...meQueryOptions(userId ?? ''), enabled: userId !== null });
}
