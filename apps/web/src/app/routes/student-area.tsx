import { lazy } from 'react';
import { StudentDashboardPage } from '@/pages/student/dashboard-page';
import { RequireRole } from '../guards';
import type { AreaPages } from './area-pages';
import { RoleAreaLayout } from '../layouts/role-area-layout';

// Pages other than the landing are their own chunks, fetched when opened: the area's first screen needs only the
// dashboard (issue 15). The layout shows a loader while one arrives.
const StudentAccountDetailsPage = lazy(async () => ({
  default: (await import('@/pages/student/account-details-page')).StudentAccountDetailsPage,
}));
const StudentEnrolledCoursesPage = lazy(async () => ({
  default: (await import('@/pages/student/enrolled-courses-page')).StudentEnrolledCoursesPage,
}));
const StudentQuestionAnswerPage = lazy(async () => ({
  default: (await import('@/pages/student/question-answer-page')).StudentQuestionAnswerPage,
}));
const StudentQuizAttemptsPage = lazy(async () => ({
  default: (await import('@/pages/student/quiz-attempts-page')).StudentQuizAttemptsPage,
}));
const StudentAssessmentPage = lazy(async () => ({
  default: (await import('@/pages/student/assessment-page')).StudentAssessmentPage,
}));
const StudentAttemptPage = lazy(async () => ({
  default: (await import('@/pages/student/attempt-page')).StudentAttemptPage,
}));
const StudentReviewsPage = lazy(async () => ({
  default: (await import('@/pages/student/reviews-page')).StudentReviewsPage,
}));
const StudentWishlistPage = lazy(async () => ({
  default: (await import('@/pages/student/wishlist-page')).StudentWishlistPage,
}));

const StudentClassesPage = lazy(async () => ({
  default: (await import('@/pages/student/classes-page')).StudentClassesPage,
}));
const StudentClassPage = lazy(async () => ({
  default: (await import('@/pages/student/class-page')).StudentClassPage,
}));

const StudentAttemptReviewPage = lazy(async () => ({
  default: (await import('@/pages/student/attempt-review-page')).StudentAttemptReviewPage,
}));
const StudentCourseGradesPage = lazy(async () => ({
  default: (await import('@/pages/student/course-grades-page')).StudentCourseGradesPage,
}));
const StudentPracticePage = lazy(async () => ({
  default: (await import('@/pages/student/practice-page')).StudentPracticePage,
}));

const StudentCalendarPage = lazy(async () => ({
  default: (await import('@/pages/student/calendar-page')).StudentCalendarPage,
}));

/** The student area's chunk: loaded on the first visit to /student. */
export function Area() {
  return (
    <RequireRole role="student">
      <RoleAreaLayout role="student" />
    </RequireRole>
  );
}

export const pages = {
  dashboard: StudentDashboardPage,
  enrolledCourses: StudentEnrolledCoursesPage,
  accountDetails: StudentAccountDetailsPage,
  wishlist: StudentWishlistPage,
  reviews: StudentReviewsPage,
  quizAttempt: StudentQuizAttemptsPage,
  questionAnswer: StudentQuestionAnswerPage,
  classes: StudentClassesPage,
  classDetails: StudentClassPage,
  calendar: StudentCalendarPage,
  assessment: StudentAssessmentPage,
  attempt: StudentAttemptPage,
  attemptReview: StudentAttemptReviewPage,
  courseGrades: StudentCourseGradesPage,
  practice: StudentPracticePage,
} satisfies AreaPages<'student'>;
