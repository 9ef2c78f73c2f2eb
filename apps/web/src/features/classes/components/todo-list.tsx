import type { TodoItem } from '@lyceum/contract';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useTodo } from '../api/student-classes';
import { classesMessages as messages } from '../messages';
import { accommodationText, formatDateTime } from './accommodation-text';

// Filled badges whose text is at least 4.5:1 on them (WCAG AA): white on the dark shades, black on yellow (issue 46.16:
// the light orange and teal badges read 3.6:1 and 4.3:1).
const STATUS_COLORS: Record<TodoItem['status'], string> = {
  assigned: 'blue.8',
  'due-soon': 'yellow.4',
  missing: 'red.9',
  done: 'teal.9',
};

/** The learner's to-do in a class, with their own dates; each item links to where the work is done. */
export function TodoList({
  classId,
  linkOf,
  startOf,
}: {
  classId: string;
  linkOf: (item: TodoItem) => string;
  /** The assessment's start page (its rules, the learner's own time and dates, Start or Resume). */
  startOf?: (item: TodoItem) => string;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [page, setPage] = useState(1);
  const todo = useTodo(classId, page);
  if (todo.isError) return <LoadError title={t(messages.todoLoadFailed)} onRetry={() => void todo.refetch()} />;
  if (!todo.data) return <Text c="dimmed">{t(messages.loadingTodo)}</Text>;
  if (todo.data.total === 0) return <Text c="dimmed">{t(messages.nothingAssignedToYou)}</Text>;
  return (
    <Stack gap="sm">
      {todo.data.items.map((item) => (
        <Card key={item.assignmentId} withBorder radius="md" padding="md" component="article">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Anchor component={Link} to={linkOf(item)} fw={700}>
                {item.itemKind === 'lesson' ? t(messages.readPrefix) : ''}
                {item.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {item.courseTitle}
              </Text>
              <Text size="sm">
                {t(messages.todoDates, {
                  due: item.dueAt ? formatDateTime(item.dueAt) : 'none',
                  closes: item.closesAt ? formatDateTime(item.closesAt) : 'none',
                  minutes: item.timeLimitMinutes ? String(item.timeLimitMinutes) : 'none',
                })}
              </Text>
              {item.accommodation ? (
                <Text size="sm" c="grape.9">
                  {t(messages.yourAccommodation, { text: accommodationText(intl, item.accommodation) })}
                </Text>
              ) : null}
            </Stack>
            <Stack gap="xs" align="flex-end">
              <Badge color={STATUS_COLORS[item.status]} variant="filled" autoContrast>
                {t(messages.todoStatus, { status: item.status.replace('-', '_') })}
              </Badge>
              {startOf && item.itemKind === 'assessment' && item.status !== 'done' ? (
                <Button
                  component={Link}
                  to={startOf(item)}
                  size="xs"
                  aria-label={t(messages.startNamed, { title: item.title })}
                >
                  {t(messages.start)}
                </Button>
              ) : null}
            </Stack>
          </Group>
        </Card>
      ))}
      <ListPagination
        page={page}
        pageSize={todo.data.pageSize}
        total={todo.data.total}
        onChange={setPage}
        label={t(messages.todoPages)}
      />
    </Stack>
  );
}
