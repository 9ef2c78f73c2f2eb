import { PageHeader } from '../../components/page-header';
import { AdminDashboardStats } from '../../features/dashboard/components/admin-dashboard-stats';
import { useAuth } from '../../lib/auth/auth-context';

export function AdminDashboardPage() {
  const { state } = useAuth();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${state.user?.firstname ?? 'admin'}. Here is Lyceum at a glance.`}
      />
      <AdminDashboardStats />
    </>
  );
}
