import type { AttemptForStudent, AttemptQuestion, MyAttemptRubrics } from '@lyceum/contract';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { SubmissionFileList } from '@/components/submission-file-list';
import { toastMessageOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimeZone } from '@/lib/use-time-zone';
import { useAttemptForReview, useMyAttemptRubrics } from '../api/attempt-review';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { formatDateTime, formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';
import {
  ContentAnswer,
  DescriptionBlock,
  markWord,
  outcomeOf,
  type AnyResponse,
  type Outcome,
} from '../question-types';
import classes from './attempt-review.module.css';
import { releaseNote } from './attempt-receipt';

type RubricItem = MyAttemptRubrics['items'][number];
type Change = MyAttemptRubrics['changes'][number];

function RubricTable({ item }: { item: RubricItem }) {
  const intl = useIntl();
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        <FormattedMessage
          {...messages.rubricLine}
          values={{
            title: <bdi dir="auto">{item.rubric.title}</bdi>,
            score: formatPoints(item.score.total),
            max: formatPoints(item.score.maxPoints),
          }}
        />
      </Text>
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage(messages.criterion)}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage(messages.levelGiven)}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage(messages.points)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.rubric.criteria.map((criterion) => {
            const level = criterion.levels.find((l) => l.id === item.score.selections[criterion.id]);
            return (
              <Table.Tr key={criterion.id}>
                <Table.Th scope="row" fw={500} dir="auto">
                  {criterion.title}
                </Table.Th>
                <Table.Td>
                  {level ? <bdi dir="auto">{level.title}</bdi> : intl.formatMessage(messages.notScored)}
                </Table.Td>
                <Table.Td dir="ltr">
                  {level ? formatPoints(level.points) : '—'} /{' '}
                  {formatPoints(Math.max(0, ...criterion.levels.map((l) => l.points)))}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function ReviewedQuestion({
  entry,
  rubric,
  changes,
  timeZone,
}: {
  entry: AttemptQuestion;
  rubric: RubricItem | undefined;
  changes: Change[];
  timeZone: string | undefined;
}) {
  const intl = useIntl();
  const { question, review } = entry;
  const idPrefix = `review-${question.id}`;
  const feedback = review?.feedback;
  const outcome = review && !review.needsGrading ? outcomeOf(review.score, review.maxScore) : null;
  const scoreText =
    review?.score !== null && review?.score !== undefined
      ? intl.formatMessage(messages.scorePoints, {
          score: formatPoints(review.score),
          max: formatPoints(review.maxScore),
        })
      : intl.formatMessage(review?.needsGrading ? messages.awaitingGrading : messages.scoreNotReleased);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      className={classes.question}
      aria-labelledby={`${idPrefix}-title`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Title order={2} fz="md" id={`${idPrefix}-title`}>
            {intl.formatMessage(messages.questionHeading, { number: entry.number })}
          </Title>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {outcome ? <OutcomeBadge outcome={outcome} /> : null}
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {scoreText}
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
            {intl.formatMessage(messages.yourAnswer)}
          </Text>
          {entry.response === null ? (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(messages.answerNotGiven)}
            </Text>
          ) : question.content.type === 'task' ? (
            <Stack gap="xs">
              <ContentAnswer
                content={question.content}
                response={entry.response as AnyResponse}
                idPrefix={`${idPrefix}-mine`}
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
          ) : (
            // Read as content, never as disabled controls (greyed out, ~2:1): each part marked when the key is out.
            <ContentAnswer
              content={question.content}
              response={entry.response as AnyResponse}
              correct={(review?.correctResponse ?? null) as AnyResponse | null}
              outcome={outcome}
              blanksRight={review?.blanksRight ?? null}
              choiceFeedback={feedback?.choices}
              idPrefix={`${idPrefix}-mine`}
            />
          )}
        </Stack>
        {review?.correctResponse !== null && review?.correctResponse !== undefined ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {intl.formatMessage(messages.correctAnswer)}
            </Text>
            <ContentAnswer
              content={question.content}
              response={review.correctResponse as AnyResponse}
              idPrefix={`${idPrefix}-key`}
            />
          </Stack>
        ) : null}
        {changes.map((change) => (
          <Alert key={change.changedAt} color="blue" variant="light" title={intl.formatMessage(messages.gradeChanged)}>
            {intl.formatMessage(messages.gradeChangedText, {
              date: formatDateTime(change.changedAt, timeZone),
              old: change.oldScore === null ? 'none' : formatPoints(change.oldScore),
              new: change.newScore === null ? 'none' : formatPoints(change.newScore),
            })}
          </Alert>
        ))}
        {feedback && (feedback.general || feedback.outcome || feedback.grader) ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {intl.formatMessage(messages.feedback)}
            </Text>
            {/* The grader's comment is rich text; the question's own feedback is plain text (the contract's
                plainText), shown as text, never as HTML (docs/decisions/037). */}
            {feedback.grader ? (
              <div dir="auto">
                <RichTextView html={feedback.grader} />
              </div>
            ) : null}
            {feedback.outcome ? <PlainFeedback text={feedback.outcome} /> : null}
            {feedback.general ? <PlainFeedback text={feedback.general} /> : null}
          </Stack>
        ) : null}
        {rubric ? <RubricTable item={rubric} /> : null}
      </Stack>
    </Paper>
  );
}

const OUTCOME_COLORS: Record<Outcome, string> = { right: 'teal.9', partly: '#8a3c00', wrong: 'red.9' };
const OUTCOME_SYMBOLS: Record<Outcome, string> = { right: '✓', partly: '◐', wrong: '✗' };

/** The question's mark: a symbol and a word (partial credit is "Partly right"), colour only repeating them. */
function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  const intl = useIntl();
  return (
    <Badge
      color={OUTCOME_COLORS[outcome]}
      variant="filled"
      radius="sm"
      tt="none"
      fz="sm"
      leftSection={<span aria-hidden>{OUTCOME_SYMBOLS[outcome]}</span>}
      style={{ overflow: 'visible' }}
    >
      {intl.formatMessage(markWord(outcome))}
    </Badge>
  );
}

/** A question's feedback: plain text, its line breaks kept. */
function PlainFeedback({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
      {text}
    </Text>
  );
}

function Summary({ attempt, timeZone }: { attempt: AttemptForStudent; timeZone: string | undefined }) {
  const intl = useIntl();
  const result = attempt.result;
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xl" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.score)}
          </Text>
          <Text fw={700} fz="xl">
            {result && result.score !== null ? (
              <span dir="ltr">
                {formatPoints(result.score)} / {formatPoints(result.maxScore)}
                {result.percent !== null ? ` (${formatPoints(result.percent)}%)` : ''}
              </span>
            ) : (
              intl.formatMessage(messages.notReleasedYet)
            )}
          </Text>
          {result ? <Text size="sm">{releaseNote(intl, result, attempt.status, timeZone)}</Text> : null}
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.factSubmitted)}
          </Text>
          <Text fw={600}>{attempt.submittedAt ? formatDateTime(attempt.submittedAt, timeZone) : '—'}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.factAttempt)}
          </Text>
          <Text fw={600}>{intl.formatMessage(messages.factNumber, { number: attempt.number })}</Text>
        </Stack>
        {result?.late ? (
          <Text size="sm" c="red.9" fw={600}>
            {intl.formatMessage(messages.submittedLateShort, {
              penalty: result.penaltyPercent ? formatPoints(result.penaltyPercent) : 'none',
            })}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * The review of one's submitted attempt, printable: per question the answer given, the correct answer and the
 * feedback as far as the release policy allows, the points, rubric levels, and grades changed after release.
 */
export function AttemptReview({ attemptId, backHref }: { attemptId: string; backHref: string }) {
  const attempt = useAttemptForReview(attemptId);
  const rubrics = useMyAttemptRubrics(attemptId);
  const timeZone = useTimeZone();
  const intl = useIntl();
  // The back arrow points the way the page reads.
  const mirrored = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  usePageTitle(
    attempt.data
      ? intl.formatMessage(messages.reviewPageTitle, { title: attempt.data.title })
      : intl.formatMessage(messages.reviewPageTitleShort),
  );
  if (attempt.isPending)
    return (
      <Stack gap="md" role="status" aria-label={intl.formatMessage(messages.loadingReview)}>
        <Skeleton height={32} width="50%" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (attempt.isError)
    return (
      <LoadError
        title={intl.formatMessage(messages.reviewLoadFailed)}
        onRetry={() => void attempt.refetch()}
        retrying={attempt.isFetching}
      >
        {toastMessageOf(attempt.error, intl.formatMessage(messages.tryAgainSoon))}
      </LoadError>
    );
  const data = attempt.data;
  const rubricItems = rubrics.data?.items ?? [];
  const changes = rubrics.data?.changes ?? [];
  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            <FormattedMessage {...messages.reviewHeading} values={{ title: <bdi dir="auto">{data.title}</bdi> }} />
          </Title>
          <Text c="dimmed">{intl.formatMessage(messages.reviewIntro)}</Text>
        </Stack>
        <Group gap="xs" className={classes.noPrint}>
          <Button
            component={Link}
            to={backHref}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden style={mirrored} />}
          >
            {intl.formatMessage(messages.receipt)}
          </Button>
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            {intl.formatMessage(messages.print)}
          </Button>
        </Group>
      </Group>
      {data.status === 'in_progress' ? (
        <Alert color="gray">{intl.formatMessage(messages.reviewInProgress)}</Alert>
      ) : (
        <>
          <Summary attempt={data} timeZone={timeZone} />
          {data.result && !data.result.released.answers ? (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(messages.answersHeld, { policy: data.result.releaseAnswers })}
            </Text>
          ) : null}
          {data.questions.map((entry) =>
            entry.question.content.type === 'description' ? (
              // Text between questions: no number, no score, no answer (ADR 051).
              <DescriptionBlock key={entry.question.id} html={entry.question.prompt} />
            ) : (
              <ReviewedQuestion
                key={entry.question.id}
                entry={entry}
                rubric={rubricItems.find((r) => r.questionId === entry.question.id)}
                changes={changes.filter((c) => c.questionId === entry.question.id)}
                timeZone={timeZone}
              />
            ),
          )}
        </>
      )}
    </Stack>
  );
}
