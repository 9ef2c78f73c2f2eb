import type { Assignment } from '@lyceum/contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useDeleteAssignment } from '../api/class-mutations';
import { useAssignments, useRoster } from '../api/class-lists';
import { classesMessages as m } from '../messages';
import { AccommodationModal } from './accommodation-modal';
import { accommodationText, formatDateTime } from './accommodation-text';
import { AssignmentForm, EditAssignmentModal, type AssignableItem } from './assignment-form';
import { LearnersModal } from './assignment-learners';
import { useDialogOpener } from './use-dialog-opener';

export type { AssignableItem } from './assignment-form';

/** The learners to choose from for an assignment's accommodation, with what applies to each now. */
function AssignmentAccommodationModal({
  classId,
  assignment,
  onClose,
}: {
  classId: string;
  assignment: Assignment;
  onClose: () => void;
}) {
  const roster = useRoster(classId, 1, 100);
  const known = new Map(assignment.accommodations.map((entry) => [entry.studentId, entry.accommodation]));
  const learners = (roster.data?.items ?? []).map((s) => ({
    studentId: s.studentId,
    name: s.name,
    accommodation: known.get(s.studentId) ?? s.accommodation,
  }));
  return (
    <AccommodationModal
      classId={classId}
      assignment={{ id: assignment.id, title: assignment.title }}
      learners={learners}
      onClose={onClose}
    />
  );
}

type Dialog = { kind: 'edit' | 'learners' | 'accommodation'; assignment: Assignment };

/** One assignment: what, for whom, when, how many did it; and what its teacher can do with it. */
function AssignmentCard({
  assignment: a,
  readOnly,
  onDialog,
  onWithdraw,
}: {
  assignment: Assignment;
  readOnly: boolean;
  onDialog: (kind: Dialog['kind'], opener: HTMLElement) => void;
  onWithdraw: () => void;
}) {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`assignment-${a.id}`}>
      <Stack gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light" color={a.itemKind === 'lesson' ? 'blue' : 'grape'}>
              {intl.formatMessage(m.kindBadge, { kind: a.itemKind })}
            </Badge>
            {!a.wholeClass ? (
              <Badge variant="outline" color="gray">
                {intl.formatMessage(m.chosenCount, { count: a.learnerCount })}
              </Badge>
            ) : null}
          </Group>
          <Text fw={700} component="h2" id={`assignment-${a.id}`} m={0} fz="md" dir="auto">
            {a.title}
          </Text>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.courseAndDue, {
              course: a.courseTitle,
              hasDue: a.dueAt ? 'yes' : 'no',
              date: a.dueAt ? formatDateTime(a.dueAt) : '',
            })}
          </Text>
          <Text size="sm">
            {intl.formatMessage(m.counts, {
              done: a.doneCount,
              total: a.learnerCount,
              kind: a.itemKind,
              late: a.lateCount,
              missing: a.missingCount,
              accommodated: a.accommodatedCount,
            })}
          </Text>
          {a.accommodations.length ? (
            <Group gap={6} aria-label={intl.formatMessage(m.accommodationsOn, { title: a.title })} role="list">
              {a.accommodations.map((entry) => (
                <Badge
                  key={entry.studentId}
                  role="listitem"
                  variant="light"
                  color="grape"
                  style={{ textTransform: 'none' }}
                >
                  {intl.formatMessage(m.accommodationEntry, {
                    name: entry.name,
                    text: accommodationText(intl, entry.accommodation),
                    own: entry.accommodation.assignmentId ? 'yes' : 'no',
                  })}
                </Badge>
              ))}
              {a.accommodatedCount > a.accommodations.length ? (
                <Text size="xs" c="dimmed" role="listitem">
                  {intl.formatMessage(m.andMore, { count: a.accommodatedCount - a.accommodations.length })}
                </Text>
              ) : null}
            </Group>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            onClick={(event) => onDialog('learners', event.currentTarget)}
            aria-label={intl.formatMessage(m.whoTurnedIn, { title: a.title })}
          >
            {intl.formatMessage(m.whoTurnedItIn)}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            onClick={(event) => onDialog('edit', event.currentTarget)}
            aria-label={intl.formatMessage(m.editTitle, { title: a.title })}
          >
            {intl.formatMessage(m.edit)}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            onClick={(event) => onDialog('accommodation', event.currentTarget)}
            aria-label={intl.formatMessage(m.accommodationOn, { title: a.title })}
          >
            {intl.formatMessage(m.accommodation)}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={readOnly}
            onClick={onWithdraw}
            aria-label={intl.formatMessage(m.withdrawTitle, { title: a.title })}
          >
            {intl.formatMessage(m.withdraw)}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The class's assignments with done / late / missing counts; assign, edit, see who, accommodate, withdraw. */
export function AssignmentsPanel({
  classId,
  items,
  readOnly,
}: {
  classId: string;
  items: AssignableItem[];
  readOnly: boolean;
}) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState(false);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const dialogs = useDialogOpener<Dialog>();
  const dialog = dialogs.open;
  const list = useAssignments(classId, page);
  const remove = useDeleteAssignment(classId);
  const assignButton = useRef<HTMLButtonElement>(null);
  const wasAssigning = useRef(false);
  // Closing the form (assigned or cancelled) brings focus back to "Assign work".
  useEffect(() => {
    if (wasAssigning.current && !assigning) assignButton.current?.focus();
    wasAssigning.current = assigning;
  }, [assigning]);

  return (
    <Stack gap="md">
      {assigning ? (
        <AssignmentForm mode="create" classId={classId} items={items} onDone={() => setAssigning(false)} />
      ) : (
        <Group>
          <Button ref={assignButton} onClick={() => setAssigning(true)} disabled={readOnly}>
            {intl.formatMessage(m.assignWork)}
          </Button>
        </Group>
      )}
      {list.isError ? (
        <LoadError title={intl.formatMessage(m.assignmentsLoadFailed)} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Text c="dimmed">{intl.formatMessage(m.loadingAssignments)}</Text>
      ) : list.data.total === 0 ? (
        <Text c="dimmed">{intl.formatMessage(m.nothingAssigned)}</Text>
      ) : (
        <>
          {list.data.items.map((a) => (
            <AssignmentCard
              key={a.id}
              assignment={a}
              readOnly={readOnly}
              onDialog={(kind, opener) => dialogs.show({ kind, assignment: a }, opener)}
              onWithdraw={() => setWithdrawing(a.id)}
            />
          ))}
          <ListPagination
            page={page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onChange={setPage}
            label={intl.formatMessage(m.assignmentPages)}
          />
        </>
      )}
      {dialog?.kind === 'edit' ? (
        <EditAssignmentModal classId={classId} assignment={dialog.assignment} onClose={dialogs.close} />
      ) : dialog?.kind === 'learners' ? (
        <LearnersModal classId={classId} assignment={dialog.assignment} onClose={dialogs.close} />
      ) : dialog?.kind === 'accommodation' ? (
        <AssignmentAccommodationModal classId={classId} assignment={dialog.assignment} onClose={dialogs.close} />
      ) : null}
      <ConfirmModal
        opened={withdrawing !== null}
        title={intl.formatMessage(m.withdrawQuestion)}
        confirmLabel={intl.formatMessage(m.withdraw)}
        danger
        loading={remove.isPending}
        onClose={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          remove.mutate(withdrawing, {
            onSuccess: () => setWithdrawing(null),
            onError: (error) => notifyError(toastMessageOf(error, intl.formatMessage(m.withdrawFailed))),
          })
        }
      >
        {intl.formatMessage(m.withdrawBody)}
      </ConfirmModal>
    </Stack>
  );
}
