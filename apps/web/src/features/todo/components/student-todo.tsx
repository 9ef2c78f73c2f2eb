import type { StudentTodo, StudentTodoItem } from '@lyceum/contract';
import { formatDateTime } from '@lyceum/contract/constants';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { useTimeZone } from '@/lib/use-time-zone';
import { useStudentTodo } from '../api/get-student-todo';
import { todoMessages as messages } from '../messages';

type SectionName = 'overdue' | 'today' | 'week' | 'continue';
const SECTIONS: readonly SectionName[] = ['overdue', 'today', 'week', 'continue'];

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** One thing to do: what it is, its title (the one click to the work), its class or course, the student's own date. */
function TodoRow({ item, timeZone }: { item: StudentTodoItem; timeZone: string }) {
  const intl = useIntl();
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {intl.formatMessage(messages.kind, { kind: item.kind })}
          </Text>
          <Anchor component={Link} to={item.href} fw={700} style={{ overflowWrap: 'anywhere' }}>
            <bdi dir="auto">{item.title}</bdi>
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.className ? (
              <>
                <bdi dir="auto">{item.className}</bdi>
                {' · '}
                <bdi dir="auto">{item.courseName}</bdi>
              </>
            ) : (
              <FormattedMessage {...messages.nextLesson} values={{ course: <bdi dir="auto">{item.courseName}</bdi> }} />
            )}
          </Text>
          {item.dueAt ? (
            <Text size="sm" fw={item.late ? 700 : 400} c={item.late ? 'red.9' : undefined}>
              {intl.formatMessage(messages.dueAt, {
                late: item.late ? 'yes' : 'no',
                date: formatDateTime(item.dueAt, { style: 'weekday', timeZone }),
              })}
            </Text>
          ) : null}
          {item.extended ? (
            <Text size="sm" c="grape.9">
              {intl.formatMessage(messages.extendedHint)}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={4} align="flex-end">
          {item.late ? (
            <Badge color="red.9" variant="filled" autoContrast>
              {intl.formatMessage(messages.late)}
            </Badge>
          ) : null}
          {item.extended ? (
            <Badge color="grape.9" variant="filled" autoContrast>
              {intl.formatMessage(messages.extended)}
            </Badge>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

function TodoSection({
  name,
  section,
  timeZone,
}: {
  name: SectionName;
  section: StudentTodo[SectionName];
  timeZone: string;
}) {
  const intl = useIntl();
  if (section.items.length === 0) return null;
  const headingId = `todo-${name}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} fz="lg" id={headingId} mb="xs" c={name === 'overdue' ? 'red.9' : undefined}>
        {intl.formatMessage(messages[name])}
      </Title>
      <Stack component="ul" gap="xs" style={LIST_STYLE}>
        {section.items.map((item) => (
          <TodoRow key={`${item.classId ?? 'course'}:${item.itemId}`} item={item} timeZone={timeZone} />
        ))}
      </Stack>
      {section.more > 0 ? (
        <Anchor component={Link} to={paths.student.classes.href()} size="sm" mt="xs" display="inline-block">
          {intl.formatMessage(messages.more, { count: section.more })}
        </Anchor>
      ) : null}
    </section>
  );
}

/**
 * The student's To do (issue 49, ADR 057), the first thing the student area shows: overdue work, work due today and
 * this week across all their classes, the next lesson of each course in progress and the questions to review
 * today, each with its class or course and their own due date in their time zone; one click opens the work.
 */
export function StudentTodoList() {
  const intl = useIntl();
  const todo = useStudentTodo();
  const timeZone = useTimeZone();
  let body;
  if (todo.isError)
    body = <LoadError title={intl.formatMessage(messages.loadFailed)} onRetry={() => void todo.refetch()} />;
  else if (!todo.data)
    body = (
      <Stack gap="xs">
        <Text c="dimmed">{intl.formatMessage(messages.loading)}</Text>
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  else {
    const data = todo.data;
    const empty = SECTIONS.every((name) => data[name].items.length === 0) && data.review.dueToday === 0;
    body = empty ? (
      <Paper withBorder radius="md" p="lg">
        <Text fw={700}>{intl.formatMessage(messages.emptyTitle)}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {intl.formatMessage(messages.emptyHint)}
        </Text>
        <Group gap="sm" mt="md">
          <Button component={Link} to={paths.student.classes.href()}>
            {intl.formatMessage(messages.joinClass)}
          </Button>
          <Button component={Link} to={paths.courses.href()} variant="default">
            {intl.formatMessage(messages.findCourse)}
          </Button>
        </Group>
      </Paper>
    ) : (
      <Stack gap="lg">
        {SECTIONS.map((name) => (
          <TodoSection key={name} name={name} section={data[name]} timeZone={timeZone} />
        ))}
        {data.review.dueToday > 0 ? (
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fw={700}>{intl.formatMessage(messages.review, { count: data.review.dueToday })}</Text>
              <Button component={Link} to={data.review.href} size="sm">
                {intl.formatMessage(messages.reviewAction)}
              </Button>
            </Group>
          </Paper>
        ) : null}
      </Stack>
    );
  }
  return (
    <section aria-labelledby="todo-heading">
      <Title order={2} fz={22} id="todo-heading" mb="md">
        {intl.formatMessage(messages.heading)}
      </Title>
      {body}
    </section>
  );
}
