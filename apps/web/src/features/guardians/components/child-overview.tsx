import type { GuardianChild, GuardianChildOverview, StudentTodoItem } from '@lyceum/contract';
import { formatDateTime } from '@lyceum/contract/constants';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useIntl } from '@/i18n/intl';
import { ApiError } from '@/lib/api-client';
import { useTimeZone } from '@/lib/use-time-zone';
import { useChildOverview } from '../api/guardians';
import { guardiansMessages as m } from '../messages';
import { ChildAnnouncements, ChildAttendance, ChildGrades } from './child-record';

type Todo = GuardianChildOverview['todo'];
type SectionName = 'overdue' | 'today' | 'week';
const SECTIONS: readonly SectionName[] = ['overdue', 'today', 'week'];
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

const fullName = (child: Pick<GuardianChild, 'firstname' | 'lastname'>) => `${child.firstname} ${child.lastname}`;

/** One piece of work due, as the guardian reads it: no link into the child's own pages (read-only). */
function WorkRow({ item, timeZone }: { item: StudentTodoItem; timeZone: string }) {
  const intl = useIntl();
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {intl.formatMessage(m.kind, { kind: item.kind })}
          </Text>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            <bdi dir="auto">{item.title}</bdi>
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <bdi dir="auto">{item.className ?? ''}</bdi>
            {item.className ? ' · ' : null}
            <bdi dir="auto">{item.courseName}</bdi>
          </Text>
          {item.dueAt ? (
            <Text size="sm" fw={item.late ? 700 : 400} c={item.late ? 'red.9' : undefined}>
              {intl.formatMessage(m.dueAt, {
                late: item.late ? 'yes' : 'no',
                date: formatDateTime(item.dueAt, { style: 'weekday', timeZone }),
              })}
            </Text>
          ) : null}
        </Stack>
        {item.late ? (
          <Badge color="red.9" variant="filled" autoContrast>
            {intl.formatMessage(m.late)}
          </Badge>
        ) : null}
      </Group>
    </Paper>
  );
}

/** The child's overdue, today and this week's work, each a titled list; one line when nothing is due. */
export function ChildWork({ todo }: { todo: Todo }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const shown = SECTIONS.filter((name) => todo[name].items.length > 0);
  return (
    <section aria-labelledby="child-work-heading">
      <Title order={2} fz={22} id="child-work-heading" mb="md">
        {intl.formatMessage(m.workDue)}
      </Title>
      {shown.length === 0 ? <Text c="dimmed">{intl.formatMessage(m.nothingDue)}</Text> : null}
      <Stack gap="lg">
        {shown.map((name) => (
          <section key={name} aria-labelledby={`child-${name}-heading`}>
            <Title order={3} fz="lg" id={`child-${name}-heading`} mb="xs" c={name === 'overdue' ? 'red.9' : undefined}>
              {intl.formatMessage(m[name])}
            </Title>
            <Stack component="ul" gap="xs" style={LIST_STYLE}>
              {todo[name].items.map((item) => (
                <WorkRow key={`${item.classId ?? 'course'}:${item.itemId}`} item={item} timeZone={timeZone} />
              ))}
            </Stack>
            {todo[name].more > 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                {intl.formatMessage(m.more, { count: todo[name].more })}
              </Text>
            ) : null}
          </section>
        ))}
      </Stack>
    </section>
  );
}

function ClassList({ classes }: { classes: GuardianChildOverview['classes'] }) {
  const intl = useIntl();
  if (classes.length === 0) return <Text c="dimmed">{intl.formatMessage(m.noClasses)}</Text>;
  return (
    <List spacing={4}>
      {classes.map((cls) => (
        <List.Item key={cls.id}>
          <bdi dir="auto">{cls.name}</bdi>
        </List.Item>
      ))}
    </List>
  );
}

/** A child on the guardian's My children: their classes, how much work is missing and due, a link to the rest. */
export function ChildCard({ child }: { child: GuardianChild }) {
  const intl = useIntl();
  const overview = useChildOverview(child.id);
  const name = fullName(child);
  const headingId = `child-${child.id}`;
  const data = overview.data;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg">
      <Title order={2} fz={22} id={headingId} mb="sm">
        <bdi dir="auto">{name}</bdi>
      </Title>
      {overview.isError ? (
        <LoadError title={intl.formatMessage(m.overviewFailed)} onRetry={() => void overview.refetch()} />
      ) : !data ? (
        <Skeleton height={64} radius="md" />
      ) : (
        <Stack gap="sm">
          <Text fw={600}>
            {intl.formatMessage(m.counts, {
              overdue: data.todo.overdue.items.length + data.todo.overdue.more,
              today: data.todo.today.items.length + data.todo.today.more,
              week: data.todo.week.items.length + data.todo.week.more,
            })}
          </Text>
          <div>
            <Text size="sm" fw={700} c="dimmed" mb={4}>
              {intl.formatMessage(m.classes)}
            </Text>
            <ClassList classes={data.classes} />
          </div>
          <Button component={Link} to={paths.guardian.child.href(child.id)} w="fit-content">
            {intl.formatMessage(m.seeWork, { name })}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/** One child's page: their classes, work due, released grades, attendance and announcements; a child not linked (404) says so, without telling who it is. */
export function ChildOverview({ studentId }: { studentId: string }) {
  const intl = useIntl();
  const overview = useChildOverview(studentId);
  if (overview.isError) {
    const notLinked = overview.error instanceof ApiError && overview.error.status === 404;
    return (
      <>
        <PageHeader title={intl.formatMessage(notLinked ? m.notLinkedTitle : m.overviewFailed)} />
        {notLinked ? (
          <Alert
            color="red"
            variant="light"
            styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
            icon={<IconAlertTriangle aria-hidden />}
            role="alert"
          >
            {intl.formatMessage(m.notLinkedBody)}
          </Alert>
        ) : (
          <LoadError title={intl.formatMessage(m.overviewFailed)} onRetry={() => void overview.refetch()} />
        )}
        <Anchor component={Link} to={paths.guardian.dashboard.href()} fw={600} mt="md" display="inline-block">
          {intl.formatMessage(m.backToChildren)}
        </Anchor>
      </>
    );
  }
  if (!overview.data)
    return (
      <Stack gap="xs" role="status">
        <Text c="dimmed">{intl.formatMessage(m.loading)}</Text>
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  const { child, classes, todo } = overview.data;
  return (
    <>
      <PageHeader title={fullName(child)} description={intl.formatMessage(m.childDescription)} />
      <Stack gap="xl">
        <section aria-labelledby="child-classes-heading">
          <Title order={2} fz={22} id="child-classes-heading" mb="sm">
            {intl.formatMessage(m.classes)}
          </Title>
          <ClassList classes={classes} />
        </section>
        <ChildWork todo={todo} />
        <ChildGrades studentId={child.id} classes={classes} />
        <ChildAttendance studentId={child.id} />
        <ChildAnnouncements studentId={child.id} classes={classes} />
      </Stack>
    </>
  );
}
