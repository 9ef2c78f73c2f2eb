import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAssessment } from '@/features/assessments/api/get-assessment';
import { AssessmentEditor } from '@/features/assessments/components/assessment-editor';

/** /teacher/courses/:id/assessments/:itemId: an assessment's questions, settings and publishing. */
export function TeacherEditAssessmentPage() {
  const { id = '', itemId = '' } = useParams();
  const assessment = useAssessment(id, itemId);
  return (
    <>
      <PageHeader
        title={assessment.data ? assessment.data.title : 'Assessment'}
        description="Pick its questions, set its rules, then publish it for the course’s students."
        actions={
          <Button
            component={Link}
            to={paths.teacher.assessments.href(id)}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Assessments
          </Button>
        }
      />
      <AssessmentEditor key={itemId} courseId={id} itemId={itemId} />
    </>
  );
}
