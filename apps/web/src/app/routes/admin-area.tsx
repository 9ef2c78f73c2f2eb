import { AdminAccountDetailsPage } from '../../pages/admin/account-details-page';
import { AdminAddCoursePage } from '../../pages/admin/add-course-page';
import { AdminCoursesListPage } from '../../pages/admin/courses-list-page';
import { AdminDashboardPage } from '../../pages/admin/dashboard-page';
import { AdminEditCoursePage } from '../../pages/admin/edit-course-page';
import { AdminStudentListPage } from '../../pages/admin/student-list-page';
import { AdminTeacherListPage } from '../../pages/admin/teacher-list-page';
import { RequireRole } from '../guards';
import type { AreaPages } from './area-pages';
import { RoleAreaLayout } from '../layouts/role-area-layout';

/** The admin area's chunk: loaded on the first visit to /admin. */
export function Area() {
  return (
    <RequireRole role="admin">
      <RoleAreaLayout role="admin" />
    </RequireRole>
  );
}

export const pages = {
  dashboard: AdminDashboardPage,
  accountDetails: AdminAccountDetailsPage,
  coursesList: AdminCoursesListPage,
  addCourse: AdminAddCoursePage,
  editCourse: AdminEditCoursePage,
  studentList: AdminStudentListPage,
  teacherList: AdminTeacherListPage,
} satisfies AreaPages<'admin'>;
