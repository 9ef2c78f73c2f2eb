import type { AdminUser } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './query-keys';

/** POST /api/admin/users/:id/suspend → the user, suspended (their sessions end). */
export function suspendUser(id: string): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/suspend`, { method: 'POST' });
}

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: suspendUser, onSuccess: () => invalidateAdmin(queryClient) });
}
