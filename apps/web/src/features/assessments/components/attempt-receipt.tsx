import type { AttemptForStudent } from '@lyceum/contract';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTimeZone } from '@/lib/use-time-zone';
import {
  STATUS_COLORS,
  STATUS_LABELS,
  formatDateTime,
  formatDuration,
  formatPoints,
  scoreReleaseNote,
} from '../format';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** The receipt of a submitted attempt: when, how long, answers counted, and the score when the policy releases it. */
export function AttemptReceipt({
  attempt,
  attemptsHref,
  startHref,
  reviewHref,
}: {
  attempt: AttemptForStudent;
  attemptsHref: string;
  startHref: string;
  reviewHref: string;
}) {
  const timeZone = useTimeZone();
  const receipt = attempt.receipt;
  const result = attempt.result;
  const submittedAt = receipt?.submittedAt ?? attempt.submittedAt;
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={6}>
        <Group gap="xs">
          <IconCircleCheck size={28} color="var(--mantine-color-teal-9)" aria-hidden />
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Attempt submitted
          </Title>
        </Group>
        <Text c="dimmed">{attempt.title}</Text>
      </Stack>
      {receipt?.autoSubmitted ? (
        <Alert color="orange" variant="light" title="Submitted when the time ran out">
          The answers you had saved before the deadline were submitted.
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="sm">
          Receipt
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact label="Attempt" value={`Number ${attempt.number}`} />
          <Fact label="Submitted" value={submittedAt ? formatDateTime(submittedAt, timeZone) : '—'} />
          <Fact label="Time taken" value={submittedAt ? formatDuration(attempt.startedAt, submittedAt) : '—'} />
          <Fact
            label="Answers counted"
            value={
              receipt ? `${receipt.answered} of ${receipt.questionCount}` : `${attempt.questions.length} questions`
            }
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md">
            Result
          </Title>
          <Badge color={STATUS_COLORS[attempt.status]} variant="filled" radius="sm">
            {STATUS_LABELS[attempt.status]}
          </Badge>
        </Group>
        {result && result.score !== null ? (
          <Stack gap={4}>
            <Text fz={28} fw={700}>
              {formatPoints(result.score)} / {formatPoints(result.maxScore)}
              {result.percent !== null ? (
                <Text span fz="lg" c="dimmed" fw={500}>
                  {' '}
                  ({formatPoints(result.percent)}%)
                </Text>
              ) : null}
            </Text>
            {result.passed !== null ? (
              <Text fw={600} c={result.passed ? 'teal.9' : 'red.9'}>
                {result.passed ? 'Passed' : 'Not passed'}
              </Text>
            ) : null}
            {result.late ? (
              <Text size="sm" c="dimmed">
                Submitted late
                {result.penaltyPercent ? `: ${formatPoints(result.penaltyPercent)}% late penalty applied` : ''}.
              </Text>
            ) : null}
            <Text size="sm">
              {scoreReleaseNote(result, attempt.status, timeZone)}
              {attempt.status === 'needs_grading'
                ? ' Some answers are graded by your teacher; this score may still change.'
                : ''}
            </Text>
          </Stack>
        ) : result ? (
          <Text>{scoreReleaseNote(result, attempt.status, timeZone)}</Text>
        ) : (
          <Text>Your score will be shown when your teacher releases it.</Text>
        )}
      </Paper>
      <Group>
        <Button component={Link} to={reviewHref}>
          Review answers
        </Button>
        <Button component={Link} to={attemptsHref} variant="default">
          My Quiz Attempts
        </Button>
        <Button component={Link} to={startHref} variant="default">
          Back to the assessment
        </Button>
      </Group>
    </Stack>
  );
}
