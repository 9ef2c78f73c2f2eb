import type { Assignment, AssignmentLearnerStatus } from '@lyceum/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateAssignment, useDeleteAssignment, useUpdateAssignment } from '../api/class-mutations';
import { useAssignmentLearners, useAssignments, useRoster } from '../api/class-lists';
import { AccommodationModal } from './accommodation-modal';
import { accommodationText, formatDateTime } from './accommodation-text';
import { useDialogOpener } from './use-dialog-opener';
import { reportSaveError } from './class-form-errors';

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

/** An instant as a datetime-local value in the reader's zone ('' for none). */
function localInputOf(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Said as soon as the due date typed is already past (issue 46.4): it is allowed, and what it does is plain. */
function PastDueWarning({ dueAt }: { dueAt: string }) {
  // "Now" as the form opened: a form stays open minutes, not days.
  const [openedAt] = useState(() => Date.now());
  if (!dueAt || new Date(dueAt).getTime() >= openedAt) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      title="This due date has already passed"
      role="status"
      // Mantine's yellow title reads about 2:1 on its own background: a dark brown keeps AA.
      styles={{ title: { color: '#5c3c00' } }}
    >
      Learners who have not done the work yet will show as missing at once. Learners who join the class later will not.
    </Alert>
  );
}

/** The three dates of an assignment, with the past-due warning under them. */
function DateFields({
  dates,
  onChange,
  errors,
}: {
  dates: { opensAt: string; dueAt: string; closesAt: string };
  onChange: (dates: { opensAt: string; dueAt: string; closesAt: string }) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          type="datetime-local"
          label="Opens (optional)"
          value={dates.opensAt}
          onChange={(e) => onChange({ ...dates, opensAt: e.currentTarget.value })}
          error={errors.opensAt}
        />
        <TextInput
          type="datetime-local"
          label="Due"
          value={dates.dueAt}
          onChange={(e) => onChange({ ...dates, dueAt: e.currentTarget.value })}
          error={errors.dueAt}
        />
        <TextInput
          type="datetime-local"
          label="Closes (optional)"
          value={dates.closesAt}
          onChange={(e) => onChange({ ...dates, closesAt: e.currentTarget.value })}
          error={errors.closesAt}
        />
      </SimpleGrid>
      <PastDueWarning dueAt={dates.dueAt} />
    </>
  );
}

/** "The whole class" or "Chosen learners" with the learners to choose from (the roster's first 100). */
function WhomFields({
  classId,
  whom,
  onWhom,
  learnerIds,
  onLearners,
  error,
}: {
  classId: string;
  whom: 'class' | 'learners';
  onWhom: (whom: 'class' | 'learners') => void;
  learnerIds: string[];
  onLearners: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const roster = useRoster(classId, 1, 100);
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`assign-whom-${classId}`}>
          Assign to
        </Text>
        <SegmentedControl
          aria-labelledby={`assign-whom-${classId}`}
          value={whom}
          onChange={(v) => onWhom(v as 'class' | 'learners')}
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
          onChange={onLearners}
          error={error}
          searchable
        />
      ) : null}
    </>
  );
}

function AssignForm({ classId, items, onDone }: { classId: string; items: AssignableItem[]; onDone: () => void }) {
  const [itemId, setItemId] = useState<string | null>(null);
  const [whom, setWhom] = useState<'class' | 'learners'>('class');
  const [learnerIds, setLearnerIds] = useState<string[]>([]);
  const [dates, setDates] = useState({ opensAt: '', dueAt: '', closesAt: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAssignment(classId);
  // "Assign work" goes as the form opens: focus moves to its first field (issue 46.14).
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);
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
        opensAt: instantOf(dates.opensAt),
        dueAt: instantOf(dates.dueAt),
        closesAt: instantOf(dates.closesAt),
      },
      {
        onSuccess: () => {
          notifySuccess('Work assigned');
          onDone();
        },
        onError: (error) => reportSaveError(error, setErrors, 'The work could not be assigned'),
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label="Assign work">
        <Stack gap="md">
          <Select
            ref={firstField}
            label="What to assign"
            placeholder={items.length ? 'Choose a lesson or an assessment' : 'The class’s courses have no items yet'}
            data={groups}
            value={itemId}
            onChange={setItemId}
            error={errors.itemId}
            searchable
            nothingFoundMessage="No item of that name"
          />
          <WhomFields
            classId={classId}
            whom={whom}
            onWhom={setWhom}
            learnerIds={learnerIds}
            onLearners={setLearnerIds}
            error={errors.learnerIds}
          />
          <DateFields dates={dates} onChange={setDates} errors={errors} />
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

/** Every learner an assignment is set to (for its chosen learners' list when editing). */
function useAllLearnersOf(classId: string, assignment: Assignment) {
  const all = useAssignmentLearners(classId, assignment.id, undefined, 1, 100, !assignment.wholeClass);
  if (assignment.wholeClass) return { ids: [] as string[], ready: true };
  return { ids: all.data?.items.map((l) => l.studentId) ?? [], ready: all.data !== undefined };
}

/** Edit an assignment (issue 46.4): its dates and whom it is for. Closing returns focus to its "Edit" button. */
function EditAssignmentModal({
  classId,
  assignment,
  onClose,
}: {
  classId: string;
  assignment: Assignment;
  onClose: () => void;
}) {
  const current = useAllLearnersOf(classId, assignment);
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Edit ${assignment.title}`}
      centered
      // Wide enough for three date-and-time fields side by side, each shown whole.
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      attributes={{ header: { role: 'presentation' } }}
    >
      {current.ready ? (
        <EditAssignmentForm classId={classId} assignment={assignment} learnerIds={current.ids} onClose={onClose} />
      ) : (
        <Text c="dimmed">Loading the learners…</Text>
      )}
    </Modal>
  );
}

function EditAssignmentForm({
  classId,
  assignment,
  learnerIds: initialLearners,
  onClose,
}: {
  classId: string;
  assignment: Assignment;
  learnerIds: string[];
  onClose: () => void;
}) {
  const [whom, setWhom] = useState<'class' | 'learners'>(assignment.wholeClass ? 'class' : 'learners');
  const [learnerIds, setLearnerIds] = useState<string[]>(initialLearners);
  const [dates, setDates] = useState({
    opensAt: localInputOf(assignment.opensAt),
    dueAt: localInputOf(assignment.dueAt),
    closesAt: localInputOf(assignment.closesAt),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateAssignment(classId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (whom === 'learners' && learnerIds.length === 0) {
      setErrors({ learnerIds: 'Choose at least one learner' });
      return;
    }
    setErrors({});
    update.mutate(
      {
        assignmentId: assignment.id,
        body: {
          learnerIds: whom === 'learners' ? learnerIds : null,
          opensAt: instantOf(dates.opensAt),
          dueAt: instantOf(dates.dueAt),
          closesAt: instantOf(dates.closesAt),
        },
      },
      {
        onSuccess: () => {
          notifySuccess(`${assignment.title}: changes saved`);
          onClose();
        },
        onError: (error) => reportSaveError(error, setErrors, 'The assignment could not be changed'),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${assignment.title}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {assignment.courseTitle}. Learners it newly reaches are told, as for new work.
        </Text>
        <WhomFields
          classId={classId}
          whom={whom}
          onWhom={setWhom}
          learnerIds={learnerIds}
          onLearners={setLearnerIds}
          error={errors.learnerIds}
        />
        <DateFields dates={dates} onChange={setDates} errors={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const LIST_LABELS: Record<AssignmentLearnerStatus, string> = {
  'turned-in': 'Turned in',
  assigned: 'Assigned',
  missing: 'Missing',
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
  const [page, setPage] = useState(1);
  const list = useAssignmentLearners(classId, assignment.id, status, page);
  if (list.isError) return <LoadError title="This list could not be loaded" onRetry={() => void list.refetch()} />;
  if (!list.data) return <Text c="dimmed">Loading…</Text>;
  if (list.data.total === 0) {
    return (
      <Text c="dimmed">
        {status === 'turned-in'
          ? 'Nobody has turned it in yet.'
          : status === 'missing'
            ? 'Nobody is missing it.'
            : 'Nobody is waiting to do it.'}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={LIST_LABELS[status]}>
        {list.data.items.map((learner) => (
          <li key={learner.studentId}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={500}>{learner.name}</Text>
              <Group gap="xs">
                {learner.status === 'turned-in' && learner.turnedInAt ? (
                  <Text size="sm">
                    {assignment.itemKind === 'lesson' ? 'Done' : 'Submitted'} {formatDateTime(learner.turnedInAt)}
                  </Text>
                ) : learner.dueAt ? (
                  <Text size="sm">Due {formatDateTime(learner.dueAt)}</Text>
                ) : assignment.dueAt ? (
                  <Text size="sm">Joined after the due date</Text>
                ) : (
                  <Text size="sm">No due date</Text>
                )}
                {learner.late ? (
                  <Badge variant="outline" color="orange.9">
                    Late
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
        label={`${LIST_LABELS[status]} pages`}
      />
    </Stack>
  );
}

/** Google Classroom's "Turned in / Assigned / Missing" for one assignment (issue 46.4). */
function LearnersModal({
  classId,
  assignment,
  onClose,
}: {
  classId: string;
  assignment: Assignment;
  onClose: () => void;
}) {
  const turnedIn = assignment.doneCount;
  const missing = assignment.missingCount;
  const assigned = Math.max(0, assignment.learnerCount - turnedIn - missing);
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Who turned in ${assignment.title}`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <Tabs defaultValue="turned-in" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="turned-in" data-autofocus>
            Turned in ({turnedIn})
          </Tabs.Tab>
          <Tabs.Tab value="assigned">Assigned ({assigned})</Tabs.Tab>
          <Tabs.Tab value="missing">Missing ({missing})</Tabs.Tab>
        </Tabs.List>
        {(['turned-in', 'assigned', 'missing'] as const).map((status) => (
          <Tabs.Panel key={status} value={status}>
            <LearnerList classId={classId} assignment={assignment} status={status} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}

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
        <AssignForm classId={classId} items={items} onDone={() => setAssigning(false)} />
      ) : (
        <Group>
          <Button ref={assignButton} onClick={() => setAssigning(true)} disabled={readOnly}>
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
            <Card
              key={a.id}
              withBorder
              radius="md"
              padding="md"
              component="article"
              aria-labelledby={`assignment-${a.id}`}
            >
              <Stack gap="sm">
                <Stack gap={4} style={{ minWidth: 0 }}>
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
                  <Text fw={700} component="h2" id={`assignment-${a.id}`} m={0} fz="md">
                    {a.title}
                  </Text>
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
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={(event) => dialogs.show({ kind: 'learners', assignment: a }, event.currentTarget)}
                    aria-label={`Who turned in ${a.title}`}
                  >
                    Who turned it in
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={readOnly}
                    onClick={(event) => dialogs.show({ kind: 'edit', assignment: a }, event.currentTarget)}
                    aria-label={`Edit ${a.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={readOnly}
                    onClick={(event) => dialogs.show({ kind: 'accommodation', assignment: a }, event.currentTarget)}
                    aria-label={`Accommodation on ${a.title}`}
                  >
                    Accommodation
                  </Button>
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
              </Stack>
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
      {dialog?.kind === 'edit' ? (
        <EditAssignmentModal classId={classId} assignment={dialog.assignment} onClose={dialogs.close} />
      ) : dialog?.kind === 'learners' ? (
        <LearnersModal classId={classId} assignment={dialog.assignment} onClose={dialogs.close} />
      ) : dialog?.kind === 'accommodation' ? (
        <AssignmentAccommodationModal classId={classId} assignment={dialog.assignment} onClose={dialogs.close} />
      ) : null}
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
