import type { LoginBody, LoginResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/time-zone';

/** POST /api/auth/login → token, role and the caller's profile. */
export function login(body: LoginBody): Promise<LoginResponse> {
  // The browser's zone: the account takes it when it has none (issue 46.9).
  return apiRequest<LoginResponse>('/api/auth/login', {
    method: 'POST',
    body: { ...body, timeZone: browserTimeZone() },
    auth: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
