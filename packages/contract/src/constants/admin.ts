/** The accounts an admin manages in the student and teacher lists (admins are managed with `admin:create`). */
export const MANAGED_ROLES = ['student', 'teacher'] as const;
export type ManagedRole = (typeof MANAGED_ROLES)[number];

/**
 * Orders of the admin user lists: by name, by sign-up date, or by activity — enrolments for students,
 * courses for teachers.
 */
export const ADMIN_USER_SORTS = ['name', 'joined', 'activity'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The order a sort takes when none is given: names A→Z, newest sign-ups and most active users first. */
export const DEFAULT_SORT_ORDER: Record<AdminUserSort, SortOrder> = { name: 'asc', joined: 'desc', activity: 'desc' };

/** Longest search text of the admin lists. */
export const ADMIN_SEARCH_MAX = 200;

/** How many of the latest enrolments, courses, reviews and forum posts the user details show (with totals). */
export const ADMIN_DETAILS_LIMIT = 10;

/** The dashboard chart covers this many days, today (UTC) included. */
export const DASHBOARD_SERIES_DAYS = 30;

/** How many courses "In Progress Courses" lists. */
export const IN_PROGRESS_COURSES_LIMIT = 5;

/** Server messages of the admin routes; the web app shows them as they are. */
export const ADMIN_MESSAGES = {
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  adminsNotManaged: 'Admin accounts cannot be changed here',
  teacherHasCourses: 'This teacher still has courses: move them to another teacher or delete them first',
  suspendedNoReset: 'This account is suspended: reactivate it before sending a password reset link',
  resetLinkSent: 'A password reset link has been sent',
  guardianRoleFixed: 'A guardian account keeps its role: it is linked to students as their guardian',
} as const;
