import type { RegisterBody, RegisterResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/register → 201 with the new account's profile. */
export function register(body: RegisterBody) {
  return apiRequest<RegisterResponse>('/api/auth/register', { method: 'POST', body, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
