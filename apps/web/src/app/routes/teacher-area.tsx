import { TeacherAccountDetailsPage } from '../../pages/teacher/account-details-page';
import { TeacherAddCoursePage } from '../../pages/teacher/add-course-page';
import { TeacherCoursesListPage } from '../../pages/teacher/courses-list-page';
import { TeacherDashboardPage } from '../../pages/teacher/dashboard-page';
import { TeacherEditCoursePage } from '../../pages/teacher/edit-course-page';
import { TeacherQuestionAnswerPage } from '../../pages/teacher/question-answer-page';
import { TeacherQuestionBankPage } from '../../pages/teacher/question-bank-page';
import { RequireRole } from '../guards';
import type { AreaPages } from './area-pages';
import { RoleAreaLayout } from '../layouts/role-area-layout';

/** The teacher area's chunk: loaded on the first visit to /teacher. */
export function Area() {
  return (
    <RequireRole role="teacher">
      <RoleAreaLayout role="teacher" />
    </RequireRole>
  );
}

export const pages = {
  dashboard: TeacherDashboardPage,
  coursesList: TeacherCoursesListPage,
  addCourse: TeacherAddCoursePage,
  editCourse: TeacherEditCoursePage,
  questionBank: TeacherQuestionBankPage,
  accountDetails: TeacherAccountDetailsPage,
  questionAnswer: TeacherQuestionAnswerPage,
} satisfies AreaPages<'teacher'>;
