import type { TeacherDashboard } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/teacher/dashboard → counters over the teacher's own courses. */
export function getTeacherDashboard(signal?: AbortSignal): Promise<TeacherDashboard> {
  return apiRequest<TeacherDashboard>('/api/teacher/dashboard', { signal });
}

export const teacherDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'teacher'], queryFn: ({ signal }) => getTeacherDashboard(signal) });

export function useTeacherDashboard() {
  return useQuery(teacherDashboardQueryOptions());
}
