import type { SessionResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useApplySession } from '../hooks/use-apply-session';

/** POST /api/me/logout-everywhere → every token so far is revoked; the fresh one keeps this tab signed in. */
export function logoutEverywhere(): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/api/me/logout-everywhere', { method: 'POST' });
}

export function useLogoutEverywhere() {
  const applySession = useApplySession();
  return useMutation({ mutationFn: logoutEverywhere, onSuccess: applySession });
}
