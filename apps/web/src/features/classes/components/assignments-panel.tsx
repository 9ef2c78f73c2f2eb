import {
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListPagination } from '../../../components/list-pagination';
import { LoadError } from '../../../components/load-error';
import { ApiError, toastMessageOf } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateAssignment, useDeleteAssignment } from '../api/class-mutations';
import { useAssignments, useRoster } from '../api/class-lists';
import { accommodationText, formatDateTime } from './accommodation-text';

export interface AssignableItem {
  id: string;
  title: string;
  kind: 'lesson' | 'assessment';
  courseTitle: string;
}

/** A datetime-local value (the reader's zone) as an instant with its offset, or null when empty. */
function instantOf(local: string): string | null {
  return local ? new Date(local).toISOString() : null;
}

function AssignForm({ classId, items, onDone }: { classId: string; items: AssignableItem[]; onDone: () => void }) {
  const [itemId, setItemId] = useState<string | null>(null);
  const [whom, setWhom] = useState<'class' | 'learners'>('class');
  const [learnerIds, setLearnerIds] = useState<string[]>([]);
  const [opensAt, setOpensAt] = useState('');
  const [dueAt, setDueAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const roster = useRoster(classId, 1, 100);
  const create = useCreateAssignment(classId);
  const groups = [...new Set(items.map((i) => i.courseTitle))].map((course) => ({
    group: course,
    items: items
      .filter((i) => i.courseTitle === course)
      .map((i) => ({ value: i.id, label: `${i.kind === 'lesson' ? 'Read' : 'Assessment'}: ${i.title}` })),
  }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!itemId) local.itemId = 'Choose what to assign';
    if (whom === 'learners' && learnerIds.length === 0) local.learnerIds = 'Choose at least one learner';
    setErrors(local);
    if (Object.keys(local).length || !itemId) return;
    create.mutate(
      {
        itemId,
        ...(whom === 'learners' ? { learnerIds } : {}),
        opensAt: instantOf(opensAt),
        dueAt: instantOf(dueAt),
        closesAt: instantOf(closesAt),
      },
      {
        onSuccess: () => {
          notifySuccess('Work assigned');
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length) {
            setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path.split('.')[0]!, issue.message])));
          }
          notifyError(toastMessageOf(error, 'The work could not be assigned'));
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label="Assign work">
        <Stack gap="md">
          <Select
            label="What to assign"
            placeholder={items.length ? 'Choose a lesson or an assessment' : 'The class’s courses have no items yet'}
            data={groups}
            value={itemId}
            onChange={setItemId}
            error={errors.itemId}
            searchable
            nothingFoundMessage="No item of that name"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="assign-whom">
              Assign to
            </Text>
            <SegmentedControl
              aria-labelledby="assign-whom"
              value={whom}
              onChange={(v) => setWhom(v as 'class' | 'learners')}
              data={[
                { value: 'class', label: 'The whole class' },
                { value: 'learners', label: 'Chosen learners' },
              ]}
            />
          </Stack>
          {whom === 'learners' ? (
            <MultiSelect
              label="Learners"
              data={(roster.data?.items ?? []).map((s) => ({ value: s.studentId, label: s.name }))}
              value={learnerIds}
              onChange={setLearnerIds}
              error={errors.learnerIds}
              searchable
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="datetime-local"
              label="Opens (optional)"
              value={opensAt}
              onChange={(e) => setOpensAt(e.currentTarget.value)}
              error={errors.opensAt}
            />
            <TextInput
              type="datetime-local"
              label="Due"
              value={dueAt}
              onChange={(e) => setDueAt(e.currentTarget.value)}
              error={errors.dueAt}
            />
            <TextInput
              type="datetime-local"
              label="Closes (optional)"
              value={closesAt}
              onChange={(e) => setClosesAt(e.currentTarget.value)}
              error={errors.closesAt}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Assign
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The class's assignments with done / late / missing counts; assign and withdraw. */
export function AssignmentsPanel({
  classId,
  items,
  readOnly,
}: {
  classId: string;
  items: AssignableItem[];
  readOnly: boolean;
}) {
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState(false);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const list = useAssignments(classId, page);
  const remove = useDeleteAssignment(classId);

  return (
    <Stack gap="md">
      {assigning ? (
        <AssignForm classId={classId} items={items} onDone={() => setAssigning(false)} />
      ) : (
        <Group>
          <Button onClick={() => setAssigning(true)} disabled={readOnly}>
            Assign work
          </Button>
        </Group>
      )}
      {list.isError ? (
        <LoadError title="The assignments could not be loaded" onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Text c="dimmed">Loading the assignments…</Text>
      ) : list.data.total === 0 ? (
        <Text c="dimmed">Nothing assigned yet.</Text>
      ) : (
        <>
          {list.data.items.map((a) => (
            <Card key={a.id} withBorder radius="md" padding="md" component="article">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs">
                    <Badge variant="light" color={a.itemKind === 'lesson' ? 'blue' : 'grape'}>
                      {a.itemKind === 'lesson' ? 'Reading' : 'Assessment'}
                    </Badge>
                    {!a.wholeClass ? (
                      <Badge variant="outline" color="gray">
                        {a.learnerCount} chosen learner{a.learnerCount === 1 ? '' : 's'}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text fw={700}>{a.title}</Text>
                  <Text size="sm" c="dimmed">
                    {a.courseTitle}
                    {a.dueAt ? ` · due ${formatDateTime(a.dueAt)}` : ' · no due date'}
                  </Text>
                  <Text size="sm">
                    {a.doneCount} of {a.learnerCount} {a.itemKind === 'lesson' ? 'done' : 'submitted'} · {a.lateCount}{' '}
                    late · {a.missingCount} missing
                    {a.accommodatedCount ? ` · ${a.accommodatedCount} with accommodations` : ''}
                  </Text>
                  {a.accommodations.length ? (
                    <Group gap={6} aria-label={`Accommodations on ${a.title}`} role="list">
                      {a.accommodations.map((entry) => (
                        <Badge
                          key={entry.studentId}
                          role="listitem"
                          variant="light"
                          color="grape"
                          style={{ textTransform: 'none' }}
                        >
                          {entry.name}: {accommodationText(entry.accommodation)}
                          {entry.accommodation.assignmentId ? ' (this assignment)' : ''}
                        </Badge>
                      ))}
                      {a.accommodatedCount > a.accommodations.length ? (
                        <Text size="xs" c="dimmed" role="listitem">
                          and {a.accommodatedCount - a.accommodations.length} more (see the roster)
                        </Text>
                      ) : null}
                    </Group>
                  ) : null}
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  disabled={readOnly}
                  onClick={() => setWithdrawing(a.id)}
                  aria-label={`Withdraw ${a.title}`}
                >
                  Withdraw
                </Button>
              </Group>
            </Card>
          ))}
          <ListPagination
            page={page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onChange={setPage}
            label="Assignment pages"
          />
        </>
      )}
      <ConfirmModal
        opened={withdrawing !== null}
        title="Withdraw this assignment?"
        confirmLabel="Withdraw"
        danger
        loading={remove.isPending}
        onClose={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          remove.mutate(withdrawing, {
            onSuccess: () => setWithdrawing(null),
            onError: (error) => notifyError(toastMessageOf(error, 'The assignment could not be withdrawn')),
          })
        }
      >
        It leaves the learners’ to-do lists. Their completed work is kept.
      </ConfirmModal>
    </Stack>
  );
}
