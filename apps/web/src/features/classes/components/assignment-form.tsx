import type { Assignment } from '@lyceum/contract';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { useIntl } from '@/i18n/intl';
import { notifySuccess } from '@/lib/notify';
import { useCreateAssignment, useUpdateAssignment } from '../api/class-mutations';
import { useAssignmentLearners, useRoster } from '../api/class-lists';
import { classesMessages as m } from '../messages';
import { reportSaveError } from './class-form-errors';

export interface AssignableItem {
  id: string;
  title: string;
  kind: 'lesson' | 'assessment';
  courseTitle: string;
}

type Dates = { opensAt: string; dueAt: string; closesAt: string };
type Whom = 'class' | 'learners';

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
  const intl = useIntl();
  // "Now" as the form opened: a form stays open minutes, not days.
  const [openedAt] = useState(() => Date.now());
  if (!dueAt || new Date(dueAt).getTime() >= openedAt) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      title={intl.formatMessage(m.pastDueTitle)}
      role="status"
      // Mantine's yellow title reads about 2:1 on its own background: a dark brown keeps AA.
      styles={{ title: { color: '#5c3c00' } }}
    >
      {intl.formatMessage(m.pastDueBody)}
    </Alert>
  );
}

/** The three dates of an assignment, with the past-due warning under them. */
function DateFields({
  dates,
  onChange,
  errors,
}: {
  dates: Dates;
  onChange: (dates: Dates) => void;
  errors: Record<string, string>;
}) {
  const intl = useIntl();
  const field = (name: keyof Dates, label: string) => (
    <TextInput
      type="datetime-local"
      label={label}
      value={dates[name]}
      onChange={(e) => onChange({ ...dates, [name]: e.currentTarget.value })}
      error={errors[name]}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {field('opensAt', intl.formatMessage(m.opensOptional))}
        {field('dueAt', intl.formatMessage(m.due))}
        {field('closesAt', intl.formatMessage(m.closesOptional))}
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
  whom: Whom;
  onWhom: (whom: Whom) => void;
  learnerIds: string[];
  onLearners: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const intl = useIntl();
  const roster = useRoster(classId, 1, 100);
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`assign-whom-${classId}`}>
          {intl.formatMessage(m.assignTo)}
        </Text>
        <SegmentedControl
          aria-labelledby={`assign-whom-${classId}`}
          value={whom}
          onChange={(v) => onWhom(v as Whom)}
          data={[
            { value: 'class', label: intl.formatMessage(m.wholeClass) },
            { value: 'learners', label: intl.formatMessage(m.chosenLearners) },
          ]}
        />
      </Stack>
      {whom === 'learners' ? (
        <MultiSelect
          label={intl.formatMessage(m.learners)}
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

/** What an assignment form sends: whom it is for and its dates, as the server takes them. */
interface AssignmentValues {
  learnerIds: string[] | null;
  opensAt: string | null;
  dueAt: string | null;
  closesAt: string | null;
}

type AssignmentFormProps = { classId: string; onDone: () => void } & (
  { mode: 'create'; items: AssignableItem[] } | { mode: 'edit'; assignment: Assignment; learnerIds: string[] }
);

/**
 * One form for assigning work and for changing an assignment (issue 45.5): whom it is for and its three dates;
 * assigning also asks what. Assigning sits in a card on the panel and takes focus as it opens (issue 46.14);
 * editing sits in the edit dialog.
 */
export function AssignmentForm(props: AssignmentFormProps) {
  const { classId, onDone } = props;
  const intl = useIntl();
  const editing = props.mode === 'edit' ? props.assignment : null;
  const [itemId, setItemId] = useState<string | null>(null);
  const [whom, setWhom] = useState<Whom>(editing && !editing.wholeClass ? 'learners' : 'class');
  const [learnerIds, setLearnerIds] = useState<string[]>(props.mode === 'edit' ? props.learnerIds : []);
  const [dates, setDates] = useState<Dates>({
    opensAt: localInputOf(editing?.opensAt ?? null),
    dueAt: localInputOf(editing?.dueAt ?? null),
    closesAt: localInputOf(editing?.closesAt ?? null),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAssignment(classId);
  const update = useUpdateAssignment(classId);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!editing) firstField.current?.focus();
  }, [editing]);

  function send(values: AssignmentValues) {
    const onError = (error: unknown) =>
      reportSaveError(error, setErrors, intl.formatMessage(editing ? m.changeFailed : m.assignFailed));
    if (editing) {
      update.mutate(
        { assignmentId: editing.id, body: values },
        {
          onSuccess: () => {
            notifySuccess(intl.formatMessage(m.changesSaved, { title: editing.title }));
            onDone();
          },
          onError,
        },
      );
      return;
    }
    if (!itemId) return;
    const { learnerIds: chosen, ...rest } = values;
    create.mutate(
      { itemId, ...(chosen ? { learnerIds: chosen } : {}), ...rest },
      {
        onSuccess: () => {
          notifySuccess(intl.formatMessage(m.workAssigned));
          onDone();
        },
        onError,
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!editing && !itemId) local.itemId = intl.formatMessage(m.chooseItem);
    if (whom === 'learners' && learnerIds.length === 0) local.learnerIds = intl.formatMessage(m.chooseLearner);
    setErrors(local);
    if (Object.keys(local).length) return;
    send({
      learnerIds: whom === 'learners' ? learnerIds : null,
      opensAt: instantOf(dates.opensAt),
      dueAt: instantOf(dates.dueAt),
      closesAt: instantOf(dates.closesAt),
    });
  }

  const fields = (
    <Stack gap="md">
      {props.mode === 'create' ? (
        <ItemField ref={firstField} items={props.items} value={itemId} onChange={setItemId} error={errors.itemId} />
      ) : (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(m.editNote, { course: props.assignment.courseTitle })}
        </Text>
      )}
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
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button type="submit" loading={editing ? update.isPending : create.isPending}>
          {intl.formatMessage(editing ? m.saveChanges : m.assign)}
        </Button>
      </Group>
    </Stack>
  );
  const label = editing ? intl.formatMessage(m.editTitle, { title: editing.title }) : intl.formatMessage(m.assignWork);
  const form = (
    <form onSubmit={submit} noValidate aria-label={label}>
      {fields}
    </form>
  );
  return editing ? (
    form
  ) : (
    <Card withBorder radius="md" padding="lg">
      {form}
    </Card>
  );
}

/** "What to assign": the class's lessons and assessments, grouped by course. */
function ItemField({
  ref,
  items,
  value,
  onChange,
  error,
}: {
  ref: Ref<HTMLInputElement>;
  items: AssignableItem[];
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
}) {
  const intl = useIntl();
  const groups = [...new Set(items.map((i) => i.courseTitle))].map((course) => ({
    group: course,
    items: items
      .filter((i) => i.courseTitle === course)
      .map((i) => ({ value: i.id, label: intl.formatMessage(m.itemOption, { kind: i.kind, title: i.title }) })),
  }));
  return (
    <Select
      ref={ref}
      label={intl.formatMessage(m.whatToAssign)}
      placeholder={intl.formatMessage(m.whatToAssignPlaceholder, { hasItems: items.length ? 'yes' : 'no' })}
      data={groups}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      nothingFoundMessage={intl.formatMessage(m.noItemOfThatName)}
    />
  );
}

/** Every learner an assignment is set to (for its chosen learners' list when editing). */
function useAllLearnersOf(classId: string, assignment: Assignment) {
  const all = useAssignmentLearners(classId, assignment.id, undefined, 1, 100, !assignment.wholeClass);
  if (assignment.wholeClass) return { ids: [] as string[], ready: true };
  return { ids: all.data?.items.map((l) => l.studentId) ?? [], ready: all.data !== undefined };
}

/** Edit an assignment (issue 46.4): its dates and whom it is for. Closing returns focus to its "Edit" button. */
export function EditAssignmentModal({
  classId,
  assignment,
  onClose,
}: {
  classId: string;
  assignment: Assignment;
  onClose: () => void;
}) {
  const intl = useIntl();
  const current = useAllLearnersOf(classId, assignment);
  return (
    <Modal
      opened
      onClose={onClose}
      title={intl.formatMessage(m.editTitle, { title: assignment.title })}
      centered
      // Wide enough for three date-and-time fields side by side, each shown whole.
      size="xl"
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      {current.ready ? (
        <AssignmentForm
          mode="edit"
          classId={classId}
          assignment={assignment}
          learnerIds={current.ids}
          onDone={onClose}
        />
      ) : (
        <Text c="dimmed">{intl.formatMessage(m.loadingLearners)}</Text>
      )}
    </Modal>
  );
}
