import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function StudentAccountDetailsPage() {
  return (
    <ComingSoon
      title="My Account"
      description="Editing your profile, contact details, online presence and profile picture is coming soon."
      action={{ label: 'Back to the dashboard', href: paths.student.dashboard.href() }}
    />
  );
}
