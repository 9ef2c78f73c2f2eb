import type { ProfileSessionResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useApplySession } from '../hooks/use-apply-session';

/** DELETE /api/me/image → back to the default picture; the profile and a fresh token. */
export function removeProfileImage(): Promise<ProfileSessionResponse> {
  return apiRequest<ProfileSessionResponse>('/api/me/image', { method: 'DELETE' });
}

export function useRemoveProfileImage() {
  const applySession = useApplySession();
  return useMutation({ mutationFn: removeProfileImage, onSuccess: applySession });
}
