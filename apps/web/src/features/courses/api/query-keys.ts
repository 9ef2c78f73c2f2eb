import type { CourseSort, CourseStatus, EnrolmentStatus } from '@lyceum/contract';
import type { QueryClient } from '@tanstack/react-query';

/** What the catalogue is asked for; absent filters are left out so equal lists share one cache entry. */
export interface CatalogueParams {
  q?: string;
  category?: string;
  sort?: CourseSort;
  page: number;
  pageSize: number;
}

/** What the admin's course table is asked for. */
export interface AdminCourseParams {
  q?: string;
  status?: CourseStatus;
  category?: string;
  page: number;
}

export type EnrolmentFilter = 'all' | EnrolmentStatus;

/**
 * Every course query lives under `['courses']`, so a write can mark all of them stale at once.
 * Answers that depend on who asks (drafts, the caller's wishlist, "recommended for you") carry the viewer's id.
 */
export const courseKeys = {
  all: ['courses'] as const,
  catalogue: (params: CatalogueParams) => [...courseKeys.all, 'catalogue', params] as const,
  shelf: (kind: 'recommended' | 'featured', viewerId: string | null, limit: number) =>
    [...courseKeys.all, 'shelf', kind, viewerId, limit] as const,
  popular: (days: number, limit: number) => [...courseKeys.all, 'popular', days, limit] as const,
  inCategories: (categories: readonly string[], sort: CourseSort, limit: number) =>
    [...courseKeys.all, 'in-categories', categories, sort, limit] as const,
  detail: (id: string, viewerId: string | null) => [...courseKeys.all, 'detail', id, viewerId] as const,
  viewer: (id: string, viewerId: string) => [...courseKeys.all, 'viewer', id, viewerId] as const,
  teacher: (viewerId: string, status: CourseStatus | 'all', page: number, pageSize: number) =>
    [...courseKeys.all, 'teacher', viewerId, status, page, pageSize] as const,
  admin: (params: AdminCourseParams) => [...courseKeys.all, 'admin', params] as const,
  teachers: (q: string) => [...courseKeys.all, 'teachers', q] as const,
  wishlist: (viewerId: string, page: number) => [...courseKeys.all, 'wishlist', viewerId, page] as const,
  enrolments: (viewerId: string, status: EnrolmentFilter, page: number, pageSize: number) =>
    [...courseKeys.all, 'enrolments', viewerId, status, page, pageSize] as const,
};

/**
 * After a write: every course list, shelf, detail and viewer state is stale. Writes start the refetch without
 * waiting for it, so the caller's own callbacks (a toast) run before the refetched list unmounts the card whose
 * button started the write — TanStack Query drops `mutate` callbacks of an unmounted component.
 */
export function invalidateCourses(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: courseKeys.all });
}

/** `?a=1&b=2` from the values that are set; '' when none is. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
