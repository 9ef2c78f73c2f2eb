import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function AdminCoursesListPage() {
  return (
    <ComingSoon
      title="Courses"
      description="All courses on Lyceum, published and draft, will be listed here."
      action={{ label: 'Back to the dashboard', href: paths.admin.dashboard.href() }}
    />
  );
}
