import { PageHeader } from '../../components/page-header';
import { TeacherDashboardStats } from '../../features/dashboard/components/teacher-dashboard-stats';
import { useAuth } from '../../lib/auth/auth-context';

export function TeacherDashboardPage() {
  const { state } = useAuth();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${state.user?.firstname ?? 'teacher'}. Here is how your courses are doing.`}
      />
      <TeacherDashboardStats />
    </>
  );
}
