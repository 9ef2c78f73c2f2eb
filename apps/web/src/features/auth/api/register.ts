import type { RegisterBody, RegisterResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/time-zone';

/** POST /api/auth/register → 201 with the new account's profile. */
export function register(body: RegisterBody) {
  // The browser's zone: dates in the new account's notifications and e-mails are written in it (issue 46.9).
  return apiRequest<RegisterResponse>('/api/auth/register', {
    method: 'POST',
    body: { ...body, timeZone: browserTimeZone() },
    auth: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
