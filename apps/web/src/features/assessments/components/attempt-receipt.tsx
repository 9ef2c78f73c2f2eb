import type { AttemptForStudent } from '@lyceum/contract';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTimeZone } from '@/lib/use-time-zone';
import type { AttemptResult, AttemptStatus } from '@lyceum/contract';
import { useIntl, type IntlShape } from '@/i18n/intl';
import { STATUS_COLORS, formatDateTime, formatDuration, formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';

/** What a receipt tells of the score, as the release policy has it, in the page's language. */
export function releaseNote(intl: IntlShape, result: AttemptResult, status: AttemptStatus, timeZone?: string): string {
  if (result.score !== null) return intl.formatMessage(messages.scoreShownNow);
  if (result.released.score) return intl.formatMessage(messages.scoreOnceGraded);
  const grading = status === 'needs_grading' ? 'yes' : 'no';
  return result.releasesAt
    ? intl.formatMessage(messages.scoreAfter, { grading, date: formatDateTime(result.releasesAt, timeZone) })
    : intl.formatMessage(messages.scoreWhenReleased, { grading });
}

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
  const intl = useIntl();
  const receipt = attempt.receipt;
  const result = attempt.result;
  const submittedAt = receipt?.submittedAt ?? attempt.submittedAt;
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={6}>
        <Group gap="xs">
          <IconCircleCheck size={28} color="var(--mantine-color-teal-9)" aria-hidden />
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {intl.formatMessage(messages.attemptSubmitted)}
          </Title>
        </Group>
        <Text c="dimmed" dir="auto">
          {attempt.title}
        </Text>
      </Stack>
      {receipt?.autoSubmitted ? (
        <Alert color="orange" variant="light" title={intl.formatMessage(messages.autoSubmittedTitle)}>
          {intl.formatMessage(messages.autoSubmittedText)}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="sm">
          {intl.formatMessage(messages.receipt)}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact
            label={intl.formatMessage(messages.factAttempt)}
            value={intl.formatMessage(messages.factNumber, { number: attempt.number })}
          />
          <Fact
            label={intl.formatMessage(messages.factSubmitted)}
            value={submittedAt ? formatDateTime(submittedAt, timeZone) : '—'}
          />
          <Fact
            label={intl.formatMessage(messages.factTimeTaken)}
            value={submittedAt ? formatDuration(attempt.startedAt, submittedAt) : '—'}
          />
          <Fact
            label={intl.formatMessage(messages.factAnswersCounted)}
            value={
              receipt
                ? intl.formatMessage(messages.answeredOf, { answered: receipt.answered, total: receipt.questionCount })
                : intl.formatMessage(messages.questionCount, { count: attempt.questions.length })
            }
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md">
            {intl.formatMessage(messages.result)}
          </Title>
          <Badge color={STATUS_COLORS[attempt.status]} variant="filled" radius="sm">
            {intl.formatMessage(messages.status, { status: attempt.status })}
          </Badge>
        </Group>
        {result && result.score !== null ? (
          <Stack gap={4}>
            <Text fz={28} fw={700}>
              <span dir="ltr">
                {formatPoints(result.score)} / {formatPoints(result.maxScore)}
              </span>
              {result.percent !== null ? (
                <Text span fz="lg" c="dimmed" fw={500}>
                  {' '}
                  ({formatPoints(result.percent)}%)
                </Text>
              ) : null}
            </Text>
            {result.passed !== null ? (
              <Text fw={600} c={result.passed ? 'teal.9' : 'red.9'}>
                {intl.formatMessage(result.passed ? messages.passed : messages.notPassed)}
              </Text>
            ) : null}
            {result.late ? (
              <Text size="sm" c="dimmed">
                {result.penaltyPercent
                  ? intl.formatMessage(messages.submittedLatePenalty, { penalty: formatPoints(result.penaltyPercent) })
                  : intl.formatMessage(messages.submittedLate)}
              </Text>
            ) : null}
            <Text size="sm">
              {releaseNote(intl, result, attempt.status, timeZone)}
              {attempt.status === 'needs_grading' ? intl.formatMessage(messages.scoreMayChange) : ''}
            </Text>
          </Stack>
        ) : result ? (
          <Text>{releaseNote(intl, result, attempt.status, timeZone)}</Text>
        ) : (
          <Text>{intl.formatMessage(messages.scoreWhenReleased, { grading: 'no' })}</Text>
        )}
      </Paper>
      <Group>
        <Button component={Link} to={reviewHref}>
          {intl.formatMessage(messages.reviewAnswers)}
        </Button>
        <Button component={Link} to={attemptsHref} variant="default">
          {intl.formatMessage(messages.myQuizAttempts)}
        </Button>
        <Button component={Link} to={startHref} variant="default">
          {intl.formatMessage(messages.backToAssessment)}
        </Button>
      </Group>
    </Stack>
  );
}
