import type { ItemAnalysisReport } from '@lyceum/contract';
import { Alert, Badge, Group, List, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadError } from '@/components/load-error';
import { toastMessageOf } from '@/lib/api-client';
import { useItemAnalysis } from '../api/grading';

// The chart is its own chunk: the table alone is useful while it loads, and no other page pays for it.
const ItemAnalysisChart = lazy(async () => ({ default: (await import('./item-analysis-chart')).ItemAnalysisChart }));

type Item = ItemAnalysisReport['items'][number];
type Flag = Item['flags'][number];

const FLAG_TEXT: Record<Flag, { label: string; explain: string }> = {
  negative_discrimination: {
    label: 'Weaker students do better',
    explain:
      'Students with low totals scored better on this question than those with high totals: the key may be wrong or the wording misleading.',
  },
  unused_distractor: {
    label: 'Unused wrong choice',
    explain: 'A wrong choice nobody picked adds nothing: replace it with a plausible mistake.',
  },
  key_missed_by_top: {
    label: 'Top students miss the key',
    explain: 'Fewer than half of the top group picked the keyed answer: check that the key is right.',
  },
};

const two = (n: number | null) => (n === null ? '—' : n.toFixed(2));

function facilityWords(f: number | null) {
  if (f === null) return 'not enough answers';
  if (f >= 0.9) return 'very easy';
  if (f >= 0.7) return 'easy';
  if (f >= 0.3) return 'medium';
  return 'hard';
}

function discriminationWords(d: number | null) {
  if (d === null) return 'not enough attempts';
  if (d < 0) return 'reversed';
  if (d < 0.2) return 'weak';
  if (d < 0.4) return 'fair';
  return 'good';
}

function Choices({ item }: { item: Item }) {
  if (!item.choices) return null;
  const total = item.choices.reduce((sum, c) => sum + c.picks, 0);
  return (
    <List size="sm" spacing={2}>
      {item.choices.map((choice) => (
        <List.Item key={choice.id}>
          <Text span size="sm" fw={choice.key ? 700 : 400}>
            {choice.text}
            {choice.key ? ' (key)' : ''}
          </Text>
          <Text span size="sm" c="dimmed">
            {' '}
            — {choice.picks} {choice.picks === 1 ? 'pick' : 'picks'}
            {total > 0 ? ` (${Math.round((choice.picks / total) * 100)} %)` : ''}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** The item analysis of one assessment: a chart of facility and discrimination, and per question the numbers, picks and flags. */
export function ItemAnalysis({ courseId, itemId }: { courseId: string; itemId: string }) {
  const report = useItemAnalysis(courseId, itemId);
  if (report.isPending)
    return (
      <Stack gap="md" role="status" aria-label="Loading the item analysis">
        <Skeleton height={200} radius="md" />
        <Skeleton height={300} radius="md" />
      </Stack>
    );
  if (report.isError)
    return (
      <LoadError
        title="The item analysis could not be loaded"
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      >
        {toastMessageOf(report.error, 'Please try again in a moment.')}
      </LoadError>
    );
  const { attempts, groupSize, items } = report.data;
  if (attempts === 0 || items.length === 0)
    return (
      <Alert color="gray">
        No graded attempts yet: the analysis appears once students have submitted and been graded.
      </Alert>
    );
  const flagged = items.filter((i) => i.flags.length > 0).length;
  return (
    <Stack gap="lg">
      <Text>
        Based on {attempts} graded {attempts === 1 ? 'attempt' : 'attempts'} (each student&apos;s counting attempt)
        {groupSize > 0 ? `; top and bottom groups of ${groupSize}` : ''}.{' '}
        {flagged === 0
          ? 'No question looks broken.'
          : `${flagged} ${flagged === 1 ? 'question needs' : 'questions need'} a look.`}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="sm">
          At a glance
        </Title>
        <Suspense fallback={<Skeleton height={items.length * 34 + 40} />}>
          <ItemAnalysisChart items={items} />
        </Suspense>
      </Paper>
      <Stack gap="md">
        {items.map((item, i) => (
          <Paper
            key={item.questionId}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={`ia-${item.questionId}`}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} fz="md" id={`ia-${item.questionId}`}>
                  Q{i + 1}. {item.title}
                </Title>
                <Group gap={6}>
                  {item.flags.map((flag) => (
                    <Badge key={flag} color="red.9" variant="filled" radius="sm" tt="none">
                      {FLAG_TEXT[flag].label}
                    </Badge>
                  ))}
                </Group>
              </Group>
              <Table withTableBorder fz="sm" maw={560}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">Answers graded</Table.Th>
                    <Table.Td>{item.answers}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">Facility</Table.Th>
                    <Table.Td>
                      {two(item.facility)} ({facilityWords(item.facility)})
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">Discrimination</Table.Th>
                    <Table.Td>
                      {two(item.discrimination)} ({discriminationWords(item.discrimination)})
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Choices item={item} />
              {item.flags.map((flag) => (
                <Text key={flag} size="sm" c="red.9">
                  {FLAG_TEXT[flag].explain}
                </Text>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        Facility: the share of the points students earned (1 = everyone full marks). Discrimination: how much better the
        top 27 % did than the bottom 27 % (above 0.3 separates well; below 0 is a warning).
      </Text>
    </Stack>
  );
}
