import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { TeacherAttemptView } from '@/features/assessments/components/teacher-attempt-view';

/** /teacher/courses/:id/assessments/:itemId/attempts/:attemptId: one student's attempt, graded in place. */
export function TeacherAttemptViewPage() {
  const { id = '', itemId = '', attemptId = '' } = useParams();
  return (
    <TeacherAttemptView
      key={attemptId}
      courseId={id}
      itemId={itemId}
      attemptId={attemptId}
      backHref={`${paths.teacher.editAssessment.href(id, itemId)}?tab=attempts`}
    />
  );
}
