import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { RecentTeacherCourses } from '../../features/courses/components/recent-teacher-courses';
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
      <Stack gap={48}>
        <TeacherDashboardStats />
        <section aria-labelledby="recent-courses-heading">
          <Group justify="space-between" align="flex-end" mb="md">
            <Title order={2} fz={22} id="recent-courses-heading">
              Recent courses
            </Title>
            <Anchor component={Link} to={paths.teacher.coursesList.href()} fw={600}>
              All my courses
            </Anchor>
          </Group>
          <RecentTeacherCourses />
        </section>
      </Stack>
    </>
  );
}
