import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function AdminAddCoursePage() {
  return (
    <ComingSoon
      title="Add Course"
      description="The course editor for administrators is coming soon."
      action={{ label: 'Back to the dashboard', href: paths.admin.dashboard.href() }}
    />
  );
}
