import { MESSAGES } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { LoginRedirect } from '../components/login-redirect';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';
import { invalidateCourses } from '../features/courses/api/query-keys';
import { CourseDetails } from '../features/courses/components/course-details';
import { studentDashboardQueryOptions } from '../features/dashboard/api/get-student-dashboard';
import { CourseReviewsPanel } from '../features/reviews/components/course-reviews-panel';
import { useAuth } from '../lib/auth/auth-context';

/**
 * /course-details/:id. Spec §2/§6: a visitor without a token is told to log in first and taken to login after a
 * second; login brings them back here.
 */
export function CourseDetailsPage() {
  const { id = '' } = useParams();
  const { state } = useAuth();
  const queryClient = useQueryClient();
  const role = state.user?.role ?? null;

  // Enrolling or changing the wishlist changes the student's dashboard counters.
  const onStudentChange = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey }),
    [queryClient],
  );
  // A review written, edited or deleted changes the course's rating (header, cards) and the dashboard.
  const onReviewsChange = useCallback(() => {
    void invalidateCourses(queryClient);
    onStudentChange();
  }, [queryClient, onStudentChange]);

  return (
    <PageContainer>
      {state.isAuthenticated && state.user ? (
        <CourseDetails
          key={id}
          courseId={id}
          role={role}
          editHref={role === 'admin' ? paths.admin.editCourse.href : paths.teacher.editCourse.href}
          onStudentChange={onStudentChange}
          reviews={<CourseReviewsPanel courseId={id} onReviewsChange={onReviewsChange} />}
        />
      ) : (
        <LoginRedirect message={MESSAGES.pleaseLoginFirst} title="Please log in first" />
      )}
    </PageContainer>
  );
}
