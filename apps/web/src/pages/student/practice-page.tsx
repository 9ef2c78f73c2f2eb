import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { MistakePractice } from '@/features/assessments/components/mistake-practice';
import { usePageTitle } from '@/lib/use-page-title';

/** /student/practice: the mistake notebook's questions due now, re-asked without grades. */
export function StudentPracticePage() {
  usePageTitle('Practice');
  return (
    <>
      <PageHeader
        title="Practice"
        description="Questions you got wrong, asked again just before you would forget them. Nothing here is graded."
      />
      <MistakePractice dashboardHref={paths.student.dashboard.href()} />
    </>
  );
}
