import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function TeacherQuestionAnswerPage() {
  return (
    <ComingSoon
      title="Questions & Answer"
      description="The questions you ask and the answers you give in the forum will be gathered here."
      action={{ label: 'Back to the dashboard', href: paths.teacher.dashboard.href() }}
    />
  );
}
