import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ItemAnalysis } from '@/features/grading/components/item-analysis';
import { usePageTitle } from '@/lib/use-page-title';
import { gradingMessages as messages } from '@/features/grading/messages';
import { useIntl } from '@/i18n/intl';

/** /teacher/courses/:id/assessments/:itemId/analysis: how each question of an assessment performed. */
export function TeacherItemAnalysisPage() {
  const { id = '', itemId = '' } = useParams();
  const t = useIntl().formatMessage;
  usePageTitle(t(messages.itemAnalysis));
  return (
    <>
      <PageHeader
        title={t(messages.itemAnalysis)}
        description={t(messages.itemAnalysisIntro)}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.teacher.editAssessment.href(id, itemId)}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {t(messages.assessmentLink)}
            </Button>
            <Button component={Link} to={paths.teacher.gradebook.href(id)} variant="default">
              {t(messages.gradebook)}
            </Button>
          </Group>
        }
      />
      <ItemAnalysis key={itemId} courseId={id} itemId={itemId} />
    </>
  );
}
