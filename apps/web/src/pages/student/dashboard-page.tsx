import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ShellUntilHydrated } from '@/components/shell-until-hydrated';
import { paths } from '@/config/paths';
import { ReviewToday } from '@/features/assessments/components/review-today';
import { InProgressCourses } from '@/features/courses/components/in-progress-courses';
import { studentDashboardQueryOptions } from '@/features/dashboard/api/get-student-dashboard';
import { StudentDashboardStats } from '@/features/dashboard/components/student-dashboard-stats';
import { StudentTodoList } from '@/features/todo/components/student-todo';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { useAuth } from '@/lib/auth/auth-context';
import { useHydrated } from '@/lib/use-hydrated';
import { studentMessages as messages } from './messages';

/** The student landing, led by the To do (issue 49); the server renders its shell without the user (ADR 014), the browser fills it in. */
export function StudentDashboardPage() {
  const { state } = useAuth();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const intl = useIntl();
  const user = hydrated ? state.user : null;
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.dashboardTitle)}
        description={
          <FormattedMessage
            {...messages.dashboardDescription}
            values={{ known: user ? 'yes' : 'no', firstname: <bdi dir="auto">{user?.firstname}</bdi> }}
          />
        }
      />
      <ShellUntilHydrated>
        <Stack gap={48}>
          {/* What to do now comes first (issue 49); the counters follow the courses in progress. */}
          <StudentTodoList />
          <ReviewToday practiceHref={paths.student.practice.href()} />
          <section aria-labelledby="in-progress-heading">
            <Group justify="space-between" align="flex-end" mb="md">
              <Title order={2} fz={22} id="in-progress-heading">
                {intl.formatMessage(messages.inProgressHeading)}
              </Title>
              <Anchor component={Link} to={paths.student.enrolledCourses.href()} fw={600}>
                {intl.formatMessage(messages.allEnrolledCourses)}
              </Anchor>
            </Group>
            <InProgressCourses
              onCompleted={() =>
                void queryClient.invalidateQueries({ queryKey: studentDashboardQueryOptions().queryKey })
              }
            />
          </section>
          <StudentDashboardStats />
        </Stack>
      </ShellUntilHydrated>
    </>
  );
}
