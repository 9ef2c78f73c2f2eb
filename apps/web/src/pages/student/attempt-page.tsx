import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AttemptPage } from '@/features/assessments/components/attempt-page';

/** /student/attempts/:attemptId: taking an attempt, or its receipt once submitted. */
export function StudentAttemptPage() {
  const { attemptId = '' } = useParams();
  return (
    <AttemptPage
      key={attemptId}
      attemptId={attemptId}
      attemptsHref={paths.student.quizAttempt.href()}
      startHref={paths.student.assessment.href}
      reviewHref={paths.student.attemptReview.href}
    />
  );
}
