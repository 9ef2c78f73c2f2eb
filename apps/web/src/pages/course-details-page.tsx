import { MESSAGES } from '@lyceum/contract/constants';
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { useParams } from 'react-router';
import { LoginRedirect } from '../components/login-redirect';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';
import { invalidateCourses } from '../features/courses/api/query-keys';
import { invalidateCurriculum } from '../features/curriculum/api/query-keys';
import { useCourseDuration } from '../features/curriculum/api/get-curriculum';
import { CourseDetailsSkeleton } from '../features/courses/components/course-details-skeleton';
import { studentDashboardQueryOptions } from '../features/dashboard/api/get-student-dashboard';
import { useAuth } from '../lib/auth/auth-context';

// Only a logged-in visitor sees the course (spec §6): a visitor without a session downloads none of it.
const CourseDetails = lazy(async () => ({
  default: (await import('../features/courses/components/course-details')).CourseDetails,
}));
const CourseCurriculum = lazy(async () => ({
  default: (await import('../features/curriculum/components/course-curriculum')).CourseCurriculum,
}));
// The Reviews tab's content, fetched when the tab is first opened.
const CourseReviewsPanel = lazy(async () => ({
  default: (await import('../features/reviews/components/course-reviews-panel')).CourseReviewsPanel,
}));

/**
 * /course-details/:id. Spec §2/§6: a visitor without a token is told to log in first and taken to login after a
 * second; login brings them back here.
 */
export function CourseDetailsPage() {
  const { id = '' } = useParams();
  const { state } = useAuth();
  const queryClient = useQueryClient();
  const role = state.user?.role ?? null;
  const duration = useCourseDuration(id, { enabled: state.isAuthenticated });

  // Enrolling or changing the wishlist changes the student's dashboard counters.
  // Enrolling also opens the course's lessons (the outline's locks).
  const onStudentChange = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey });
    void invalidateCurriculum(queryClient);
  }, [queryClient]);
  // A review written, edited or deleted changes the course's rating (header, cards) and the dashboard.
  const onReviewsChange = useCallback(() => {
    void invalidateCourses(queryClient);
    onStudentChange();
  }, [queryClient, onStudentChange]);

  return (
    <PageContainer>
      {state.isAuthenticated && state.user ? (
        <Suspense fallback={<CourseDetailsSkeleton />}>
          <CourseDetails
            key={id}
            courseId={id}
            role={role}
            editHref={role === 'admin' ? paths.admin.editCourse.href : paths.teacher.editCourse.href}
            curriculumHref={role === 'admin' ? paths.admin.curriculum.href : paths.teacher.curriculum.href}
            duration={duration}
            onStudentChange={onStudentChange}
            curriculum={
              <Suspense fallback={null}>
                <CourseCurriculum courseId={id} />
              </Suspense>
            }
            reviews={
              <Suspense fallback={<ReviewsLoading />}>
                <CourseReviewsPanel courseId={id} onReviewsChange={onReviewsChange} />
              </Suspense>
            }
          />
        </Suspense>
      ) : (
        <LoginRedirect message={MESSAGES.pleaseLoginFirst} title="Please log in first" />
      )}
    </PageContainer>
  );
}

function ReviewsLoading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
      <VisuallyHidden>Loading the reviews…</VisuallyHidden>
    </Center>
  );
}
