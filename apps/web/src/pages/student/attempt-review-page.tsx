import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AttemptReview } from '@/features/assessments/components/attempt-review';

/** /student/attempts/:attemptId/review: the printable review of a submitted attempt. */
export function StudentAttemptReviewPage() {
  const { attemptId = '' } = useParams();
  return <AttemptReview key={attemptId} attemptId={attemptId} backHref={paths.student.attempt.href(attemptId)} />;
}
