import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { ReviewToday } from '../../features/assessments/components/review-today';
import { InProgressCourses } from '../../features/courses/components/in-progress-courses';
import { studentDashboardQueryOptions } from '../../features/dashboard/api/get-student-dashboard';
import { StudentDashboardStats } from '../../features/dashboard/components/student-dashboard-stats';
import { useAuth } from '../../lib/auth/auth-context';

export function StudentDashboardPage() {
  const { state } = useAuth();
  const queryClient = useQueryClient();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${state.user?.firstname ?? 'student'}. Here is how your learning is going.`}
      />
      <Stack gap={48}>
        <StudentDashboardStats />
        <ReviewToday practiceHref={paths.student.practice.href()} />
        <section aria-labelledby="in-progress-heading">
          <Group justify="space-between" align="flex-end" mb="md">
            <Title order={2} fz={22} id="in-progress-heading">
              In Progress Courses
            </Title>
            <Anchor component={Link} to={paths.student.enrolledCourses.href()} fw={600}>
              All enrolled courses
            </Anchor>
          </Group>
          <InProgressCourses
            onCompleted={() =>
              void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey })
            }
          />
        </section>
      </Stack>
    </>
  );
}
