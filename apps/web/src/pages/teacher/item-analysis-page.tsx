import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ItemAnalysis } from '@/features/grading/components/item-analysis';
import { usePageTitle } from '@/lib/use-page-title';

/** /teacher/courses/:id/assessments/:itemId/analysis: how each question of an assessment performed. */
export function TeacherItemAnalysisPage() {
  const { id = '', itemId = '' } = useParams();
  usePageTitle('Item analysis');
  return (
    <>
      <PageHeader
        title="Item analysis"
        description="How hard each question was, whether it separates stronger from weaker students, and which choices were picked."
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.teacher.editAssessment.href(id, itemId)}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              Assessment
            </Button>
            <Button component={Link} to={paths.teacher.gradebook.href(id)} variant="default">
              Gradebook
            </Button>
          </Group>
        }
      />
      <ItemAnalysis key={itemId} courseId={id} itemId={itemId} />
    </>
  );
}
