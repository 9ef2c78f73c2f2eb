import { StudentAccountDetailsPage } from '../../pages/student/account-details-page';
import { StudentDashboardPage } from '../../pages/student/dashboard-page';
import { StudentEnrolledCoursesPage } from '../../pages/student/enrolled-courses-page';
import { StudentQuestionAnswerPage } from '../../pages/student/question-answer-page';
import { StudentQuizAttemptsPage } from '../../pages/student/quiz-attempts-page';
import { StudentReviewsPage } from '../../pages/student/reviews-page';
import { StudentWishlistPage } from '../../pages/student/wishlist-page';
import { RequireRole } from '../guards';
import type { AreaPages } from './area-pages';
import { RoleAreaLayout } from '../layouts/role-area-layout';

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
} satisfies AreaPages<'student'>;
