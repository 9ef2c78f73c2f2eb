import { RegisterResponseSchema, type RegisterBody } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/register → 201 with the new account's profile. */
export function register(body: RegisterBody) {
  return apiRequest('/api/auth/register', { method: 'POST', body, schema: RegisterResponseSchema, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
