import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AssessmentStart } from '@/features/assessments/components/assessment-start';

/** /student/courses/:courseId/assessments/:itemId: an assessment's start page. */
export function StudentAssessmentPage() {
  const { courseId = '', itemId = '' } = useParams();
  return (
    <AssessmentStart
      courseId={courseId}
      itemId={itemId}
      attemptHref={paths.student.attempt.href}
      courseHref={paths.courseDetails.href(courseId)}
    />
  );
}
