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
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useOverrideCell, useOverrideHistory, useSaveWeights } from '../api/grading';
import { formatDateTime } from '@lyceum/contract/constants';
import { displayTimeZone } from '@/lib/time-zone';
import { gradingMessages as messages } from '../messages';

export interface CellTarget {
  column: GradebookColumn;
  cell: GradebookCell;
  student: { id: string; name: string };
}

function History({ courseId, target }: { courseId: string; target: CellTarget }) {
  const history = useOverrideHistory(courseId, target.column.assessmentId, target.student.id);
  const t = useIntl().formatMessage;
  if (history.isPending) return <Text size="sm">{t(messages.loadingHistory)}</Text>;
  if (history.isError) return <Text size="sm">{t(messages.historyLoadFailed)}</Text>;
  if (history.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t(messages.noOverrides)}
      </Text>
    );
  return (
    <Table withTableBorder fz="sm">
      <Table.Caption>{t(messages.historyCaption)}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t(messages.when)}</Table.Th>
          <Table.Th scope="col">{t(messages.by)}</Table.Th>
          <Table.Th scope="col">{t(messages.points)}</Table.Th>
          <Table.Th scope="col">{t(messages.reason)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.items.map((h) => (
          <Table.Tr key={h.createdAt + h.reason}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(h.createdAt, { style: 'medium', timeZone: displayTimeZone() })}
            </Table.Td>
            <Table.Td dir={h.byName ? 'auto' : undefined}>{h.byName ?? t(messages.deletedAccount)}</Table.Td>
            <Table.Td>{h.points === null ? t(messages.cleared) : h.points}</Table.Td>
            <Table.Td dir="auto">{h.reason}</Table.Td>
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
  const t = useIntl().formatMessage;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(messages.overrideGrade)}
      size="lg"
      closeButtonProps={{ 'aria-label': t(messages.close) }}
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
  const t = useIntl().formatMessage;
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
      setError(t(messages.giveReason));
      return;
    }
    setError(null);
    save.mutate(
      { points: value, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          setCurrent(value === null ? 'computed' : { points: value, overridden: true });
          notifySuccess(t(value === null ? messages.overrideCleared : messages.gradeOverridden));
        },
        onError: (e) => notifyError(toastMessageOf(e, t(messages.overrideFailed))),
      },
    );
  };
  const max = target.column.points;
  const validPoints = typeof points === 'number' && points >= 0 && points <= max;
  return (
    <Stack gap="md">
      <Text size="sm">
        <FormattedMessage
          {...messages.overrideNow}
          values={{
            strong: (chunks: React.ReactNode[]) => <strong>{chunks}</strong>,
            name: <bdi dir="auto">{target.student.name}</bdi>,
            title: <bdi dir="auto">{target.column.title}</bdi>,
            max,
            now: current === 'computed' ? 'computed' : current.points === null ? 'none' : String(current.points),
            overridden: current !== 'computed' && current.overridden ? 'yes' : 'no',
          }}
        />
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (validPoints) submit(points as number);
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label={t(messages.points)}
            min={0}
            max={max}
            step={0.5}
            decimalScale={2}
            value={points}
            onChange={setPoints}
            error={points !== '' && !validPoints ? t(messages.betweenZeroAnd, { max }) : undefined}
            required
          />
          <Textarea
            label={t(messages.reason)}
            description={t(messages.reasonHint)}
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
              {t(messages.saveOverride)}
            </Button>
            {current !== 'computed' && current.overridden ? (
              <Button variant="default" onClick={() => submit(null)} loading={save.isPending}>
                {t(messages.clearOverride)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      <History courseId={courseId} target={target} />
    </Stack>
  );
}

const KINDS = ['quiz', 'exam', 'assignment'] as const;

/** The weight of each assessment kind in the course total (all 0: every point counts alike). */
export function WeightsForm({ courseId, weights }: { courseId: string; weights: Record<string, number> }) {
  const [values, setValues] = useState<Record<string, number | string>>({
    quiz: weights.quiz ?? 0,
    exam: weights.exam ?? 0,
    assignment: weights.assignment ?? 0,
  });
  const save = useSaveWeights(courseId);
  const t = useIntl().formatMessage;
  const numbers = KINDS.map((k) => (typeof values[k] === 'number' ? (values[k] as number) : 0));
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
            onSuccess: () => notifySuccess(t(messages.weightsSaved)),
            onError: (e) => notifyError(toastMessageOf(e, t(messages.weightsFailed))),
          },
        );
      }}
    >
      <Stack gap="sm">
        <Title order={2} fz="md" id="weights-heading">
          {t(messages.weightsPerKind)}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {KINDS.map((kind) => (
            <NumberInput
              key={kind}
              label={t(messages.kindPercent, { kind })}
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
            {t(messages.weightsSum, { sum: String(sum) })}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t(messages.saveWeights)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
