import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ShellUntilHydrated } from '@/components/shell-until-hydrated';
import { paths } from '@/config/paths';
import { RecentTeacherCourses } from '@/features/courses/components/recent-teacher-courses';
import { TeacherDashboardStats } from '@/features/dashboard/components/teacher-dashboard-stats';
import { TeacherHomeSections } from '@/features/teacher-home/components/teacher-home';
import { useAuth } from '@/lib/auth/auth-context';
import { useHydrated } from '@/lib/use-hydrated';
import { welcomeBack } from '@/lib/welcome-back';

/** The teacher landing, led by what needs the teacher (issue 49); the server renders its shell without the user (ADR 014), the browser fills it in. */
export function TeacherDashboardPage() {
  const { state } = useAuth();
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`${welcomeBack(hydrated ? state.user : null)} Here is how your courses are doing.`}
      />
      <ShellUntilHydrated>
        <Stack gap={48}>
          {/* What needs the teacher comes first (issue 49); the counters and recent courses follow. */}
          <TeacherHomeSections />
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
      </ShellUntilHydrated>
    </>
  );
}
