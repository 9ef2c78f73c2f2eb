import type { MessageResponse } from '@lyceum/contract';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout → the server ends the session of `token`: a copy of it no longer works anywhere. */
export function logout(token: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/logout', { method: 'POST', token });
}
