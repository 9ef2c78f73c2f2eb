import type { TodoItem } from '@lyceum/contract';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useTodo } from '../api/student-classes';
import { accommodationText, formatDateTime } from './accommodation-text';

// Filled badges whose text is at least 4.5:1 on them (WCAG AA): white on the dark shades, black on yellow (issue 46.16:
// the light orange and teal badges read 3.6:1 and 4.3:1).
const STATUS: Record<TodoItem['status'], { label: string; color: string }> = {
  assigned: { label: 'Assigned', color: 'blue.8' },
  'due-soon': { label: 'Due soon', color: 'yellow.4' },
  missing: { label: 'Missing', color: 'red.9' },
  done: { label: 'Done', color: 'teal.9' },
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
  const [page, setPage] = useState(1);
  const todo = useTodo(classId, page);
  if (todo.isError) return <LoadError title="The to-do list could not be loaded" onRetry={() => void todo.refetch()} />;
  if (!todo.data) return <Text c="dimmed">Loading your to-do list…</Text>;
  if (todo.data.total === 0) return <Text c="dimmed">Nothing is assigned to you yet.</Text>;
  return (
    <Stack gap="sm">
      {todo.data.items.map((item) => (
        <Card key={item.assignmentId} withBorder radius="md" padding="md" component="article">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Anchor component={Link} to={linkOf(item)} fw={700}>
                {item.itemKind === 'lesson' ? 'Read: ' : ''}
                {item.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {item.courseTitle}
              </Text>
              <Text size="sm">
                {item.dueAt ? `Due ${formatDateTime(item.dueAt)}` : 'No due date'}
                {item.closesAt ? ` · closes ${formatDateTime(item.closesAt)}` : ''}
                {item.timeLimitMinutes ? ` · ${item.timeLimitMinutes} minutes` : ''}
              </Text>
              {item.accommodation ? (
                <Text size="sm" c="grape.9">
                  Your accommodation: {accommodationText(item.accommodation)} (dates shown include it)
                </Text>
              ) : null}
            </Stack>
            <Stack gap="xs" align="flex-end">
              <Badge color={STATUS[item.status].color} variant="filled" autoContrast>
                {STATUS[item.status].label}
              </Badge>
              {startOf && item.itemKind === 'assessment' && item.status !== 'done' ? (
                <Button component={Link} to={startOf(item)} size="xs" aria-label={`Start ${item.title}`}>
                  Start
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
        label="To-do pages"
      />
    </Stack>
  );
}
