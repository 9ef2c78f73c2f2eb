import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function StudentReviewsPage() {
  return (
    <ComingSoon
      title="Review list Courses"
      description="The reviews you write, with editing and deleting, will be listed here."
      action={{ label: 'Back to the dashboard', href: paths.student.dashboard.href() }}
    />
  );
}
