import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function AdminAccountDetailsPage() {
  return (
    <ComingSoon
      title="My Account"
      description="Editing your profile and contact details is coming soon."
      action={{ label: 'Back to the dashboard', href: paths.admin.dashboard.href() }}
    />
  );
}
