import type { MistakeCard, PracticeResult } from '@lyceum/contract';
import { Alert, Badge, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useTimeZone } from '@/lib/use-time-zone';
import { useDueMistakes, usePractise } from '../api/mistake-practice';
import { useIntl } from '@/i18n/intl';
import { formatDateTime } from '../format';
import { assessmentsMessages as messages } from '../messages';
import { ContentAnswer, ContentPlayer, type AnyResponse } from '../question-types';

function PracticeCard({
  card,
  position,
  count,
  onNext,
}: {
  card: MistakeCard;
  position: number;
  count: number;
  onNext: (correct: boolean) => void;
}) {
  const question = card.question;
  const [response, setResponse] = useState<AnyResponse | null>(null);
  const [result, setResult] = useState<PracticeResult | null>(null);
  const practise = usePractise();
  const timeZone = useTimeZone();
  const intl = useIntl();
  const idPrefix = `practice-${card.questionId}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${idPrefix}-title`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id={`${idPrefix}-title`}>
            {intl.formatMessage(messages.questionOf, { position, count })}
          </Title>
          <Text size="sm" c="dimmed" dir="auto">
            {card.course.title}
          </Text>
        </Group>
        {question.prompt ? <RichTextView html={question.prompt} /> : null}
        {result === null || response === null ? (
          <ContentPlayer content={question.content} response={response} onChange={setResponse} idPrefix={idPrefix} />
        ) : (
          // Checked: the try reads as content, marked against the key a wrong try brings back.
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {intl.formatMessage(messages.yourAnswer)}
            </Text>
            <ContentAnswer
              content={question.content}
              response={response}
              correct={(result.correctResponse ?? null) as AnyResponse | null}
              outcome={result.correct ? 'right' : 'wrong'}
              choiceFeedback={result.feedback?.choices}
              idPrefix={`${idPrefix}-mine`}
            />
          </Stack>
        )}
        {result ? (
          <Alert
            color={result.correct ? 'teal.9' : 'red.9'}
            variant="outline"
            icon={result.correct ? <IconCircleCheck aria-hidden /> : <IconRotate aria-hidden />}
            title={intl.formatMessage(result.correct ? messages.practiceRight : messages.notQuite)}
            role="status"
          >
            {intl.formatMessage(result.correct ? messages.wellRemembered : messages.comesBackSoon, {
              date: formatDateTime(result.nextDue, timeZone),
            })}
          </Alert>
        ) : null}
        {result && result.correctResponse !== null ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {intl.formatMessage(messages.correctAnswer)}
            </Text>
            <ContentAnswer
              content={question.content}
              response={result.correctResponse as AnyResponse}
              idPrefix={`${idPrefix}-key`}
            />
          </Stack>
        ) : null}
        {result?.feedback && (result.feedback.outcome || result.feedback.general) ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {intl.formatMessage(messages.feedback)}
            </Text>
            {/* The question's feedback is plain text, shown as text, never as HTML (docs/decisions/037). */}
            {[result.feedback.outcome, result.feedback.general]
              .filter((text) => text !== '')
              .map((text, index) => (
                <Text key={index} size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
                  {text}
                </Text>
              ))}
          </Stack>
        ) : null}
        <Group>
          {result ? (
            <Button onClick={() => onNext(result.correct)} autoFocus>
              {intl.formatMessage(position < count ? messages.nextQuestion : messages.finish)}
            </Button>
          ) : (
            <Button
              loading={practise.isPending}
              disabled={response === null}
              onClick={() =>
                practise.mutate(
                  { questionId: card.questionId, response },
                  {
                    onSuccess: setResult,
                    onError: (error) => notifyError(toastMessageOf(error, intl.formatMessage(messages.checkFailed))),
                  },
                )
              }
            >
              {intl.formatMessage(messages.checkAnswer)}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Practice of the mistake notebook: the questions due now, re-asked one at a time; each answer moves the question's
 * next review (sooner when missed). Practice never touches grades.
 */
export function MistakePractice({ dashboardHref }: { dashboardHref: string }) {
  const due = useDueMistakes();
  const [index, setIndex] = useState(0);
  const [right, setRight] = useState(0);
  const intl = useIntl();
  if (due.isPending)
    return (
      <Stack gap="md" role="status" aria-label={intl.formatMessage(messages.loadingQuestions)}>
        <Skeleton height={32} width="40%" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  if (due.isError)
    return (
      <LoadError
        title={intl.formatMessage(messages.questionsLoadFailed)}
        onRetry={() => void due.refetch()}
        retrying={due.isFetching}
      >
        {toastMessageOf(due.error, intl.formatMessage(messages.tryAgainSoon))}
      </LoadError>
    );
  const cards = due.data.items;
  if (cards.length === 0)
    return (
      <EmptySection
        message={intl.formatMessage(messages.nothingToReview)}
        description={intl.formatMessage(messages.nothingToReviewHint)}
      >
        <Button component={Link} to={dashboardHref} variant="default">
          {intl.formatMessage(messages.backToDashboard)}
        </Button>
      </EmptySection>
    );
  if (index >= cards.length)
    return (
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {intl.formatMessage(messages.sessionDone)}
          </Title>
          <Text>{intl.formatMessage(messages.sessionResult, { right, count: cards.length })}</Text>
          <Group>
            <Button
              onClick={() => {
                setIndex(0);
                setRight(0);
                void due.refetch();
              }}
            >
              {intl.formatMessage(messages.checkForMore)}
            </Button>
            <Button component={Link} to={dashboardHref} variant="default">
              {intl.formatMessage(messages.backToDashboard)}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  const card = cards[index]!;
  return (
    <Stack gap="md" maw={760}>
      <Group gap="sm" wrap="nowrap">
        <Progress
          value={(index / cards.length) * 100}
          flex={1}
          aria-label={intl.formatMessage(messages.questionOf, { position: index + 1, count: cards.length })}
        />
        <Badge variant="filled" color="gray.8" radius="sm">
          {intl.formatMessage(messages.notGraded)}
        </Badge>
      </Group>
      <PracticeCard
        key={card.questionId}
        card={card}
        position={index + 1}
        count={cards.length}
        onNext={(correct) => {
          if (correct) setRight((n) => n + 1);
          setIndex((i) => i + 1);
        }}
      />
    </Stack>
  );
}
