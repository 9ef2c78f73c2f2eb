import { lazy } from 'react';
import { AdminDashboardPage } from '@/pages/admin/dashboard-page';
import { RequireRole } from '../guards';
import type { AreaPages } from './area-pages';
import { RoleAreaLayout } from '../layouts/role-area-layout';

// Pages other than the landing are their own chunks, fetched when opened: the area's first screen needs only the
// dashboard (issue 15). The layout shows a loader while one arrives.
const AdminAccountDetailsPage = lazy(async () => ({
  default: (await import('@/pages/admin/account-details-page')).AdminAccountDetailsPage,
}));
const AdminAddCoursePage = lazy(async () => ({
  default: (await import('@/pages/admin/add-course-page')).AdminAddCoursePage,
}));
const AdminCoursesListPage = lazy(async () => ({
  default: (await import('@/pages/admin/courses-list-page')).AdminCoursesListPage,
}));
const AdminEditCoursePage = lazy(async () => ({
  default: (await import('@/pages/admin/edit-course-page')).AdminEditCoursePage,
}));
const AdminStudentListPage = lazy(async () => ({
  default: (await import('@/pages/admin/student-list-page')).AdminStudentListPage,
}));
const AdminTeacherListPage = lazy(async () => ({
  default: (await import('@/pages/admin/teacher-list-page')).AdminTeacherListPage,
}));
const AdminRostersPage = lazy(async () => ({
  default: (await import('@/pages/admin/rosters-page')).AdminRostersPage,
}));
const AdminIdentityProvidersPage = lazy(async () => ({
  default: (await import('@/pages/admin/identity-providers-page')).AdminIdentityProvidersPage,
}));

const AdminCurriculumPage = lazy(async () => ({
  default: (await import('@/pages/admin/curriculum-pages')).AdminCurriculumPage,
}));
const AdminLessonEditorPage = lazy(async () => ({
  default: (await import('@/pages/admin/curriculum-pages')).AdminLessonEditorPage,
}));
const AdminGradingPage = lazy(async () => ({
  default: (await import('@/pages/admin/grading-pages')).AdminGradingPage,
}));
const AdminGradebookPage = lazy(async () => ({
  default: (await import('@/pages/admin/grading-pages')).AdminGradebookPage,
}));
const AdminItemAnalysisPage = lazy(async () => ({
  default: (await import('@/pages/admin/grading-pages')).AdminItemAnalysisPage,
}));
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
  curriculum: AdminCurriculumPage,
  lessonEditor: AdminLessonEditorPage,
  studentList: AdminStudentListPage,
  teacherList: AdminTeacherListPage,
  rosters: AdminRostersPage,
  identityProviders: AdminIdentityProvidersPage,
  grading: AdminGradingPage,
  gradebook: AdminGradebookPage,
  itemAnalysis: AdminItemAnalysisPage,
} satisfies AreaPages<'admin'>;
