import type { ChangePasswordBody, SessionResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useApplySession } from '../hooks/use-apply-session';

/** POST /api/me/password → a fresh token for this session; every other session ends. */
export function changePassword(body: ChangePasswordBody): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/api/me/password', { method: 'POST', body });
}

export function useChangePassword() {
  const applySession = useApplySession();
  return useMutation({ mutationFn: changePassword, onSuccess: applySession });
}
