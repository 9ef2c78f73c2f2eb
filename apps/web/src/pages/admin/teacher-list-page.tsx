import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function AdminTeacherListPage() {
  return (
    <ComingSoon
      title="Teacher List"
      description="All teacher accounts, with search and suspension, will be listed here."
      action={{ label: 'Back to the dashboard', href: paths.admin.dashboard.href() }}
    />
  );
}
