import { PageHeader } from '../../components/page-header';
import { StudentDashboardStats } from '../../features/dashboard/components/student-dashboard-stats';
import { useAuth } from '../../lib/auth/auth-context';

export function StudentDashboardPage() {
  const { state } = useAuth();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${state.user?.firstname ?? 'student'}. Here is how your learning is going.`}
      />
      <StudentDashboardStats />
    </>
  );
}
