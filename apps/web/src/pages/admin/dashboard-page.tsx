import { Grid, Paper, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/page-header';
import { AdminDashboardStats } from '../../features/dashboard/components/admin-dashboard-stats';
import { AdminInProgressCourses } from '../../features/dashboard/components/admin-in-progress-courses';
import { useAuth } from '../../lib/auth/auth-context';

// The chart library is the largest part of the admin area: only the dashboard loads it.
const AdminActivityChart = lazy(() =>
  import('../../features/dashboard/components/admin-activity-chart').then((module) => ({
    default: module.AdminActivityChart,
  })),
);

export function AdminDashboardPage() {
  const { state } = useAuth();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${state.user?.firstname ?? 'admin'}. Here is Lyceum at a glance.`}
      />
      <Stack gap={32}>
        <AdminDashboardStats />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Suspense
              fallback={
                <Paper withBorder radius="lg" p="lg" aria-hidden>
                  <Skeleton height={320} radius="md" />
                </Paper>
              }
            >
              <AdminActivityChart />
            </Suspense>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <AdminInProgressCourses />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
