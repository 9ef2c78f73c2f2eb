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
import { formatDateTime, formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';
import { useAssessmentText } from './use-assessment-text';

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
  const { intl, kindLabel, countingLabel, minutesLong } = useAssessmentText();
  usePageTitle(info.data?.title ?? intl.formatMessage(messages.assessment));

  if (info.isPending)
    return (
      <Stack gap="md" role="status" aria-label={intl.formatMessage(messages.loadingAssessment)}>
        <Skeleton height={32} width="50%" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  if (info.isError)
    return (
      <LoadError
        title={intl.formatMessage(messages.assessmentLoadFailed)}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      >
        {toastMessageOf(info.error, intl.formatMessage(messages.tryAgainSoon))}
      </LoadError>
    );

  const a = info.data;
  const { window } = a;
  const passwordError =
    start.error && a.requiresPassword ? toastMessageOf(start.error, intl.formatMessage(messages.couldNotStart)) : null;
  const begin = () =>
    start.mutate(a.requiresPassword ? { password } : {}, {
      onSuccess: (attempt) => void navigate(attemptHref(attempt.id)),
    });

  const counting = countingLabel(a.countingRule);
  const rules: string[] = [
    intl.formatMessage(messages.ruleQuestions, {
      count: a.questionCount,
      points: formatPoints(a.points),
      passing: formatPoints(a.passingPercent),
    }),
    window.timeLimitMinutes
      ? intl.formatMessage(messages.ruleTimeLimit, { duration: minutesLong(window.timeLimitMinutes) })
      : intl.formatMessage(messages.ruleNoTimeLimit),
    a.attemptsAllowed === null
      ? intl.formatMessage(messages.ruleUnlimited, { used: a.attemptsUsed, counting })
      : intl.formatMessage(messages.ruleAttemptsLeft, {
          left: a.attemptsLeft ?? 0,
          allowed: a.attemptsAllowed,
          counting,
        }),
    intl.formatMessage(a.layout === 'one_at_a_time' ? messages.ruleOneAtATime : messages.ruleAllOnOnePage),
    intl.formatMessage(messages.ruleSaved),
  ];
  if (window.opensAt)
    rules.push(intl.formatMessage(messages.ruleOpens, { date: formatDateTime(window.opensAt, timeZone) }));
  if (window.dueAt) {
    const date = formatDateTime(window.dueAt, timeZone);
    if (window.closesAt && window.closesAt !== window.dueAt) {
      const closes = formatDateTime(window.closesAt, timeZone);
      rules.push(
        a.latePenaltyPercentPerDay > 0
          ? intl.formatMessage(messages.ruleDueLatePenalty, {
              date,
              closes,
              penalty: formatPoints(a.latePenaltyPercentPerDay),
            })
          : intl.formatMessage(messages.ruleDueLate, { date, closes }),
      );
    } else rules.push(intl.formatMessage(messages.ruleDue, { date }));
  } else if (window.closesAt)
    rules.push(intl.formatMessage(messages.ruleCloses, { date: formatDateTime(window.closesAt, timeZone) }));

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="filled" color="indigo.8" radius="sm">
            {kindLabel(a.kind)}
          </Badge>
          {window.timeLimitMinutes ? (
            <Badge variant="filled" color="gray.8" radius="sm" leftSection={<IconClock size={12} aria-hidden />}>
              {minutesLong(window.timeLimitMinutes)}
            </Badge>
          ) : null}
        </Group>
        <Title order={1} fz={{ base: 26, sm: 32 }} dir="auto">
          {a.title}
        </Title>
      </Stack>
      {a.instructions ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="md" mb="xs">
            {intl.formatMessage(messages.instructions)}
          </Title>
          <div dir="auto">
            <RichTextView html={a.instructions} />
          </div>
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="xs">
          {intl.formatMessage(messages.beforeYouStart)}
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
            {intl.formatMessage(messages.resumeAttempt)}
          </Button>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.inProgressNote)}
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
                label={intl.formatMessage(messages.accessPassword)}
                description={intl.formatMessage(messages.accessPasswordHint)}
                required
                maxLength={ASSESSMENT_LIMITS.password}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={passwordError}
              />
            ) : null}
            {!a.requiresPassword && start.error ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
                {toastMessageOf(start.error, intl.formatMessage(messages.couldNotStart))}
              </Alert>
            ) : null}
            <Button
              type="submit"
              loading={start.isPending}
              w="fit-content"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
            >
              {intl.formatMessage(a.attemptsUsed > 0 ? messages.startNewAttempt : messages.startAttempt)}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert
          color="gray"
          variant="light"
          title={intl.formatMessage(messages.cannotStart)}
          icon={<IconAlertTriangle aria-hidden />}
        >
          {a.reason ?? intl.formatMessage(messages.notOpen)}
        </Alert>
      )}
      <Button component={Link} to={courseHref} variant="subtle" w="fit-content" px={0}>
        {intl.formatMessage(messages.backToCourse)}
      </Button>
    </Stack>
  );
}
