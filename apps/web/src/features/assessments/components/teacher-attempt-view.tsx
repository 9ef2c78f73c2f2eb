import type { AttemptEvent, InboxAnswer, TeacherAttempt, TeacherAttemptQuestion } from '@lyceum/contract';
import { rubricScoreFor } from '@lyceum/contract/constants';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { SubmissionFileList } from '@/components/submission-file-list';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { commentHtml, commentText } from '@/lib/comment-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useTimeZone } from '@/lib/use-time-zone';
import { gradeConflictOf, useGradeInPlace, useTeacherAttempt } from '../api/teacher-attempt';
import { STATUS_COLORS, STATUS_LABELS, formatDateTime, formatDuration, formatPoints } from '../format';
import { ContentAnswer, DescriptionBlock, Mark, outcomeOf, type AnyResponse } from '../question-types';

const scoreWord = (score: number | null) => (score === null ? 'ungraded' : formatPoints(score));

/** What an entry of the timing log says, in words. */
function eventText(event: AttemptEvent): string {
  const question = event.questionNumber === null ? 'a question' : `question ${event.questionNumber}`;
  const by = event.by ? ` by ${event.by}` : '';
  switch (event.kind) {
    case 'started':
      return 'Started the attempt';
    case 'saved':
      return `Last saved the answer to ${question}`;
    case 'submitted':
      return 'Submitted the attempt';
    case 'auto_submitted':
      return 'Submitted automatically when the time ran out';
    case 'graded':
      return `Graded ${question}${by}: ${scoreWord(event.oldScore)} → ${scoreWord(event.newScore)} points`;
    case 'regraded':
      return `Regraded ${question}${by} after its answer key changed: ${scoreWord(event.oldScore)} → ${scoreWord(event.newScore)} points`;
  }
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
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Fact label="Student">
          {attempt.student.name}
          <Text size="sm" fw={400} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {attempt.student.anonymous ? 'Anonymous until the grades are released' : attempt.student.email}
          </Text>
        </Fact>
        <Fact label="Status">
          <Badge color={STATUS_COLORS[attempt.status]} variant="filled" radius="sm" tt="none">
            {STATUS_LABELS[attempt.status]}
          </Badge>
        </Fact>
        <Fact label="Score">
          {attempt.score === null
            ? '—'
            : `${formatPoints(attempt.score)} / ${formatPoints(attempt.maxScore)}${attempt.status === 'needs_grading' ? ' so far' : ''}`}
          {attempt.late ? (
            <Text size="sm" c="red.9" fw={600}>
              Late{attempt.penaltyPercent ? ` (−${formatPoints(attempt.penaltyPercent)}%)` : ''}
            </Text>
          ) : null}
        </Fact>
        <Fact label="Time taken">
          {attempt.submittedAt ? formatDuration(attempt.startedAt, attempt.submittedAt) : 'Still in progress'}
        </Fact>
        <Fact label="Started">{formatDateTime(attempt.startedAt, timeZone)}</Fact>
        <Fact label="Submitted">
          {attempt.submittedAt ? formatDateTime(attempt.submittedAt, timeZone) : '—'}
          {attempt.autoSubmitted ? (
            <Text size="sm" fw={400}>
              Automatically, when the time ran out
            </Text>
          ) : null}
        </Fact>
        <Fact label="Time limit ends">
          {attempt.deadlineAt ? formatDateTime(attempt.deadlineAt, timeZone) : 'No limit'}
        </Fact>
        <Fact label="Saves · IP">
          {attempt.savesCount} ·{' '}
          <Text span ff="monospace" fw={600}>
            {attempt.ip ?? '—'}
          </Text>
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

function TimingLog({ attempt, timeZone }: { attempt: TeacherAttempt; timeZone: string | undefined }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="timing-log-title">
      <Title order={2} fz="lg" id="timing-log-title" mb="xs">
        Timing log
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        What the server recorded, oldest first. An answer keeps only the time of its last save, until someone grades it.
      </Text>
      <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="38%">
              When
            </Table.Th>
            <Table.Th scope="col">What</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempt.events.map((event, index) => (
            <Table.Tr key={`${event.kind}-${event.at}-${index}`}>
              <Table.Td>{formatDateTime(event.at, timeZone)}</Table.Td>
              <Table.Td>{eventText(event)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The answer as given: readable content, marked against the key once it is scored. */
function GivenAnswer({ entry, idPrefix }: { entry: TeacherAttemptQuestion; idPrefix: string }) {
  const { question } = entry;
  if (entry.response === null)
    return (
      <Text size="sm" c="dimmed">
        Not answered
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
            Files handed in
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
              Question {entry.number}
            </Title>
            <Text size="sm" c="dimmed">
              {entry.title}
            </Text>
          </Stack>
          <Group gap={6} wrap="wrap">
            {outcome ? <Mark kind={outcome} /> : null}
            <Text fw={600} size="sm">
              {attempt.status === 'in_progress'
                ? `${formatPoints(question.points)} points`
                : entry.needsGrading
                  ? `Awaiting grading · ${formatPoints(question.points)} points`
                  : `${formatPoints(entry.score ?? 0)} / ${formatPoints(question.points)} points`}
            </Text>
          </Group>
        </Group>
        {question.prompt ? <RichTextView html={question.prompt} /> : null}
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Student’s answer
          </Text>
          <GivenAnswer entry={entry} idPrefix={idPrefix} />
          {entry.savedAt ? (
            <Text size="xs" c="dimmed">
              Last saved {formatDateTime(entry.savedAt, timeZone)}
            </Text>
          ) : null}
        </Stack>
        {entry.correctResponse !== null && question.content.type !== 'task' && question.content.type !== 'essay' ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Correct answer
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
              Feedback the student gets
            </Text>
            {feedback.map((text) => (
              <Text key={text} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
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
              Grader’s comment
            </Text>
            <RichTextView html={entry.comment} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * Grading one answer on the attempt's page, through the grading route: a score (or the rubric's levels) and a
 * comment. A grade someone saved meanwhile (409) shows beside this grader's own, which stays in the fields.
 */
function GradeInPlace({
  entry,
  attemptId,
  courseId,
  itemId,
  headingRef,
}: {
  entry: TeacherAttemptQuestion;
  attemptId: string;
  courseId: string;
  itemId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const grade = useGradeInPlace(courseId, itemId, attemptId);
  const formId = useId();
  const points = entry.question.points;
  const [score, setScore] = useState<number | string>(entry.manualScore ?? '');
  const [comment, setComment] = useState(() => commentText(entry.comment));
  const [levels, setLevels] = useState<Record<string, string>>(entry.rubricScore?.selections ?? {});
  const [version, setVersion] = useState(entry.version ?? 1);
  const [conflict, setConflict] = useState<InboxAnswer | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const scoreRef = useRef<HTMLInputElement>(null);
  const conflictRef = useRef<HTMLHeadingElement>(null);
  const rubric = entry.rubric;
  const usesRubric = Boolean(rubric) && Object.keys(levels).length > 0;
  const rubricScore = useMemo(() => {
    if (!rubric || !usesRubric || rubric.maxPoints <= 0) return null;
    let total = 0;
    for (const criterion of rubric.criteria) {
      const level = criterion.levels.find((l) => l.id === levels[criterion.id]);
      if (!level) return null;
      total += level.points;
    }
    return rubricScoreFor(total, rubric.maxPoints, points);
  }, [rubric, usesRubric, levels, points]);

  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  async function save(base = version) {
    if (!usesRubric && (typeof score !== 'number' || Number.isNaN(score))) {
      notifyError('Type a score first');
      scoreRef.current?.focus();
      return;
    }
    const body = usesRubric
      ? { version: base, rubric: { selections: levels }, comment: commentHtml(comment) }
      : { version: base, score: score as number, comment: commentHtml(comment) };
    try {
      const result = await grade.mutateAsync({ questionId: entry.question.id, body });
      setVersion(result.version);
      setConflict(null);
      setSaved(`Grade saved: ${formatPoints(result.score ?? 0)} / ${formatPoints(points)} points.`);
      notifySuccess('Grade saved', 'grade-saved');
      // The save button was disabled while saving: focus goes back to the question, whose score now shows.
      headingRef.current?.focus();
    } catch (error) {
      const current = gradeConflictOf(error);
      if (current) setConflict(current);
      else scoreRef.current?.focus();
      notifyError(
        error instanceof ApiError && error.status === 409
          ? toastMessageOf(error, 'Someone graded this answer since you opened it')
          : toastMessageOf(error, 'The grade could not be saved'),
      );
    }
  }

  function keepTheirs(current: InboxAnswer) {
    setScore(current.score ?? '');
    setComment(commentText(current.comment));
    setLevels(current.rubric?.selections ?? {});
    setVersion(current.version);
    setConflict(null);
    scoreRef.current?.focus();
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      component="form"
      aria-labelledby={`${formId}-title`}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="sm" id={`${formId}-title`}>
            Grade question {entry.number}
          </Title>
          <Text size="sm" c="dimmed">
            {entry.manualScore === null
              ? 'Not graded yet'
              : `Graded${entry.gradedBy ? ` by ${entry.gradedBy}` : ''}: ${formatPoints(entry.manualScore)} / ${formatPoints(points)}`}
          </Text>
        </Group>
        {rubric ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Rubric: {rubric.title}
            </Text>
            {rubric.criteria.map((criterion) => (
              <Radio.Group
                key={criterion.id}
                label={criterion.title}
                description={criterion.description || undefined}
                value={levels[criterion.id] ?? null}
                onChange={(value) => setLevels((current) => ({ ...current, [criterion.id]: value }))}
              >
                <Group gap="md" mt={4} wrap="wrap">
                  {criterion.levels.map((level) => (
                    <Radio key={level.id} value={level.id} label={`${level.title} (${formatPoints(level.points)})`} />
                  ))}
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        ) : null}
        {conflict ? (
          <Paper withBorder p="sm" radius="md" bg="yellow.0" component="section" aria-labelledby={`${formId}-conflict`}>
            <Title order={4} fz="sm" id={`${formId}-conflict`} ref={conflictRef} tabIndex={-1}>
              Graded by someone else meanwhile
            </Title>
            <Text size="sm">
              Their grade is saved:{' '}
              {conflict.score === null ? 'no score' : `${formatPoints(conflict.score)} / ${formatPoints(points)}`}
              {commentText(conflict.comment) ? `, “${commentText(conflict.comment)}”` : ''}. Yours is still in the
              fields below: choose which one stays.
            </Text>
            <Group gap="xs" mt="xs">
              <Button variant="default" onClick={() => keepTheirs(conflict)}>
                Keep theirs
              </Button>
              <Button loading={grade.isPending} onClick={() => void save(conflict.version)}>
                Take mine
              </Button>
            </Group>
          </Paper>
        ) : null}
        <NumberInput
          ref={scoreRef}
          label={`Score (out of ${formatPoints(points)})`}
          description={
            usesRubric
              ? rubricScore === null
                ? 'Choose a level for every criterion'
                : 'From the rubric levels'
              : 'Whole or half points'
          }
          min={0}
          max={points}
          step={0.5}
          decimalScale={2}
          disabled={usesRubric}
          value={usesRubric ? (rubricScore ?? '') : score}
          onChange={setScore}
          w={220}
        />
        <Textarea
          label="Comment for the student"
          autosize
          minRows={2}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={grade.isPending}>
            Save grade
          </Button>
          <Text size="sm" role="status" aria-live="polite">
            {saved ?? ''}
          </Text>
        </Group>
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(query.data);
  usePageTitle(query.data ? `${query.data.student.name} · ${query.data.title}` : 'Attempt');
  // Opened from the attempts log: focus starts on the page's heading, once it shows the attempt.
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);
  const back = (
    <Button component={Link} to={backHref} variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      All attempts
    </Button>
  );
  if (query.isPending)
    return (
      <Stack gap="md" role="status" aria-label="Loading the attempt">
        <Skeleton height={32} width="50%" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <LoadError
          title="The attempt could not be loaded"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {toastMessageOf(query.error, 'Please try again in a moment.')}
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
            {attempt.student.name} · attempt {attempt.number}
          </Title>
          <Text c="dimmed">
            {attempt.title}
            {attempt.student.anonymous ? ' · anonymous grading: the name shows once the grades are released' : ''}
          </Text>
        </Stack>
        {back}
      </Group>
      <Summary attempt={attempt} timeZone={timeZone} />
      {attempt.status === 'in_progress' ? (
        <Alert color="gray">The student is still taking this attempt: its answers so far are shown, not graded.</Alert>
      ) : toGrade > 0 ? (
        <Alert color="violet" variant="light">
          {toGrade === 1 ? '1 answer needs' : `${toGrade} answers need`} your grade: grade them below.
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
