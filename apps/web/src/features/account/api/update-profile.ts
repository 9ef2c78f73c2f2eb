import type { ProfileSessionResponse, UpdateProfileBody } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useApplySession } from '../hooks/use-apply-session';

/** PATCH /api/me with only the changed fields → the saved profile and a fresh token (409 for a taken e-mail or name). */
export function updateProfile(body: UpdateProfileBody): Promise<ProfileSessionResponse> {
  return apiRequest<ProfileSessionResponse>('/api/me', { method: 'PATCH', body });
}

export function useUpdateProfile() {
  const applySession = useApplySession();
  return useMutation({ mutationFn: updateProfile, onSuccess: applySession });
}
