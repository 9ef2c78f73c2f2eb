import type { ItemAnalysisReport } from '@lyceum/contract';
import { Alert, Badge, Group, List, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadError } from '@/components/load-error';
import { useIntl, type MessageDescriptor } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { useItemAnalysis } from '../api/grading';
import { gradingMessages as messages } from '../messages';

// The chart is its own chunk: the table alone is useful while it loads, and no other page pays for it.
const ItemAnalysisChart = lazy(async () => ({ default: (await import('./item-analysis-chart')).ItemAnalysisChart }));

type Item = ItemAnalysisReport['items'][number];
type Flag = Item['flags'][number];

const FLAG_TEXT: Record<Flag, { label: MessageDescriptor; explain: MessageDescriptor }> = {
  negative_discrimination: { label: messages.flagNegativeLabel, explain: messages.flagNegativeExplain },
  unused_distractor: { label: messages.flagUnusedLabel, explain: messages.flagUnusedExplain },
  key_missed_by_top: { label: messages.flagKeyMissedLabel, explain: messages.flagKeyMissedExplain },
};

const two = (n: number | null) => (n === null ? '—' : n.toFixed(2));

/** The facility's band, a key of grading.facilityWords. */
function facilityLevel(f: number | null) {
  if (f === null) return 'none';
  if (f >= 0.9) return 'veryEasy';
  if (f >= 0.7) return 'easy';
  if (f >= 0.3) return 'medium';
  return 'hard';
}

/** The discrimination's band, a key of grading.discriminationWords. */
function discriminationLevel(d: number | null) {
  if (d === null) return 'none';
  if (d < 0) return 'reversed';
  if (d < 0.2) return 'weak';
  if (d < 0.4) return 'fair';
  return 'good';
}

function Choices({ item }: { item: Item }) {
  const t = useIntl().formatMessage;
  if (!item.choices) return null;
  const total = item.choices.reduce((sum, c) => sum + c.picks, 0);
  return (
    <List size="sm" spacing={2}>
      {item.choices.map((choice) => (
        <List.Item key={choice.id}>
          <Text span size="sm" fw={choice.key ? 700 : 400}>
            <bdi dir="auto">{choice.text}</bdi>
            {choice.key ? t(messages.keySuffix) : ''}
          </Text>
          <Text span size="sm" c="dimmed">
            {t(messages.picks, { count: choice.picks })}
            {total > 0 ? ` (${t(messages.percent, { value: Math.round((choice.picks / total) * 100) })})` : ''}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** The item analysis of one assessment: a chart of facility and discrimination, and per question the numbers, picks and flags. */
export function ItemAnalysis({ courseId, itemId }: { courseId: string; itemId: string }) {
  const report = useItemAnalysis(courseId, itemId);
  const t = useIntl().formatMessage;
  if (report.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t(messages.loadingAnalysis)}>
        <Skeleton height={200} radius="md" />
        <Skeleton height={300} radius="md" />
      </Stack>
    );
  if (report.isError)
    return (
      <LoadError
        title={t(messages.analysisLoadFailed)}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      >
        {toastMessageOf(report.error, t(messages.tryAgainSoon))}
      </LoadError>
    );
  const { attempts, groupSize, items } = report.data;
  if (attempts === 0 || items.length === 0) return <Alert color="gray">{t(messages.noGradedAttempts)}</Alert>;
  const flagged = items.filter((i) => i.flags.length > 0).length;
  return (
    <Stack gap="lg">
      <Text>{t(messages.basedOn, { attempts, groupSize, flagged })}</Text>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="sm">
          {t(messages.atAGlance)}
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
                  {t(messages.questionTitle, { number: i + 1, title: item.title })}
                </Title>
                <Group gap={6}>
                  {item.flags.map((flag) => (
                    <Badge key={flag} color="red.9" variant="filled" radius="sm" tt="none">
                      {t(FLAG_TEXT[flag].label)}
                    </Badge>
                  ))}
                </Group>
              </Group>
              <Table withTableBorder fz="sm" maw={560}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">{t(messages.answersGraded)}</Table.Th>
                    <Table.Td>{item.answers}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t(messages.facility)}</Table.Th>
                    <Table.Td>
                      {two(item.facility)} ({t(messages.facilityWords, { level: facilityLevel(item.facility) })})
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t(messages.discrimination)}</Table.Th>
                    <Table.Td>
                      {two(item.discrimination)} (
                      {t(messages.discriminationWords, { level: discriminationLevel(item.discrimination) })})
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Choices item={item} />
              {item.flags.map((flag) => (
                <Text key={flag} size="sm" c="red.9">
                  {t(FLAG_TEXT[flag].explain)}
                </Text>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        {t(messages.analysisFootnote)}
      </Text>
    </Stack>
  );
}
