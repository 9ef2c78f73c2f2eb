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
import { formatDate } from '@/lib/format-date';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRemoveMember } from '../api/class-mutations';
import { useRoster } from '../api/class-lists';
import { AccommodationModal } from './accommodation-modal';
import { accommodationText } from './accommodation-text';
import { useDialogOpener } from './use-dialog-opener';

const percent = (value: number | null) => (value === null ? '—' : `${value} %`);

/** The counting grade (course total) per class course; the course's title only when the class has several. */
function GradeList({ grades }: { grades: RosterEntry['grades'] }) {
  if (grades.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (grades.length === 1)
    return (
      <Text size="sm" fw={500} title={grades[0]!.percent === null ? 'Nothing graded yet' : undefined}>
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
  return student.accommodation ? (
    <Text size="sm" c="grape.9" fw={500}>
      {accommodationText(student.accommodation)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      None
    </Text>
  );
}

function ProgressBar({ student, width }: { student: RosterEntry; width: number | string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={student.progressPercent} w={width} aria-label={`Progress of ${student.name}`} />
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
  return (
    <>
      <Button
        size={size}
        variant="default"
        disabled={readOnly}
        onClick={(event) => onAccommodate(event.currentTarget)}
        aria-label={`Accommodation for ${student.name}`}
      >
        Accommodation
      </Button>
      <Button
        size={size}
        variant="subtle"
        color="red"
        disabled={readOnly}
        onClick={onRemove}
        aria-label={`Remove ${student.name}`}
      >
        Remove
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
  const wide = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const [page, setPage] = useState(1);
  const roster = useRoster(classId, page);
  const accommodating = useDialogOpener<RosterEntry>();
  const [removing, setRemoving] = useState<RosterEntry | null>(null);
  const remove = useRemoveMember(classId);

  if (roster.isError) return <LoadError title="The roster could not be loaded" onRetry={() => void roster.refetch()} />;
  if (!roster.data) return <Text c="dimmed">Loading the roster…</Text>;
  if (roster.data.total === 0) {
    return <Text c="dimmed">No students yet. Share the class code: students who join appear here.</Text>;
  }
  return (
    <Stack gap="md">
      {wide ? (
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Grade</Table.Th>
              <Table.Th>Last activity</Table.Th>
              <Table.Th>Accommodation</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
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
                  <Text size="sm">{student.lastActivityAt ? formatDate(student.lastActivityAt) : 'Not yet'}</Text>
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
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Students">
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
                  <Field label="Progress">
                    <ProgressBar student={student} width="60%" />
                  </Field>
                  <Field label="Grade">
                    <GradeList grades={student.grades} />
                  </Field>
                  <Field label="Last activity">
                    <Text size="sm">{student.lastActivityAt ? formatDate(student.lastActivityAt) : 'Not yet'}</Text>
                  </Field>
                  <Field label="Accommodation">
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
        label="Roster pages"
      />
      {accommodating.open ? (
        <AccommodationModal classId={classId} learner={accommodating.open} onClose={accommodating.close} />
      ) : null}
      <ConfirmModal
        opened={removing !== null}
        title={`Remove ${removing?.name ?? 'this student'} from the class?`}
        confirmLabel="Remove student"
        danger
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.studentId, {
            onSuccess: () => {
              notifySuccess(`${removing.name} was removed from the class`);
              setRemoving(null);
            },
            onError: (error) => notifyError(toastMessageOf(error, 'The student could not be removed')),
          })
        }
      >
        They leave the class and its stream. Their enrolments, progress and grades in the courses are kept.
      </ConfirmModal>
    </Stack>
  );
}
