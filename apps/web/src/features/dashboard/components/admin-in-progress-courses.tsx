import { Anchor, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { useIntl } from '@/i18n/intl';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { dashboardMessages as messages } from '../messages';

/** "In Progress Courses" for admins: the courses with the most active enrolments, busiest first. */
export function AdminInProgressCourses() {
  const intl = useIntl();
  const query = useAdminDashboard();
  const titleId = useId();

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="md" aria-hidden>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={52} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <LoadError
        title={intl.formatMessage(messages.coursesFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  } else if (query.data.inProgressCourses.length === 0) {
    body = (
      <EmptySection message={intl.formatMessage(messages.noActiveCourses)} icon={<IconBook2 size={28} aria-hidden />} />
    );
  } else {
    const courses = query.data.inProgressCourses;
    const busiest = Math.max(...courses.map((course) => course.activeEnrolments));
    body = (
      <Stack component="ol" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
        {courses.map((course) => (
          <li key={course.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={paths.courseDetails.href(course.id)} fw={600} lineClamp={1} dir="auto">
                  {course.title}
                </Anchor>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {course.category} · {course.teacher.firstname} {course.teacher.lastname}
                </Text>
              </div>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {intl.formatMessage(messages.activeCount, { count: course.activeEnrolments })}
              </Text>
            </Group>
            <Progress
              mt={8}
              value={(course.activeEnrolments / busiest) * 100}
              size="sm"
              radius="xl"
              aria-label={intl.formatMessage(messages.courseEnrolments, {
                title: course.title,
                active: course.activeEnrolments,
                completed: course.completedEnrolments,
              })}
            />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz={20} id={titleId}>
        {intl.formatMessage(messages.inProgressTitle)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {intl.formatMessage(messages.inProgressSubtitle)}
      </Text>
      {body}
    </Paper>
  );
}
