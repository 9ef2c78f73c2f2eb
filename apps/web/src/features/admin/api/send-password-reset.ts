import type { MessageResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/admin/users/:id/password-reset → the user gets a reset link by e-mail. */
export function sendPasswordReset(id: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/api/admin/users/${encodeURIComponent(id)}/password-reset`, {
    method: 'POST',
  });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
