import { lazy } from 'react';
import { TeacherDashboardPage } from '@/pages/teacher/dashboard-page';
import { RequireRole } from '../guards';
import type { AreaPages } from './area-pages';
import { RoleAreaLayout } from '../layouts/role-area-layout';

// Pages other than the landing are their own chunks, fetched when opened: the area's first screen needs only the
// dashboard (issue 15). The layout shows a loader while one arrives.
const TeacherAccountDetailsPage = lazy(async () => ({
  default: (await import('@/pages/teacher/account-details-page')).TeacherAccountDetailsPage,
}));
const TeacherAddCoursePage = lazy(async () => ({
  default: (await import('@/pages/teacher/add-course-page')).TeacherAddCoursePage,
}));
const TeacherCoursesListPage = lazy(async () => ({
  default: (await import('@/pages/teacher/courses-list-page')).TeacherCoursesListPage,
}));
const TeacherEditCoursePage = lazy(async () => ({
  default: (await import('@/pages/teacher/edit-course-page')).TeacherEditCoursePage,
}));
const TeacherQuestionAnswerPage = lazy(async () => ({
  default: (await import('@/pages/teacher/question-answer-page')).TeacherQuestionAnswerPage,
}));
const TeacherAssessmentsPage = lazy(async () => ({
  default: (await import('@/pages/teacher/assessments-page')).TeacherAssessmentsPage,
}));
const TeacherEditAssessmentPage = lazy(async () => ({
  default: (await import('@/pages/teacher/edit-assessment-page')).TeacherEditAssessmentPage,
}));
const TeacherAttemptViewPage = lazy(async () => ({
  default: (await import('@/pages/teacher/attempt-view-page')).TeacherAttemptViewPage,
}));
const TeacherQuestionBankPage = lazy(async () => ({
  default: (await import('@/pages/teacher/question-bank-page')).TeacherQuestionBankPage,
}));
const TeacherGradingPage = lazy(async () => ({
  default: (await import('@/pages/teacher/grading-page')).TeacherGradingPage,
}));
const TeacherGradingInboxPage = lazy(async () => ({
  default: (await import('@/pages/teacher/grading-page')).TeacherGradingInboxPage,
}));
const TeacherGradebookPage = lazy(async () => ({
  default: (await import('@/pages/teacher/gradebook-page')).TeacherGradebookPage,
}));
const TeacherRubricsPage = lazy(async () => ({
  default: (await import('@/pages/teacher/rubrics-pages')).TeacherRubricsPage,
}));
const TeacherRubricEditorPage = lazy(async () => ({
  default: (await import('@/pages/teacher/rubrics-pages')).TeacherRubricEditorPage,
}));
const TeacherItemAnalysisPage = lazy(async () => ({
  default: (await import('@/pages/teacher/item-analysis-page')).TeacherItemAnalysisPage,
}));
const TeacherCourseProgressPage = lazy(async () => ({
  default: (await import('@/pages/teacher/course-progress-page')).TeacherCourseProgressPage,
}));

const TeacherClassesPage = lazy(async () => ({
  default: (await import('@/pages/teacher/classes-page')).TeacherClassesPage,
}));
const TeacherClassPage = lazy(async () => ({
  default: (await import('@/pages/teacher/class-page')).TeacherClassPage,
}));

const TeacherCurriculumPage = lazy(async () => ({
  default: (await import('@/pages/teacher/curriculum-pages')).TeacherCurriculumPage,
}));
const TeacherLessonEditorPage = lazy(async () => ({
  default: (await import('@/pages/teacher/curriculum-pages')).TeacherLessonEditorPage,
}));
const TeacherCalendarPage = lazy(async () => ({
  default: (await import('@/pages/teacher/calendar-page')).TeacherCalendarPage,
}));

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
  curriculum: TeacherCurriculumPage,
  lessonEditor: TeacherLessonEditorPage,
  questionBank: TeacherQuestionBankPage,
  gradingInbox: TeacherGradingInboxPage,
  grading: TeacherGradingPage,
  gradebook: TeacherGradebookPage,
  rubrics: TeacherRubricsPage,
  rubricEditor: TeacherRubricEditorPage,
  itemAnalysis: TeacherItemAnalysisPage,
  courseProgress: TeacherCourseProgressPage,
  assessments: TeacherAssessmentsPage,
  editAssessment: TeacherEditAssessmentPage,
  attemptView: TeacherAttemptViewPage,
  accountDetails: TeacherAccountDetailsPage,
  questionAnswer: TeacherQuestionAnswerPage,
  classes: TeacherClassesPage,
  classDetails: TeacherClassPage,
  calendar: TeacherCalendarPage,
} satisfies AreaPages<'teacher'>;
