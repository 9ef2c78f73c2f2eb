import type { AttemptEvent, TeacherAttempt, TeacherAttemptQuestion } from '@lyceum/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { SubmissionFileList } from '@/components/submission-file-list';
import { FormattedMessage, useIntl, type IntlShape } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimeZone } from '@/lib/use-time-zone';
import { useTeacherAttempt } from '../api/teacher-attempt';
import { STATUS_COLORS, formatDateTime, formatDuration, formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';
import { ContentAnswer, DescriptionBlock, Mark, outcomeOf, type AnyResponse } from '../question-types';
import { GradeInPlace } from './grade-in-place';

const scoreWord = (score: number | null) => (score === null ? 'none' : formatPoints(score));

const EVENT_MESSAGES = {
  started: messages.eventStarted,
  saved: messages.eventSaved,
  submitted: messages.eventSubmitted,
  auto_submitted: messages.eventAutoSubmitted,
  graded: messages.eventGraded,
  regraded: messages.eventRegraded,
} as const;

/** What an entry of the timing log says, in words. */
function eventText(intl: IntlShape, event: AttemptEvent): string {
  return intl.formatMessage(EVENT_MESSAGES[event.kind], {
    question: event.questionNumber === null ? 'none' : String(event.questionNumber),
    by: event.by || 'none',
    old: 'oldScore' in event ? scoreWord(event.oldScore) : 'none',
    new: 'newScore' in event ? scoreWord(event.newScore) : 'none',
  });
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Summary({ attempt, timeZone }: { attempt: TeacherAttempt; timeZone: string | undefined }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Fact label={t(messages.colStudent)}>
          <bdi dir="auto">{attempt.student.name}</bdi>
          {attempt.student.anonymous ? (
            <Text size="sm" fw={400} c="dimmed">
              {t(messages.anonymousUntilReleased)}
            </Text>
          ) : (
            <Text size="sm" fw={400} c="dimmed" style={{ overflowWrap: 'anywhere' }} dir="ltr">
              {attempt.student.email}
            </Text>
          )}
        </Fact>
        <Fact label={t(messages.colStatus)}>
          <Badge color={STATUS_COLORS[attempt.status]} variant="filled" radius="sm" tt="none">
            {t(messages.status, { status: attempt.status })}
          </Badge>
        </Fact>
        <Fact label={t(messages.score)}>
          {attempt.score === null
            ? '—'
            : t(messages.scoreSoFar, {
                score: formatPoints(attempt.score),
                max: formatPoints(attempt.maxScore),
                soFar: attempt.status === 'needs_grading' ? 'yes' : 'no',
              })}
          {attempt.late ? (
            <Text size="sm" c="red.9" fw={600}>
              {t(messages.lateShort, {
                penalty: attempt.penaltyPercent ? formatPoints(attempt.penaltyPercent) : 'none',
              })}
            </Text>
          ) : null}
        </Fact>
        <Fact label={t(messages.factTimeTaken)}>
          {attempt.submittedAt ? formatDuration(attempt.startedAt, attempt.submittedAt) : t(messages.stillInProgress)}
        </Fact>
        <Fact label={t(messages.colStarted)}>{formatDateTime(attempt.startedAt, timeZone)}</Fact>
        <Fact label={t(messages.factSubmitted)}>
          {attempt.submittedAt ? formatDateTime(attempt.submittedAt, timeZone) : '—'}
          {attempt.autoSubmitted ? (
            <Text size="sm" fw={400}>
              {t(messages.automaticallyAtTimeUp)}
            </Text>
          ) : null}
        </Fact>
        <Fact label={t(messages.timeLimitEnds)}>
          {attempt.deadlineAt ? formatDateTime(attempt.deadlineAt, timeZone) : t(messages.noLimit)}
        </Fact>
        <Fact label={t(messages.savesIp)}>
          {attempt.savesCount} ·{' '}
          <Text span ff="monospace" fw={600} dir="ltr">
            {attempt.ip ?? '—'}
          </Text>
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

function TimingLog({ attempt, timeZone }: { attempt: TeacherAttempt; timeZone: string | undefined }) {
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="timing-log-title">
      <Title order={2} fz="lg" id="timing-log-title" mb="xs">
        {intl.formatMessage(messages.timingLog)}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage(messages.timingLogIntro)}
      </Text>
      <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="38%">
              {intl.formatMessage(messages.colWhen)}
            </Table.Th>
            <Table.Th scope="col">{intl.formatMessage(messages.colWhat)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempt.events.map((event, index) => (
            <Table.Tr key={`${event.kind}-${event.at}-${index}`}>
              <Table.Td>{formatDateTime(event.at, timeZone)}</Table.Td>
              <Table.Td>{eventText(intl, event)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The answer as given: readable content, marked against the key once it is scored. */
function GivenAnswer({ entry, idPrefix }: { entry: TeacherAttemptQuestion; idPrefix: string }) {
  const intl = useIntl();
  const { question } = entry;
  if (entry.response === null)
    return (
      <Text size="sm" c="dimmed">
        {intl.formatMessage(messages.answerNotGiven)}
      </Text>
    );
  const outcome = entry.score === null ? null : outcomeOf(entry.score, question.points);
  return (
    <Stack gap="xs">
      <ContentAnswer
        content={question.content}
        response={entry.response as AnyResponse}
        correct={question.content.type === 'task' ? null : ((entry.correctResponse ?? null) as AnyResponse | null)}
        outcome={outcome}
        blanksRight={entry.blanksRight}
        choiceFeedback={entry.feedback.choices}
        idPrefix={`${idPrefix}-given`}
      />
      {entry.files.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.filesHandedIn)}
          </Text>
          <SubmissionFileList files={entry.files} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function QuestionCard({
  entry,
  attempt,
  courseId,
  itemId,
  timeZone,
}: {
  entry: TeacherAttemptQuestion;
  attempt: TeacherAttempt;
  courseId: string;
  itemId: string;
  timeZone: string | undefined;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { question } = entry;
  const idPrefix = `attempt-q-${question.id}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const outcome = entry.score === null ? null : outcomeOf(entry.score, question.points);
  const gradable = attempt.status !== 'in_progress' && entry.manual && entry.version !== null;
  const feedback = [entry.feedback.outcome, entry.feedback.general].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${idPrefix}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Stack gap={0}>
            <Title order={2} fz="md" id={`${idPrefix}-title`} ref={headingRef} tabIndex={-1}>
              {t(messages.questionHeading, { number: entry.number })}
            </Title>
            <Text size="sm" c="dimmed" dir="auto">
              {entry.title}
            </Text>
          </Stack>
          <Group gap={6} wrap="wrap">
            {outcome ? <Mark kind={outcome} /> : null}
            <Text fw={600} size="sm">
              {attempt.status === 'in_progress'
                ? t(messages.pointsOnly, { points: formatPoints(question.points) })
                : entry.needsGrading
                  ? t(messages.awaitingGradingPoints, { points: formatPoints(question.points) })
                  : t(messages.scorePoints, {
                      score: formatPoints(entry.score ?? 0),
                      max: formatPoints(question.points),
                    })}
            </Text>
          </Group>
        </Group>
        {question.prompt ? (
          // Someone's text: its own direction in a right-to-left page.
          <div dir="auto">
            <RichTextView html={question.prompt} />
          </div>
        ) : null}
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t(messages.studentsAnswer)}
          </Text>
          <GivenAnswer entry={entry} idPrefix={idPrefix} />
          {entry.savedAt ? (
            <Text size="xs" c="dimmed">
              {t(messages.lastSaved, { date: formatDateTime(entry.savedAt, timeZone) })}
            </Text>
          ) : null}
        </Stack>
        {entry.correctResponse !== null && question.content.type !== 'task' && question.content.type !== 'essay' ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t(messages.correctAnswer)}
            </Text>
            <ContentAnswer
              content={question.content}
              response={entry.correctResponse as AnyResponse}
              idPrefix={`${idPrefix}-key`}
            />
          </Stack>
        ) : null}
        {feedback.length > 0 ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t(messages.feedbackStudentGets)}
            </Text>
            {feedback.map((text) => (
              <Text key={text} size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
                {text}
              </Text>
            ))}
          </Stack>
        ) : null}
        {gradable ? (
          <GradeInPlace
            key={question.id}
            entry={entry}
            attemptId={attempt.id}
            courseId={courseId}
            itemId={itemId}
            headingRef={headingRef}
          />
        ) : entry.comment ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t(messages.gradersComment)}
            </Text>
            <RichTextView html={entry.comment} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * One student's attempt for its teacher (issue 54 point 8): the summary, the timing log, then every question with
 * the answer given, its score, the key and feedback, and grading in place for the answers a person grades.
 */
export function TeacherAttemptView({
  courseId,
  itemId,
  attemptId,
  backHref,
}: {
  courseId: string;
  itemId: string;
  attemptId: string;
  backHref: string;
}) {
  const query = useTeacherAttempt(courseId, itemId, attemptId);
  const timeZone = useTimeZone();
  const intl = useIntl();
  const t = intl.formatMessage;
  // The back arrow points the way the page reads.
  const mirrored = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(query.data);
  usePageTitle(
    query.data
      ? t(messages.attemptPageTitle, { name: query.data.student.name, title: query.data.title })
      : t(messages.attempt),
  );
  // Opened from the attempts log: focus starts on the page's heading, once it shows the attempt.
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);
  const back = (
    <Button
      component={Link}
      to={backHref}
      variant="default"
      leftSection={<IconArrowLeft size={18} aria-hidden style={mirrored} />}
    >
      {t(messages.allAttempts)}
    </Button>
  );
  if (query.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t(messages.loadingAttempt)}>
        <Skeleton height={32} width="50%" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <LoadError
          title={t(messages.attemptLoadFailed)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {toastMessageOf(query.error, t(messages.tryAgainSoon))}
        </LoadError>
      </Stack>
    );
  const attempt = query.data;
  const toGrade = attempt.questions.filter((q) => q.needsGrading).length;
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }} ref={headingRef} tabIndex={-1}>
            <FormattedMessage
              {...messages.attemptHeading}
              values={{ name: <bdi dir="auto">{attempt.student.name}</bdi>, number: attempt.number }}
            />
          </Title>
          <Text c="dimmed">
            <bdi dir="auto">{attempt.title}</bdi>
            {attempt.student.anonymous ? t(messages.anonymousGradingNote) : ''}
          </Text>
        </Stack>
        {back}
      </Group>
      <Summary attempt={attempt} timeZone={timeZone} />
      {attempt.status === 'in_progress' ? (
        <Alert color="gray">{t(messages.stillTaking)}</Alert>
      ) : toGrade > 0 ? (
        <Alert color="violet" variant="light">
          {t(messages.answersNeedGrade, { count: toGrade })}
        </Alert>
      ) : null}
      <TimingLog attempt={attempt} timeZone={timeZone} />
      {attempt.questions.map((entry) =>
        entry.question.content.type === 'description' ? (
          // Text between questions: no number, answer or grade (ADR 051).
          <DescriptionBlock key={entry.question.id} html={entry.question.prompt} />
        ) : (
          <QuestionCard
            key={entry.question.id}
            entry={entry}
            attempt={attempt}
            courseId={courseId}
            itemId={itemId}
            timeZone={timeZone}
          />
        ),
      )}
    </Stack>
  );
}
