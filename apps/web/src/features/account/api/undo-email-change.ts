import type { MessageResponse, UndoEmailChangeBody } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/undo-email-change with the token of the link mailed to the old address. */
export function undoEmailChange(body: UndoEmailChangeBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/undo-email-change', { method: 'POST', body, auth: false });
}

export function useUndoEmailChange() {
  return useMutation({ mutationFn: undoEmailChange });
}
