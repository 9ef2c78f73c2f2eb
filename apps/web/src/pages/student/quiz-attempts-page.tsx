import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { MyAttempts } from '@/features/assessments/components/my-attempts';
import { assessmentsMessages as messages } from '@/features/assessments/messages';
import { useIntl } from '@/i18n/intl';

/** /student/quizAttempt (spec §2): the student's quiz and exam attempts across courses. */
export function StudentQuizAttemptsPage() {
  const t = useIntl().formatMessage;
  return (
    <>
      <PageHeader title={t(messages.myQuizAttempts)} description={t(messages.attemptsIntro)} />
      <MyAttempts
        attemptHref={paths.student.attempt.href}
        reviewHref={paths.student.attemptReview.href}
        courseHref={paths.courseDetails.href}
        coursesHref={paths.courses.href()}
      />
    </>
  );
}
