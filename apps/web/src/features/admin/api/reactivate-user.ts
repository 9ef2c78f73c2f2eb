import type { AdminUser } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './query-keys';

/** POST /api/admin/users/:id/reactivate → the user, able to log in again. */
export function reactivateUser(id: string): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/reactivate`, {
    method: 'POST',
  });
}

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reactivateUser, onSuccess: () => invalidateAdmin(queryClient) });
}
