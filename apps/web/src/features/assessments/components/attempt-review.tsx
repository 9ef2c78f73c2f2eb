import type { AttemptForStudent, AttemptQuestion, MyAttemptRubrics } from '@lyceum/contract';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { SubmissionFileList } from '@/components/submission-file-list';
import { toastMessageOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimeZone } from '@/lib/use-time-zone';
import { useAttemptForReview, useMyAttemptRubrics } from '../api/attempt-review';
import { ANSWERS_HELD_NOTES } from '../answer-timing';
import { formatDateTime, formatPoints, scoreReleaseNote } from '../format';
import {
  ContentAnswer,
  DescriptionBlock,
  markWord,
  outcomeOf,
  type AnyResponse,
  type Outcome,
} from '../question-types';
import classes from './attempt-review.module.css';

type RubricItem = MyAttemptRubrics['items'][number];
type Change = MyAttemptRubrics['changes'][number];

function RubricTable({ item }: { item: RubricItem }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Rubric: {item.rubric.title} — {formatPoints(item.score.total)} / {formatPoints(item.score.maxPoints)} points
      </Text>
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Criterion</Table.Th>
            <Table.Th scope="col">Level given</Table.Th>
            <Table.Th scope="col">Points</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.rubric.criteria.map((criterion) => {
            const level = criterion.levels.find((l) => l.id === item.score.selections[criterion.id]);
            return (
              <Table.Tr key={criterion.id}>
                <Table.Th scope="row" fw={500}>
                  {criterion.title}
                </Table.Th>
                <Table.Td>{level?.title ?? 'Not scored'}</Table.Td>
                <Table.Td>
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
  const { question, review } = entry;
  const idPrefix = `review-${question.id}`;
  const feedback = review?.feedback;
  const outcome = review && !review.needsGrading ? outcomeOf(review.score, review.maxScore) : null;
  const scoreText =
    review?.score !== null && review?.score !== undefined
      ? `${formatPoints(review.score)} / ${formatPoints(review.maxScore)} points`
      : review?.needsGrading
        ? 'Awaiting grading'
        : 'Score not released yet';
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
            Question {entry.number}
          </Title>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {outcome ? <OutcomeBadge outcome={outcome} /> : null}
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {scoreText}
            </Text>
          </Group>
        </Group>
        {question.prompt ? <RichTextView html={question.prompt} /> : null}
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Your answer
          </Text>
          {entry.response === null ? (
            <Text size="sm" c="dimmed">
              Not answered
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
                    Files handed in
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
              Correct answer
            </Text>
            <ContentAnswer
              content={question.content}
              response={review.correctResponse as AnyResponse}
              idPrefix={`${idPrefix}-key`}
            />
          </Stack>
        ) : null}
        {changes.map((change) => (
          <Alert key={change.changedAt} color="blue" variant="light" title="Grade changed">
            Your teacher changed this grade on {formatDateTime(change.changedAt, timeZone)} from{' '}
            {change.oldScore === null ? 'ungraded' : formatPoints(change.oldScore)} to{' '}
            {change.newScore === null ? 'ungraded' : formatPoints(change.newScore)} points.
          </Alert>
        ))}
        {feedback && (feedback.general || feedback.outcome || feedback.grader) ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Feedback
            </Text>
            {/* The grader's comment is rich text; the question's own feedback is plain text (the contract's
                plainText), shown as text, never as HTML (docs/decisions/037). */}
            {feedback.grader ? <RichTextView html={feedback.grader} /> : null}
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
      {markWord(outcome)}
    </Badge>
  );
}

/** A question's feedback: plain text, its line breaks kept. */
function PlainFeedback({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
}

function Summary({ attempt, timeZone }: { attempt: AttemptForStudent; timeZone: string | undefined }) {
  const result = attempt.result;
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xl" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Score
          </Text>
          <Text fw={700} fz="xl">
            {result && result.score !== null
              ? `${formatPoints(result.score)} / ${formatPoints(result.maxScore)}${result.percent !== null ? ` (${formatPoints(result.percent)}%)` : ''}`
              : 'Not released yet'}
          </Text>
          {result ? <Text size="sm">{scoreReleaseNote(result, attempt.status, timeZone)}</Text> : null}
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Submitted
          </Text>
          <Text fw={600}>{attempt.submittedAt ? formatDateTime(attempt.submittedAt, timeZone) : '—'}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Attempt
          </Text>
          <Text fw={600}>Number {attempt.number}</Text>
        </Stack>
        {result?.late ? (
          <Text size="sm" c="red.9" fw={600}>
            Submitted late{result.penaltyPercent ? ` (−${formatPoints(result.penaltyPercent)}%)` : ''}
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
  usePageTitle(attempt.data ? `Review · ${attempt.data.title}` : 'Review');
  if (attempt.isPending)
    return (
      <Stack gap="md" role="status" aria-label="Loading the review">
        <Skeleton height={32} width="50%" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (attempt.isError)
    return (
      <LoadError
        title="The review could not be loaded"
        onRetry={() => void attempt.refetch()}
        retrying={attempt.isFetching}
      >
        {toastMessageOf(attempt.error, 'Please try again in a moment.')}
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
            Review: {data.title}
          </Title>
          <Text c="dimmed">Your answers with their points and feedback.</Text>
        </Stack>
        <Group gap="xs" className={classes.noPrint}>
          <Button
            component={Link}
            to={backHref}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Receipt
          </Button>
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Group>
      {data.status === 'in_progress' ? (
        <Alert color="gray">This attempt is still in progress: its review is shown once it is submitted.</Alert>
      ) : (
        <>
          <Summary attempt={data} timeZone={timeZone} />
          {data.result && !data.result.released.answers ? (
            <Text size="sm" c="dimmed">
              {ANSWERS_HELD_NOTES[data.result.releaseAnswers]}
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
