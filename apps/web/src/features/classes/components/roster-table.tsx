import type { RosterEntry } from '@lyceum/contract';
import {
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type ButtonProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { formatDate } from '@/lib/format-date';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRemoveMember } from '../api/class-mutations';
import { useRoster } from '../api/class-lists';
import { classesMessages as messages } from '../messages';
import { AccommodationModal } from './accommodation-modal';
import { accommodationText } from './accommodation-text';
import { useDialogOpener } from './use-dialog-opener';

const percent = (value: number | null) => (value === null ? '—' : `${value} %`);

/** The counting grade (course total) per class course; the course's title only when the class has several. */
function GradeList({ grades }: { grades: RosterEntry['grades'] }) {
  const t = useIntl().formatMessage;
  if (grades.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (grades.length === 1)
    return (
      <Text size="sm" fw={500} title={grades[0]!.percent === null ? t(messages.nothingGradedYet) : undefined}>
        {percent(grades[0]!.percent)}
      </Text>
    );
  return (
    <Stack gap={2}>
      {grades.map((g) => (
        <Text key={g.courseId} size="sm">
          <Text span c="dimmed" size="sm">
            {g.courseTitle}:
          </Text>{' '}
          <Text span fw={500} size="sm">
            {percent(g.percent)}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function AccommodationSummary({ student }: { student: RosterEntry }) {
  const intl = useIntl();
  return student.accommodation ? (
    <Text size="sm" c="grape.9" fw={500}>
      {accommodationText(intl, student.accommodation)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {intl.formatMessage(messages.none)}
    </Text>
  );
}

function ProgressBar({ student, width }: { student: RosterEntry; width: number | string }) {
  const t = useIntl().formatMessage;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={student.progressPercent} w={width} aria-label={t(messages.progressOf, { name: student.name })} />
      <Text size="sm">{student.progressPercent}%</Text>
    </Group>
  );
}

function RowActions({
  student,
  readOnly,
  onAccommodate,
  onRemove,
  size = 'xs',
}: {
  student: RosterEntry;
  readOnly: boolean;
  onAccommodate: (from: HTMLElement) => void;
  onRemove: () => void;
  size?: ButtonProps['size'];
}) {
  const t = useIntl().formatMessage;
  return (
    <>
      <Button
        size={size}
        variant="default"
        disabled={readOnly}
        onClick={(event) => onAccommodate(event.currentTarget)}
        aria-label={t(messages.accommodationFor, { name: student.name })}
      >
        {t(messages.accommodation)}
      </Button>
      <Button
        size={size}
        variant="subtle"
        color="red"
        disabled={readOnly}
        onClick={onRemove}
        aria-label={t(messages.removeNamed, { name: student.name })}
      >
        {t(messages.remove)}
      </Button>
    </>
  );
}

/** One label and its value on a student's card (the phone's roster). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The class's students: progress over its courses, grade, last activity, accommodations; remove, accommodate. A
 * table where every column fits (text wraps, nothing is cut); below 1200 px wide, one card per student with every
 * field, so a phone shows all of it without sideways scrolling (issue 46.3).
 */
export function RosterTable({ classId, readOnly }: { classId: string; readOnly: boolean }) {
  const t = useIntl().formatMessage;
  const wide = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const [page, setPage] = useState(1);
  const roster = useRoster(classId, page);
  const accommodating = useDialogOpener<RosterEntry>();
  const [removing, setRemoving] = useState<RosterEntry | null>(null);
  const remove = useRemoveMember(classId);

  if (roster.isError) return <LoadError title={t(messages.rosterLoadFailed)} onRetry={() => void roster.refetch()} />;
  if (!roster.data) return <Text c="dimmed">{t(messages.loadingRoster)}</Text>;
  if (roster.data.total === 0) {
    return <Text c="dimmed">{t(messages.noStudents)}</Text>;
  }
  return (
    <Stack gap="md">
      {wide ? (
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(messages.colStudent)}</Table.Th>
              <Table.Th>{t(messages.colProgress)}</Table.Th>
              <Table.Th>{t(messages.colGrade)}</Table.Th>
              <Table.Th>{t(messages.colLastActivity)}</Table.Th>
              <Table.Th>{t(messages.accommodation)}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t(messages.colActions)}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roster.data.items.map((student) => (
              <Table.Tr key={student.studentId}>
                <Table.Td>
                  <Text fw={600}>{student.name}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {student.email}
                  </Text>
                </Table.Td>
                <Table.Td miw={130}>
                  <ProgressBar student={student} width={70} />
                </Table.Td>
                <Table.Td miw={110}>
                  <GradeList grades={student.grades} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {student.lastActivityAt ? formatDate(student.lastActivityAt) : t(messages.notYet)}
                  </Text>
                </Table.Td>
                <Table.Td maw={200}>
                  <AccommodationSummary student={student} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="stretch">
                    <RowActions
                      student={student}
                      readOnly={readOnly}
                      onAccommodate={(from) => accommodating.show(student, from)}
                      onRemove={() => setRemoving(student)}
                    />
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t(messages.students)}>
          {roster.data.items.map((student) => (
            <Paper key={student.studentId} component="li" withBorder radius="md" p="md">
              <Stack gap="sm">
                <div>
                  <Text fw={600}>{student.name}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {student.email}
                  </Text>
                </div>
                <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
                  <Field label={t(messages.colProgress)}>
                    <ProgressBar student={student} width="60%" />
                  </Field>
                  <Field label={t(messages.colGrade)}>
                    <GradeList grades={student.grades} />
                  </Field>
                  <Field label={t(messages.colLastActivity)}>
                    <Text size="sm">
                      {student.lastActivityAt ? formatDate(student.lastActivityAt) : t(messages.notYet)}
                    </Text>
                  </Field>
                  <Field label={t(messages.accommodation)}>
                    <AccommodationSummary student={student} />
                  </Field>
                </SimpleGrid>
                <Group gap="xs">
                  <RowActions
                    student={student}
                    readOnly={readOnly}
                    size="sm"
                    onAccommodate={(from) => accommodating.show(student, from)}
                    onRemove={() => setRemoving(student)}
                  />
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ListPagination
        page={page}
        pageSize={roster.data.pageSize}
        total={roster.data.total}
        onChange={setPage}
        label={t(messages.rosterPages)}
      />
      {accommodating.open ? (
        <AccommodationModal classId={classId} learner={accommodating.open} onClose={accommodating.close} />
      ) : null}
      <ConfirmModal
        opened={removing !== null}
        title={t(messages.removeFromClass, { known: removing ? 'yes' : 'no', name: removing?.name ?? '' })}
        confirmLabel={t(messages.removeStudent)}
        danger
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.studentId, {
            onSuccess: () => {
              notifySuccess(t(messages.removedFromClass, { name: removing.name }));
              setRemoving(null);
            },
            onError: (error) => notifyError(toastMessageOf(error, t(messages.removeStudentFailed))),
          })
        }
      >
        {t(messages.removeStudentBody)}
      </ConfirmModal>
    </Stack>
  );
}
