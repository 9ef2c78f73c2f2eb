import type { GradebookCell, GradebookColumn } from '@lyceum/contract';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useOverrideCell, useOverrideHistory, useSaveWeights } from '../api/grading';
import { formatDateTime } from '@lyceum/contract/constants';
import { displayTimeZone } from '@/lib/time-zone';

export interface CellTarget {
  column: GradebookColumn;
  cell: GradebookCell;
  student: { id: string; name: string };
}

function History({ courseId, target }: { courseId: string; target: CellTarget }) {
  const history = useOverrideHistory(courseId, target.column.assessmentId, target.student.id);
  if (history.isPending) return <Text size="sm">Loading the history…</Text>;
  if (history.isError) return <Text size="sm">The history could not be loaded.</Text>;
  if (history.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No overrides yet: the cell shows the computed score.
      </Text>
    );
  return (
    <Table withTableBorder fz="sm">
      <Table.Caption>Override history, newest first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">When</Table.Th>
          <Table.Th scope="col">By</Table.Th>
          <Table.Th scope="col">Points</Table.Th>
          <Table.Th scope="col">Reason</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.items.map((h) => (
          <Table.Tr key={h.createdAt + h.reason}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(h.createdAt, { style: 'medium', timeZone: displayTimeZone() })}
            </Table.Td>
            <Table.Td>{h.byName ?? 'A deleted account'}</Table.Td>
            <Table.Td>{h.points === null ? 'Cleared' : h.points}</Table.Td>
            <Table.Td>{h.reason}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Override one cell with a reason (or clear the override), with the cell's history. */
export function OverrideDialog({
  courseId,
  target,
  onClose,
}: {
  courseId: string;
  target: CellTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title="Override grade"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Mantine's modal header is a <header>, which axe reads as a second page banner; the dialog is named by its title.
      attributes={{ header: { role: 'presentation' } }}
    >
      {target ? (
        <OverrideForm key={`${target.column.assessmentId}-${target.student.id}`} courseId={courseId} target={target} />
      ) : null}
    </Modal>
  );
}

function OverrideForm({ courseId, target }: { courseId: string; target: CellTarget }) {
  const [points, setPoints] = useState<number | string>(target.cell.points ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // What the cell shows now: the computed score until this dialog saves an override (or clears it).
  const [current, setCurrent] = useState<{ points: number | null; overridden: boolean } | 'computed'>({
    points: target.cell.points,
    overridden: target.cell.overridden,
  });
  const save = useOverrideCell(courseId, target.column.assessmentId, target.student.id);
  const submit = (value: number | null) => {
    if (!reason.trim()) {
      setError('Give a reason: it is kept in the history.');
      return;
    }
    setError(null);
    save.mutate(
      { points: value, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          setCurrent(value === null ? 'computed' : { points: value, overridden: true });
          notifySuccess(value === null ? 'Override cleared' : 'Grade overridden');
        },
        onError: (e) => notifyError(toastMessageOf(e, 'The override could not be saved')),
      },
    );
  };
  const max = target.column.points;
  const validPoints = typeof points === 'number' && points >= 0 && points <= max;
  return (
    <Stack gap="md">
      <Text size="sm">
        <strong>{target.student.name}</strong> · {target.column.title} (out of {max}). Now:{' '}
        {current === 'computed'
          ? 'the computed score'
          : `${current.points === null ? 'no score' : `${current.points} points`}${current.overridden ? ' (overridden)' : ''}`}
        .
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (validPoints) submit(points as number);
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label="Points"
            min={0}
            max={max}
            step={0.5}
            decimalScale={2}
            value={points}
            onChange={setPoints}
            error={points !== '' && !validPoints ? `Between 0 and ${max}` : undefined}
            required
          />
          <Textarea
            label="Reason"
            description="Required; the student does not see it."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            error={error}
            required
          />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!validPoints}>
              Save override
            </Button>
            {current !== 'computed' && current.overridden ? (
              <Button variant="default" onClick={() => submit(null)} loading={save.isPending}>
                Clear override
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      <History courseId={courseId} target={target} />
    </Stack>
  );
}

const KINDS = [
  ['quiz', 'Quizzes'],
  ['exam', 'Exams'],
  ['assignment', 'Assignments'],
] as const;

/** The weight of each assessment kind in the course total (all 0: every point counts alike). */
export function WeightsForm({ courseId, weights }: { courseId: string; weights: Record<string, number> }) {
  const [values, setValues] = useState<Record<string, number | string>>({
    quiz: weights.quiz ?? 0,
    exam: weights.exam ?? 0,
    assignment: weights.assignment ?? 0,
  });
  const save = useSaveWeights(courseId);
  const numbers = KINDS.map(([k]) => (typeof values[k] === 'number' ? (values[k] as number) : 0));
  const sum = numbers.reduce((a, b) => a + b, 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      aria-labelledby="weights-heading"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        save.mutate(
          { quiz: numbers[0], exam: numbers[1], assignment: numbers[2] },
          {
            onSuccess: () => notifySuccess('Weights saved'),
            onError: (e) => notifyError(toastMessageOf(e, 'The weights could not be saved')),
          },
        );
      }}
    >
      <Stack gap="sm">
        <Title order={2} fz="md" id="weights-heading">
          Weights per kind
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {KINDS.map(([kind, label]) => (
            <NumberInput
              key={kind}
              label={`${label} (%)`}
              min={0}
              max={100}
              step={5}
              allowDecimal={false}
              value={values[kind]}
              onChange={(v) => setValues((old) => ({ ...old, [kind]: v }))}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c={sum === 0 || sum === 100 ? 'dimmed' : 'orange.9'}>
            {sum === 0
              ? 'All 0: every point counts alike.'
              : sum === 100
                ? 'Total 100 %.'
                : `Total ${sum} %: kinds are scaled to their share of it.`}{' '}
            Kinds with nothing graded are left out and the others re-scaled.
          </Text>
          <Button type="submit" loading={save.isPending}>
            Save weights
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
