import type { AdminUser, ManagedRole } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './query-keys';

/** POST /api/admin/users/:id/role → the user in their new role (their sessions end). */
export function changeUserRole({ id, role }: { id: string; role: ManagedRole }): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/role`, {
    method: 'POST',
    body: { role },
  });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeUserRole, onSuccess: () => invalidateAdmin(queryClient) });
}
