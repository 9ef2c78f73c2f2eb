import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { MistakePractice } from '@/features/assessments/components/mistake-practice';
import { usePageTitle } from '@/lib/use-page-title';
import { assessmentsMessages as messages } from '@/features/assessments/messages';
import { useIntl } from '@/i18n/intl';

/** /student/practice: the mistake notebook's questions due now, re-asked without grades. */
export function StudentPracticePage() {
  const t = useIntl().formatMessage;
  usePageTitle(t(messages.practice));
  return (
    <>
      <PageHeader title={t(messages.practice)} description={t(messages.practiceIntro)} />
      <MistakePractice dashboardHref={paths.student.dashboard.href()} />
    </>
  );
}
