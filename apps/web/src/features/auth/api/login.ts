import { LoginResponseSchema, type LoginBody, type LoginResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/login → token, role and the caller's profile. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest('/api/auth/login', { method: 'POST', body, schema: LoginResponseSchema, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
