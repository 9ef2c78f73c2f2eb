import type { StudentDashboard } from '@lyceum/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/student/dashboard → the student's own counters. */
export function getStudentDashboard(signal?: AbortSignal): Promise<StudentDashboard> {
  return apiRequest<StudentDashboard>('/api/student/dashboard', { signal });
}

export const studentDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'student'], queryFn: ({ signal }) => getStudentDashboard(signal) });

export function useStudentDashboard() {
  return useQuery(studentDashboardQueryOptions());
}
