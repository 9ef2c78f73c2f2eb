import type { AttemptForStudent, AttemptQuestion, SubmissionFile, TaskResponse } from '@lyceum/contract';
import { ASSESSMENT_MESSAGES } from '@lyceum/contract/constants';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
  useDirection,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconCloudOff,
  IconFlag,
  IconFlagFilled,
} from '@tabler/icons-react';
import { useMediaQuery, useNetwork } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { RichTextView } from '@/components/rich-text-view';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { assessmentKeys } from '../api/assessment-keys';
import { useSubmitAttempt } from '../api/take-assessment';
import { formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';
import { ContentPlayer, DescriptionBlock, type AnyResponse } from '../question-types';
import { AttemptTimer } from './attempt-timer';
import { SubmissionFilesField } from './submission-files-field';
import { attemptQueueMessages as queueMessages } from './messages';
import { isRetryable, useAnswerSaver, waitToRetry, type SaveState } from './use-answer-saver';
import classes from './attempt-player.module.css';

const flagsKey = (attemptId: string) => `attempt-flags:${attemptId}`;

function readFlags(attemptId: string): Set<string> {
  try {
    const raw = window.localStorage.getItem(flagsKey(attemptId));
    return new Set(raw ? (JSON.parse(raw) as string[]) : []);
  } catch {
    return new Set();
  }
}

const SAVE_TEXT = {
  pending: messages.saveNotYet,
  saving: messages.saveSaving,
  saved: messages.saveSaved,
  waiting: queueMessages.saveWaiting,
  error: messages.saveError,
} as const satisfies Record<SaveState, unknown>;

/** The attempt page of an attempt in progress: questions, navigator, timer, autosave, submit. */
export function AttemptPlayer({ attempt }: { attempt: AttemptForStudent }) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const { dir } = useDirection();
  const mirrored = dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const [responses, setResponses] = useState<Record<string, AnyResponse | null>>(() =>
    Object.fromEntries(attempt.questions.map((q) => [q.question.id, (q.response as AnyResponse | null) ?? null])),
  );
  // Handed-in files per task question: uploads and removals are saved by their own requests, not the answer queue.
  const [files, setFiles] = useState<Record<string, SubmissionFile[]>>(() =>
    Object.fromEntries(attempt.questions.map((q) => [q.question.id, q.files])),
  );
  const [flags, setFlags] = useState(() => readFlags(attempt.id));
  const [current, setCurrent] = useState(0);
  const [confirming, setConfirming] = useState(false);
  // The same breakpoint as the stylesheet's one-column layout.
  const narrow = useMediaQuery('(max-width: 62em)') ?? false;
  const [deadline, setDeadline] = useState<number | null>(() =>
    attempt.remainingSeconds === null ? null : Date.now() + attempt.remainingSeconds * 1000,
  );
  const submit = useSubmitAttempt(attempt.id);
  const submitting = useRef(false);
  // A submit that could not reach the server: said on the page, and tried again until it goes through.
  const [submitOffline, setSubmitOffline] = useState(false);
  const [sendingFirst, setSendingFirst] = useState(false);
  const network = useNetwork();
  const [leaving] = useState(() => new AbortController());
  useEffect(() => () => leaving.abort(), [leaving]);

  const reload = useCallback(
    () => queryClient.refetchQueries({ queryKey: assessmentKeys.attempt(attempt.id) }),
    [queryClient, attempt.id],
  );
  const refusalText = useCallback(
    (error: ApiError) =>
      error.serverMessage === ASSESSMENT_MESSAGES.deadlinePassed
        ? intl.formatMessage(queueMessages.deadlinePassed)
        : toastMessageOf(error, intl.formatMessage(queueMessages.saveRefused)),
    [intl],
  );
  const saver = useAnswerSaver(
    attempt,
    (result) => {
      if (result.remainingSeconds !== null) setDeadline(Date.now() + result.remainingSeconds * 1000);
    },
    // A refused save: the attempt may have ended (time over, submitted in another tab); the page shows it, and the
    // notice says why the answer is not in it (it outlives the player when the page turns into the receipt).
    (error) => {
      notifyError(refusalText(error), `attempt-refused-${attempt.id}`);
      void reload();
    },
    // Answers an earlier page kept and the server never confirmed: shown as given, and sent.
    (restored) =>
      setResponses((previous) => ({
        ...previous,
        ...Object.fromEntries(
          Object.entries(restored).map(([id, answer]) => [id, answer.response as AnyResponse | null]),
        ),
      })),
  );

  // Waiting answers go first; a submit that cannot reach the server says so and tries again while the page is open.
  const finish = useCallback(async () => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      for (let tries = 0; !leaving.signal.aborted; tries += 1) {
        try {
          setSendingFirst(saver.queue.hasUnsaved());
          await saver.queue.flush();
          setSendingFirst(false);
          await submit.mutateAsync();
          setSubmitOffline(false);
          break;
        } catch (error) {
          setSendingFirst(false);
          if (!isRetryable(error) || (error instanceof ApiError && error.status === 401)) {
            notifyError(toastMessageOf(error, intl.formatMessage(messages.submitFailed)));
            break;
          }
          setSubmitOffline(true);
          setConfirming(false);
          await waitToRetry(tries, leaving.signal);
        }
      }
    } finally {
      submitting.current = false;
      setConfirming(false);
      if (!leaving.signal.aborted) await reload();
    }
  }, [saver.queue, submit, reload, intl, leaving]);

  // Leaving the page with an answer not yet saved asks first (the browser's prompt).
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (saver.queue.hasUnsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [saver.queue]);

  const answered = (id: string) => responses[id] != null;
  const toggleFlag = (id: string) =>
    setFlags((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      window.localStorage.setItem(flagsKey(attempt.id), JSON.stringify([...next]));
      return next;
    });
  const change = (id: string, response: AnyResponse | null) => {
    setResponses((previous) => ({ ...previous, [id]: response }));
    saver.queue.change(id, response);
  };
  // The server has already put the files in the answer; the page only mirrors it (answered or not).
  const changeFiles = (id: string, list: SubmissionFile[]) => {
    setFiles((previous) => ({ ...previous, [id]: list }));
    setResponses((previous) => {
      const html = (previous[id] as TaskResponse | null)?.html ?? '';
      const next: TaskResponse | null =
        list.length === 0 && html === '' ? null : { html, files: list.map((file) => file.id) };
      return { ...previous, [id]: next };
    });
  };

  const oneAtATime = attempt.layout === 'one_at_a_time';
  // Descriptions are text between questions: not numbered, counted, answered or in the navigator (ADR 051).
  const questions = attempt.questions.filter((q) => q.question.content.type !== 'description');
  // One at a time, a description shows with the question after it (the last question's page keeps those after it).
  const pageOf = (index: number) => {
    const next = attempt.questions.slice(index).find((q) => q.question.content.type !== 'description');
    return next ? questions.indexOf(next) : questions.length - 1;
  };
  const shown = oneAtATime ? attempt.questions.filter((_, index) => pageOf(index) === current) : attempt.questions;
  const unanswered = questions.filter((q) => !answered(q.question.id));
  const flagged = questions.filter((q) => flags.has(q.question.id));
  const states = Object.values(saver.states);
  const offline = saver.status.offline || !network.online;
  const overall: SaveState | null = states.includes('error')
    ? 'error'
    : saver.status.unconfirmed > 0 && offline
      ? 'waiting'
      : states.includes('saving') || states.includes('pending') || states.includes('waiting')
        ? 'saving'
        : states.length > 0
          ? 'saved'
          : null;

  const questionList = (list: AttemptQuestion[]) =>
    list
      .map((q) => intl.formatMessage(messages.questionHeading, { number: q.number }))
      .join(intl.formatMessage(messages.listSeparator));

  const goTo = (index: number) => {
    if (oneAtATime) setCurrent(index);
    requestAnimationFrame(() => {
      const target = document.getElementById(`question-${questions[index]?.number}`);
      target?.focus();
      target?.scrollIntoView({ block: 'start' });
    });
  };

  const navigator = (
    <nav aria-label={intl.formatMessage(messages.questions)}>
      <Text size="sm" fw={600} mb={6} id="navigator-heading">
        {intl.formatMessage(messages.questions)}
      </Text>
      <Group gap={6} component="ul" className={classes.navigator}>
        {questions.map((q, index) => {
          const id = q.question.id;
          const isAnswered = answered(id);
          const isFlagged = flags.has(id);
          return (
            <li key={id}>
              <UnstyledButton
                className={classes.cell}
                data-answered={isAnswered || undefined}
                data-current={(oneAtATime && index === current) || undefined}
                aria-current={oneAtATime && index === current ? 'step' : undefined}
                aria-label={intl.formatMessage(messages.navigatorCell, {
                  number: q.number,
                  answered: isAnswered ? 'yes' : 'no',
                  flagged: isFlagged ? 'yes' : 'no',
                })}
                onClick={() => goTo(index)}
              >
                {q.number}
                {isFlagged ? <IconFlagFilled size={11} className={classes.flag} aria-hidden /> : null}
              </UnstyledButton>
            </li>
          );
        })}
      </Group>
      <Group gap="md" mt={8} aria-hidden>
        <Text size="xs" c="dimmed">
          <span className={`${classes.legend} ${classes.legendAnswered}`} /> {intl.formatMessage(messages.answered)}
        </Text>
        <Text size="xs" c="dimmed">
          <span className={classes.legend} /> {intl.formatMessage(messages.unanswered)}
        </Text>
        <Text size="xs" c="dimmed">
          <IconFlagFilled size={11} className={classes.legendFlag} /> {intl.formatMessage(messages.flaggedLegend)}
        </Text>
      </Group>
    </nav>
  );

  // The timer and save state: in the side panel on wide screens; on phones a bar that stays in view while scrolling.
  const status = (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      {deadline !== null ? (
        <AttemptTimer deadline={deadline} onExpired={() => void finish()} />
      ) : (
        <Text size="sm">{intl.formatMessage(messages.noTimeLimit)}</Text>
      )}
      <SaveStatus state={overall} waiting={saver.status.unconfirmed} />
    </Group>
  );
  return (
    <div className={classes.layout}>
      {narrow ? (
        <div className={classes.stickyStatus} role="region" aria-label={intl.formatMessage(messages.timeAndSaving)}>
          {status}
        </div>
      ) : null}
      <Box className={classes.main}>
        <Stack gap={4} mb="md">
          <Title order={1} fz={{ base: 22, sm: 28 }} dir="auto">
            {attempt.title}
          </Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.attemptSummary, {
              number: attempt.number,
              count: questions.length,
              answered: questions.length - unanswered.length,
            })}
          </Text>
        </Stack>
        {offline ? (
          <Alert
            color="yellow"
            variant="light"
            role="status"
            icon={<IconCloudOff aria-hidden />}
            mb="md"
            data-testid="offline-banner"
            // Yellow's own title colour is too light on its light background (axe): the text colour instead.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            title={intl.formatMessage(queueMessages.offlineBanner, { count: saver.status.unconfirmed })}
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm">{intl.formatMessage(queueMessages.offlineDetail)}</Text>
              {saver.status.offline ? (
                <Button size="compact-sm" variant="default" onClick={() => saver.queue.retryNow()}>
                  {intl.formatMessage(queueMessages.tryNow)}
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        {submitOffline ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} mb="md">
            {intl.formatMessage(queueMessages.submitOffline)}
          </Alert>
        ) : sendingFirst ? (
          <Alert color="blue" variant="light" role="status" mb="md">
            {intl.formatMessage(queueMessages.submitSendingAnswers)}
          </Alert>
        ) : null}
        {saver.problem ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} mb="md">
            {refusalText(saver.problem)}
          </Alert>
        ) : null}
        <Stack gap="lg">
          {shown.map((q) =>
            q.question.content.type === 'description' ? (
              <DescriptionBlock key={q.question.id} html={q.question.prompt} />
            ) : (
              <QuestionCard
                key={q.question.id}
                item={q}
                response={responses[q.question.id] ?? null}
                saveState={saver.states[q.question.id] ?? (q.savedAt ? 'saved' : null)}
                flagged={flags.has(q.question.id)}
                onToggleFlag={() => toggleFlag(q.question.id)}
                onChange={(response) => change(q.question.id, response)}
                attemptId={attempt.id}
                files={files[q.question.id] ?? []}
                onFilesChange={(list) => changeFiles(q.question.id, list)}
              />
            ),
          )}
        </Stack>
        {oneAtATime ? (
          <Group justify="space-between" mt="lg">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden style={mirrored} />}
              disabled={current === 0}
              onClick={() => goTo(current - 1)}
            >
              {intl.formatMessage(messages.previous)}
            </Button>
            {current < questions.length - 1 ? (
              <Button
                rightSection={<IconArrowRight size={18} aria-hidden style={mirrored} />}
                onClick={() => goTo(current + 1)}
              >
                {intl.formatMessage(messages.next)}
              </Button>
            ) : (
              <Button onClick={() => setConfirming(true)}>{intl.formatMessage(messages.submit)}</Button>
            )}
          </Group>
        ) : null}
      </Box>
      <aside className={classes.side} aria-label={intl.formatMessage(messages.attemptRegion)}>
        <Paper withBorder radius="md" p="md" className={classes.panel}>
          <Stack gap="md">
            {narrow ? null : status}
            {navigator}
            <Button onClick={() => setConfirming(true)} fullWidth>
              {intl.formatMessage(messages.submitEllipsis)}
            </Button>
          </Stack>
        </Paper>
      </aside>
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(messages.confirmTitle)}
        confirmLabel={intl.formatMessage(messages.submit)}
        cancelLabel={intl.formatMessage(messages.keepWorking)}
        loading={submit.isPending}
        onConfirm={() => void finish()}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="xs">
          {unanswered.length > 0 ? (
            <>
              <Text>{intl.formatMessage(messages.notAnswered, { count: unanswered.length })}</Text>
              <Text fw={600}>{questionList(unanswered)}</Text>
            </>
          ) : (
            <Text>{intl.formatMessage(messages.everyAnswered)}</Text>
          )}
          {flagged.length > 0 ? (
            <Text size="sm">
              {intl.formatMessage(messages.flaggedForReview, {
                list: questionList(flagged),
              })}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.cannotChange)}
          </Text>
        </Stack>
      </ConfirmModal>
    </div>
  );
}

function SaveStatus({ state, waiting }: { state: SaveState | null; waiting: number }) {
  const intl = useIntl();
  if (state === null) return null;
  if (state === 'waiting')
    return (
      <Group gap={4} wrap="nowrap">
        <IconCloudOff size={16} color="var(--mantine-color-yellow-9)" aria-hidden />
        <Text size="sm" fw={600}>
          {intl.formatMessage(queueMessages.waitingCount, { count: waiting })}
        </Text>
      </Group>
    );
  return (
    <Group gap={4} wrap="nowrap">
      {state === 'saved' ? <IconCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden /> : null}
      <Text size="sm" fw={600} c={state === 'error' ? 'red.9' : state === 'saved' ? 'teal.9' : 'dimmed'}>
        {intl.formatMessage(
          state === 'saved' ? messages.allSaved : state === 'error' ? messages.saveError : messages.saveSaving,
        )}
      </Text>
    </Group>
  );
}

function QuestionCard({
  item,
  response,
  saveState,
  flagged,
  onToggleFlag,
  onChange,
  attemptId,
  files,
  onFilesChange,
}: {
  item: AttemptQuestion;
  response: AnyResponse | null;
  saveState: SaveState | null;
  flagged: boolean;
  onToggleFlag: () => void;
  onChange: (response: AnyResponse | null) => void;
  attemptId: string;
  files: SubmissionFile[];
  onFilesChange: (files: SubmissionFile[]) => void;
}) {
  const { question, number } = item;
  const [hint, setHint] = useState(false);
  const intl = useIntl();
  const headingId = `question-${number}-heading`;
  const prompt = question.prompt;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      id={`question-${number}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={classes.question}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="sm">
        <Title order={2} fz="md" id={headingId}>
          {intl.formatMessage(messages.questionHeading, { number })}
          <Text span c="dimmed" fz="sm" fw={400}>
            {intl.formatMessage(messages.questionPoints, {
              points: question.points,
              shown: formatPoints(question.points),
            })}
          </Text>
        </Title>
        <Button
          variant={flagged ? 'filled' : 'default'}
          color={flagged ? 'red.9' : undefined}
          size="compact-sm"
          aria-pressed={flagged}
          leftSection={flagged ? <IconFlagFilled size={14} aria-hidden /> : <IconFlag size={14} aria-hidden />}
          onClick={onToggleFlag}
        >
          {intl.formatMessage(flagged ? messages.flagged : messages.flag)}
          <VisuallyHidden>{intl.formatMessage(messages.flagHidden, { number })}</VisuallyHidden>
        </Button>
      </Group>
      <Stack gap="md">
        {/* The bank's title is the teacher's: a question without a prompt shows only its content. */}
        {prompt ? (
          <div dir="auto">
            <RichTextView html={prompt} />
          </div>
        ) : null}
        <ContentPlayer content={question.content} response={response} onChange={onChange} idPrefix={`q${number}`} />
        {question.content.type === 'task' && question.content.body.allowFiles ? (
          <SubmissionFilesField
            attemptId={attemptId}
            questionId={question.id}
            maxFiles={question.content.body.maxFiles}
            files={files}
            onFilesChange={onFilesChange}
          />
        ) : null}
        <Group justify="space-between" gap="xs">
          {question.hint ? (
            hint ? (
              <Text size="sm" c="dimmed">
                <FormattedMessage
                  {...messages.hint}
                  values={{
                    strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
                    hint: <bdi dir="auto">{question.hint}</bdi>,
                  }}
                />
              </Text>
            ) : (
              <Button variant="subtle" size="compact-sm" onClick={() => setHint(true)}>
                {intl.formatMessage(messages.showHint)}
              </Button>
            )
          ) : (
            <span />
          )}
          {saveState ? (
            <Badge
              variant="filled"
              radius="sm"
              color={saveState === 'saved' ? 'teal.9' : saveState === 'error' ? 'red.9' : 'gray.7'}
            >
              {intl.formatMessage(SAVE_TEXT[saveState])}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
