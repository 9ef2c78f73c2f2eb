import type { QueryClient } from '@tanstack/react-query';
import { isAreaRole, paths, type AreaRole } from '../config/paths';
import { mistakeSummaryQueryOptions } from '../features/assessments/api/mistake-practice';
import { meQueryOptions } from '../features/auth/api/get-me';
import { enrolmentsQueryOptions } from '../features/courses/api/get-enrolments';
import { teacherCoursesQueryOptions } from '../features/courses/api/get-teacher-courses';
import { adminDashboardQueryOptions } from '../features/dashboard/api/get-admin-dashboard';
import { studentDashboardQueryOptions } from '../features/dashboard/api/get-student-dashboard';
import { teacherDashboardQueryOptions } from '../features/dashboard/api/get-teacher-dashboard';
import { guardianChildrenQueryOptions } from '../features/guardians/api/guardians';
import { decodeSessionToken, getStoredToken } from '../lib/auth/token';

/** The dashboards' course lists show this many (InProgressCourses', RecentTeacherCourses' default limit). */
const LANDING_LIST_SIZE = 3;

/** Starts what each role's landing (its dashboard) asks the API for on its first screen: its components' keys. */
const LANDING_QUERIES: Record<AreaRole, (client: QueryClient, viewerId: string) => Promise<void>[]> = {
  student: (client, viewerId) => [
    client.prefetchQuery(studentDashboardQueryOptions()),
    client.prefetchQuery(enrolmentsQueryOptions(viewerId, { status: 'active', page: 1, pageSize: LANDING_LIST_SIZE })),
    client.prefetchQuery(mistakeSummaryQueryOptions(viewerId)),
  ],
  teacher: (client, viewerId) => [
    client.prefetchQuery(teacherDashboardQueryOptions()),
    client.prefetchQuery(teacherCoursesQueryOptions(viewerId, { page: 1, pageSize: LANDING_LIST_SIZE })),
  ],
  admin: (client) => [client.prefetchQuery(adminDashboardQueryOptions())],
  guardian: (client) => [client.prefetchQuery(guardianChildrenQueryOptions())],
};

function isLandingOf(role: AreaRole, pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return normalized === paths[role].root.href() || normalized === paths[role].dashboard.href();
}

/**
 * Starts the data requests of a role landing before React renders (issue 15): a stored session opening its own
 * area's landing fetches the dashboard, its lists and the session check while the area's code is still arriving,
 * instead of after the first render. Any other page, or no session, starts nothing.
 */
export function startLandingQueries(queryClient: QueryClient, pathname: string): void {
  const token = getStoredToken();
  const payload = token ? decodeSessionToken(token) : null;
  const role = payload?.user.role;
  if (!payload || !role || !isAreaRole(role) || !isLandingOf(role, pathname)) return;
  const { id } = payload.user;
  // A failure is the components' to show: they find the query in its error state and fetch it again on mount.
  void Promise.all([queryClient.prefetchQuery(meQueryOptions(id)), ...LANDING_QUERIES[role](queryClient, id)]);
}
