import { AdminUserSchema, type AdminUser, type ManagedRole } from '@lyceum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAdmin } from './query-keys';

/** POST /api/admin/users/:id/role → the user in their new role (their sessions end). */
export function changeUserRole({ id, role }: { id: string; role: ManagedRole }): Promise<AdminUser> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}/role`, {
    method: 'POST',
    body: { role },
    schema: AdminUserSchema,
  });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeUserRole, onSuccess: () => invalidateAdmin(queryClient) });
}
