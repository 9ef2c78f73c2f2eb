import { ASSESSMENT_LIMITS } from '@lyceum/contract/constants';
import { Alert, Badge, Button, Group, List, Paper, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { toastMessageOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimeZone } from '@/lib/use-time-zone';
import { useStartAttempt, useStartInfo } from '../api/take-assessment';
import { COUNTING_LABELS, KIND_LABELS, formatDateTime, formatMinutesLong, formatPoints } from '../format';

export interface AssessmentStartProps {
  courseId: string;
  itemId: string;
  /** Where an attempt opens. */
  attemptHref: (attemptId: string) => string;
  /** The course page, for "Back to the course". */
  courseHref: string;
}

/** The start page: the rules, time limit, attempts left and dates, then Start (with the password when set) or Resume. */
export function AssessmentStart({ courseId, itemId, attemptHref, courseHref }: AssessmentStartProps) {
  const info = useStartInfo(courseId, itemId);
  const start = useStartAttempt(courseId, itemId);
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const [password, setPassword] = useState('');
  usePageTitle(info.data?.title ?? 'Assessment');

  if (info.isPending)
    return (
      <Stack gap="md" role="status" aria-label="Loading the assessment">
        <Skeleton height={32} width="50%" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  if (info.isError)
    return (
      <LoadError
        title="The assessment could not be loaded"
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      >
        {toastMessageOf(info.error, 'Please try again in a moment.')}
      </LoadError>
    );

  const a = info.data;
  const { window } = a;
  const passwordError =
    start.error && a.requiresPassword ? toastMessageOf(start.error, 'The attempt could not start') : null;
  const begin = () =>
    start.mutate(a.requiresPassword ? { password } : {}, {
      onSuccess: (attempt) => void navigate(attemptHref(attempt.id)),
    });

  const rules: string[] = [
    `${a.questionCount} ${a.questionCount === 1 ? 'question' : 'questions'}, ${formatPoints(a.points)} points; ${formatPoints(a.passingPercent)}% to pass.`,
    window.timeLimitMinutes
      ? `Time limit: ${formatMinutesLong(window.timeLimitMinutes)}, counted from the moment you start, even if you close the page. When the time is up, the answers you saved are submitted.`
      : 'No time limit.',
    a.attemptsAllowed === null
      ? `Unlimited attempts (${a.attemptsUsed} used). ${COUNTING_LABELS[a.countingRule]}.`
      : `${a.attemptsLeft ?? 0} of ${a.attemptsAllowed} ${a.attemptsAllowed === 1 ? 'attempt' : 'attempts'} left. ${COUNTING_LABELS[a.countingRule]}.`,
    a.layout === 'one_at_a_time'
      ? 'One question at a time; you can go back to any question before you submit.'
      : 'All questions on one page.',
    'Each answer is saved as you give it.',
  ];
  if (window.opensAt) rules.push(`Opens ${formatDateTime(window.opensAt, timeZone)}.`);
  if (window.dueAt)
    rules.push(
      `Due ${formatDateTime(window.dueAt, timeZone)}.${
        window.closesAt && window.closesAt !== window.dueAt
          ? ` Late submissions until ${formatDateTime(window.closesAt, timeZone)}${
              a.latePenaltyPercentPerDay > 0 ? `, ${formatPoints(a.latePenaltyPercentPerDay)}% off per day late` : ''
            }.`
          : ''
      }`,
    );
  else if (window.closesAt) rules.push(`Closes ${formatDateTime(window.closesAt, timeZone)}.`);

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="filled" color="indigo.8" radius="sm">
            {KIND_LABELS[a.kind]}
          </Badge>
          {window.timeLimitMinutes ? (
            <Badge variant="filled" color="gray.8" radius="sm" leftSection={<IconClock size={12} aria-hidden />}>
              {formatMinutesLong(window.timeLimitMinutes)}
            </Badge>
          ) : null}
        </Group>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {a.title}
        </Title>
      </Stack>
      {a.instructions ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="md" mb="xs">
            Instructions
          </Title>
          <RichTextView html={a.instructions} />
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="xs">
          Before you start
        </Title>
        <List spacing={6} size="sm">
          {rules.map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
      </Paper>
      {a.inProgressAttemptId ? (
        <Group>
          <Button
            component={Link}
            to={attemptHref(a.inProgressAttemptId)}
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
          >
            Resume attempt
          </Button>
          <Text size="sm" c="dimmed">
            Your attempt is in progress; the clock keeps running.
          </Text>
        </Group>
      ) : a.canStart ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            begin();
          }}
        >
          <Stack gap="sm" maw={360}>
            {a.requiresPassword ? (
              <PasswordInput
                label="Access password"
                description="Your teacher gives it to you."
                required
                maxLength={ASSESSMENT_LIMITS.password}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={passwordError}
              />
            ) : null}
            {!a.requiresPassword && start.error ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
                {toastMessageOf(start.error, 'The attempt could not start')}
              </Alert>
            ) : null}
            <Button
              type="submit"
              loading={start.isPending}
              w="fit-content"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
            >
              {a.attemptsUsed > 0 ? 'Start a new attempt' : 'Start attempt'}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert
          color="gray"
          variant="light"
          title="You cannot start this assessment now"
          icon={<IconAlertTriangle aria-hidden />}
        >
          {a.reason ?? 'It is not open.'}
        </Alert>
      )}
      <Button component={Link} to={courseHref} variant="subtle" w="fit-content" px={0}>
        Back to the course
      </Button>
    </Stack>
  );
}
