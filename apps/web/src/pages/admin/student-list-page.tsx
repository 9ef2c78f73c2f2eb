import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function AdminStudentListPage() {
  return (
    <ComingSoon
      title="Student List"
      description="All student accounts, with search and suspension, will be listed here."
      action={{ label: 'Back to the dashboard', href: paths.admin.dashboard.href() }}
    />
  );
}
