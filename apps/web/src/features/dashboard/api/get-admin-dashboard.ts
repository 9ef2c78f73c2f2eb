import type { AdminDashboard } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/admin/dashboard → platform-wide counters. */
export function getAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return apiRequest<AdminDashboard>('/api/admin/dashboard', { signal });
}

export const adminDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'admin'], queryFn: ({ signal }) => getAdminDashboard(signal) });

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
