import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { MyAttempts } from '@/features/assessments/components/my-attempts';

/** /student/quizAttempt (spec §2): the student's quiz and exam attempts across courses. */
export function StudentQuizAttemptsPage() {
  return (
    <>
      <PageHeader title="My Quiz Attempts" description="Your quiz and exam attempts in every course, newest first." />
      <MyAttempts
        attemptHref={paths.student.attempt.href}
        reviewHref={paths.student.attemptReview.href}
        courseHref={paths.courseDetails.href}
        coursesHref={paths.courses.href()}
      />
    </>
  );
}
