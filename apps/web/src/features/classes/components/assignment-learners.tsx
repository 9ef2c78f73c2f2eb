import type { Assignment, AssignmentLearnerStatus } from '@lyceum/contract';
import { Badge, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useAssignmentLearners } from '../api/class-lists';
import { classesMessages as m } from '../messages';
import { formatDateTime } from './accommodation-text';

/** A list's name for the messages' `select` (an ICU select key cannot hold a hyphen). */
const STATUS_KEY: Record<AssignmentLearnerStatus, string> = {
  'turned-in': 'turnedIn',
  assigned: 'assigned',
  missing: 'missing',
};

/** One of an assignment's lists, by name, paged. */
function LearnerList({
  classId,
  assignment,
  status,
}: {
  classId: string;
  assignment: Assignment;
  status: AssignmentLearnerStatus;
}) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const list = useAssignmentLearners(classId, assignment.id, status, page);
  const key = STATUS_KEY[status];
  if (list.isError) {
    return <LoadError title={intl.formatMessage(m.listLoadFailed)} onRetry={() => void list.refetch()} />;
  }
  if (!list.data) return <Text c="dimmed">{intl.formatMessage(m.loading)}</Text>;
  if (list.data.total === 0) return <Text c="dimmed">{intl.formatMessage(m.listEmpty, { status: key })}</Text>;
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap={6}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={intl.formatMessage(m.listName, { status: key })}
      >
        {list.data.items.map((learner) => (
          <li key={learner.studentId}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={500} dir="auto">
                {learner.name}
              </Text>
              <Group gap="xs">
                <Text size="sm">
                  {learner.status === 'turned-in' && learner.turnedInAt
                    ? intl.formatMessage(m.turnedInAt, {
                        kind: assignment.itemKind,
                        date: formatDateTime(learner.turnedInAt),
                      })
                    : learner.dueAt
                      ? intl.formatMessage(m.dueAt, { date: formatDateTime(learner.dueAt) })
                      : intl.formatMessage(assignment.dueAt ? m.joinedAfterDue : m.noDueDate)}
                </Text>
                {learner.late ? (
                  <Badge variant="outline" color="orange.9">
                    {intl.formatMessage(m.late)}
                  </Badge>
                ) : null}
              </Group>
            </Group>
          </li>
        ))}
      </Stack>
      <ListPagination
        page={page}
        pageSize={list.data.pageSize}
        total={list.data.total}
        onChange={setPage}
        label={intl.formatMessage(m.listPages, { status: key })}
      />
    </Stack>
  );
}

/** Google Classroom's "Turned in / Assigned / Missing" for one assignment (issue 46.4). */
export function LearnersModal({
  classId,
  assignment,
  onClose,
}: {
  classId: string;
  assignment: Assignment;
  onClose: () => void;
}) {
  const intl = useIntl();
  const counts: Record<AssignmentLearnerStatus, number> = {
    'turned-in': assignment.doneCount,
    assigned: Math.max(0, assignment.learnerCount - assignment.doneCount - assignment.missingCount),
    missing: assignment.missingCount,
  };
  const statuses = ['turned-in', 'assigned', 'missing'] as const;
  return (
    <Modal
      opened
      onClose={onClose}
      title={intl.formatMessage(m.whoTurnedIn, { title: assignment.title })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <Tabs defaultValue="turned-in" keepMounted={false}>
        <Tabs.List mb="md">
          {statuses.map((status) => (
            <Tabs.Tab key={status} value={status} data-autofocus={status === 'turned-in' ? true : undefined}>
              {intl.formatMessage(m.listTab, { status: STATUS_KEY[status], count: counts[status] })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {statuses.map((status) => (
          <Tabs.Panel key={status} value={status}>
            <LearnerList classId={classId} assignment={assignment} status={status} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
