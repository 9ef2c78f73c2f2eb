import type { InboxAnswer, InboxOrder, Rubric } from '@lyceum/contract';
import { rubricScoreFor } from '@lyceum/contract/constants';
import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  NavLink,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RichTextView } from '@/components/rich-text-view';
import { SubmissionFileList } from '@/components/submission-file-list';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { commentHtml, commentText } from '@/lib/comment-text';
import { focusUnlessTyping } from '@/lib/focus-unless-typing';
import { notifyError, notifySuccess } from '@/lib/notify';
import { formatDateTime } from '@lyceum/contract/constants';
import { displayTimeZone } from '@/lib/time-zone';
import {
  gradeConflictOf,
  useCommentBank,
  useGradeAnswer,
  useInbox,
  useInboxAssessments,
  useRubric,
  useSaveComment,
  type InboxFilters,
} from '../api/grading';

function ResponseView({ answer }: { answer: InboxAnswer }) {
  const response = answer.response as { html?: unknown; text?: unknown } | null;
  const html = response && typeof response.html === 'string' ? response.html : '';
  // A task's files: download links for the grader (the student's own bytes, served as attachments).
  const files =
    answer.files.length > 0 ? (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Files handed in ({answer.files.length})
        </Text>
        <SubmissionFileList files={answer.files} />
      </Stack>
    ) : null;
  if (html || files)
    return (
      <Stack gap="sm">
        {html ? <RichTextView html={html} /> : null}
        {files}
      </Stack>
    );
  if (response && typeof response.text === 'string') return <Text>{response.text}</Text>;
  return <Text c="dimmed">No answer</Text>;
}

/** A question's answers (by question) or one attempt's answers (by student), in the server's order. */
interface InboxGroup {
  key: string;
  title: string;
  description: string;
  answers: InboxAnswer[];
}

const ORDERS: { value: InboxOrder; label: string }[] = [
  { value: 'question', label: 'By question' },
  { value: 'student', label: 'By student' },
];

const STATUSES: { value: InboxFilters['status']; label: string }[] = [
  { value: 'all', label: 'All answers' },
  { value: 'needs_grading', label: 'To grade' },
  { value: 'graded', label: 'Graded' },
];

/**
 * The inbox's filters, kept in the address (`?assessment=`, `?status=`): the assessment (once a course is chosen:
 * its assessments in curriculum order) and the status (all answers, to grade, graded).
 */
function InboxFilterFields({
  courseId,
  filters,
  onChange,
}: {
  courseId: string;
  filters: InboxFilters;
  onChange: (name: 'assessment' | 'status', value: string | null) => void;
}) {
  const assessments = useInboxAssessments(courseId);
  return (
    <Group gap="xs" grow wrap="wrap" align="flex-end">
      {courseId ? (
        <Select
          label="Assessment"
          data={[{ value: '', label: 'All assessments' }, ...(assessments.data ?? [])]}
          value={filters.assessmentId}
          onChange={(value) => onChange('assessment', value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          miw={140}
        />
      ) : null}
      <Select
        label="Status"
        data={STATUSES}
        value={filters.status}
        onChange={(value) => onChange('status', value)}
        allowDeselect={false}
        miw={120}
      />
    </Group>
  );
}

function groupsOf(items: InboxAnswer[], by: InboxOrder, showCourse: boolean): InboxGroup[] {
  const groups = new Map<string, InboxGroup>();
  for (const answer of items) {
    const key = by === 'student' ? answer.attemptId : answer.questionId;
    let group = groups.get(key);
    if (!group) {
      const where = showCourse ? `${answer.assessment.title} · ${answer.course.title}` : answer.assessment.title;
      group = {
        key,
        title: by === 'student' ? answer.student.name : answer.question.title,
        description: where,
        answers: [],
      };
      groups.set(key, group);
    }
    group.answers.push(answer);
  }
  return [...groups.values()];
}

/**
 * The grading inbox, by question (every student's answer to one question, one after the other) or by student (one
 * attempt's answers, then the next student's): type the score, Enter saves and opens the next answer; Ctrl+Enter
 * does the same from the comment; Alt+→ / Alt+← skip forward and back. Comments can be inserted from the comment
 * bank; a question with a rubric is scored by choosing a level per criterion. Anonymous assessments arrive from
 * the server with labels instead of names ("Student 7") until their grades are released.
 * `courseId` '' lists every course the caller grades (admins: all) and shows each answer's course.
 */
export function GradingInbox({ courseId }: { courseId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const by: InboxOrder = searchParams.get('by') === 'student' ? 'student' : 'question';
  const statusParam = searchParams.get('status');
  const filters: InboxFilters = {
    assessmentId: courseId ? (searchParams.get('assessment') ?? '') : '',
    status: STATUSES.find((s) => s.value === statusParam)?.value ?? 'all',
  };
  const filtered = filters.assessmentId !== '' || filters.status !== 'all';
  const inbox = useInbox(courseId, by, filters);
  const items = useMemo(() => inbox.data?.pages.flatMap((page) => page.items) ?? [], [inbox.data]);
  const groups = useMemo(() => groupsOf(items, by, !courseId), [items, by, courseId]);
  /** The answers in walking order: group after group. */
  const flat = useMemo(() => groups.flatMap((g) => g.answers), [groups]);
  const [current, setCurrent] = useState<string | null>(null);
  /**
   * Whether the grader has acted in the inbox (opened an answer, switched the order, saved): only then does the
   * answer that opens take focus. On page load focus stays where the page put it (issue 46.16).
   */
  const [acted, setActed] = useState(false);
  const keyOf = (a: InboxAnswer) => `${a.attemptId}:${a.questionId}`;
  const found = current ? flat.findIndex((a) => keyOf(a) === current) : -1;
  const firstOpen = Math.max(
    0,
    flat.findIndex((a) => !a.graded),
  );
  const index = found >= 0 ? found : firstOpen;
  const answer = flat[index];
  const group = answer
    ? groups.find((g) => g.key === (by === 'student' ? answer.attemptId : answer.questionId))
    : undefined;

  const setOrder = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'student') next.set('by', 'student');
    else next.delete('by');
    setSearchParams(next, { replace: true });
    setCurrent(null);
    setActed(true);
  };
  const goTo = (i: number) => {
    const target = flat[Math.max(0, Math.min(flat.length - 1, i))];
    if (target) setCurrent(keyOf(target));
    setActed(true);
  };

  const setFilter = (name: 'assessment' | 'status', value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value && value !== 'all') next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true });
    setCurrent(null);
  };

  const orderSwitch = (
    <Stack gap="xs" mb="xs">
      <SegmentedControl aria-label="Grade" data={ORDERS} value={by} onChange={setOrder} fullWidth />
      <InboxFilterFields courseId={courseId} filters={filters} onChange={setFilter} />
    </Stack>
  );
  if (inbox.isPending)
    return (
      <Stack gap="xs">
        {orderSwitch}
        <Text>Loading the answers to grade…</Text>
      </Stack>
    );
  if (inbox.isError) return <Alert color="red">{toastMessageOf(inbox.error, 'The answers could not be loaded')}</Alert>;
  if (!answer || !group)
    return (
      <Stack gap="xs" maw={420}>
        {orderSwitch}
        <Alert color="gray">
          {filtered
            ? 'No answers match these filters.'
            : courseId
              ? 'Nothing to grade in this course: every answer is graded automatically.'
              : 'Nothing to grade: every answer is graded automatically.'}
        </Alert>
      </Stack>
    );
  const inGroup = group.answers.indexOf(answer);
  const left = group.answers.filter((a) => !a.graded).length;
  const nextGroup = groups[groups.indexOf(group) + 1];

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Stack gap="xs" component="nav" aria-label={by === 'student' ? 'Students to grade' : 'Questions to grade'}>
        {orderSwitch}
        {groups.map((g) => {
          const open = g.answers.filter((a) => !a.graded).length;
          const active = g.key === group.key;
          return (
            <NavLink
              key={g.key}
              component="button"
              active={active}
              label={g.title}
              description={g.description}
              styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
              aria-current={active ? 'true' : undefined}
              rightSection={
                <Badge color={open ? 'indigo.9' : 'teal.9'} variant="filled" aria-label={`${open} to grade`}>
                  {open || <IconCheck size={14} aria-hidden />}
                </Badge>
              }
              onClick={() => {
                const target = g.answers.find((a) => !a.graded) ?? g.answers[0]!;
                setCurrent(keyOf(target));
                setActed(true);
              }}
            />
          );
        })}
        {inbox.hasNextPage ? (
          <Button variant="default" loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
            Load more answers
          </Button>
        ) : null}
      </Stack>
      <Stack style={{ gridColumn: 'span 2' }} gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h3">
              {by === 'student' ? `${answer.student.name} · ${answer.question.title}` : group.title}
            </Title>
            {answer.student.anonymous ? (
              <Text size="sm" c="dimmed">
                Anonymous grading: names are shown once the grades are released.
              </Text>
            ) : null}
          </Stack>
          <Text c="dimmed" aria-live="polite">
            Answer {inGroup + 1} of {group.answers.length} · {left} left to grade
          </Text>
        </Group>
        <AnswerGrader
          // Not keyed by version: a grade saved by someone else meanwhile must not wipe what this grader typed.
          key={`${answer.attemptId}:${answer.questionId}`}
          courseId={courseId}
          by={by}
          filters={filters}
          answer={answer}
          studentLabel={by === 'student' ? answer.question.title : answer.student.name}
          nextLabel={
            inGroup < group.answers.length - 1 || !nextGroup
              ? 'Save and next'
              : by === 'student'
                ? 'Save and next student'
                : 'Save and next question'
          }
          hasPrevious={index > 0}
          hasNext={index < flat.length - 1}
          onPrevious={() => goTo(index - 1)}
          onNext={() => goTo(index + 1)}
          takeFocus={acted}
          onSaved={() => setActed(true)}
        />
      </Stack>
    </SimpleGrid>
  );
}

/**
 * The grade another grader saved while this one was typing (a 409 on save): their score and comment, beside the
 * fields that still hold this grader's own; "Keep theirs" or "Take mine" (saves over theirs, from their version).
 */
function ConflictPanel({
  current,
  points,
  headingRef,
  saving,
  onKeepTheirs,
  onTakeMine,
}: {
  current: InboxAnswer;
  points: number;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  saving: boolean;
  onKeepTheirs: () => void;
  onTakeMine: () => void;
}) {
  const headingId = useId();
  const theirComment = commentText(current.comment);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" bg="yellow.0">
      <Title order={3} size="h5" id={headingId} ref={headingRef} tabIndex={-1}>
        Graded by someone else meanwhile
      </Title>
      <Text size="sm" mb="xs">
        Their grade is saved. Yours is still in the fields below: choose which one stays.
      </Text>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Their score
        </Text>
        <Text size="sm">{current.score === null ? 'No score' : `${current.score} / ${points}`}</Text>
      </Group>
      <Text size="sm" fw={600} mt={4}>
        Their comment
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {theirComment || 'No comment'}
      </Text>
      <Group gap="xs" mt="sm">
        <Button variant="default" onClick={onKeepTheirs}>
          Keep theirs
        </Button>
        <Button loading={saving} onClick={onTakeMine}>
          Take mine
        </Button>
      </Group>
    </Paper>
  );
}

interface AnswerGraderProps {
  courseId: string;
  by: InboxOrder;
  filters: InboxFilters;
  answer: InboxAnswer;
  /** The heading of the answer's card: the student (by question) or the question (by student). */
  studentLabel: string;
  nextLabel: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Focus the score when the answer opens: after the grader's own step, never on page load. */
  takeFocus: boolean;
  onSaved: () => void;
}

function AnswerGrader({
  courseId,
  by,
  filters,
  answer,
  studentLabel,
  nextLabel,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  takeFocus,
  onSaved,
}: AnswerGraderProps) {
  const grade = useGradeAnswer(courseId, by, filters);
  const rubric = useRubric(answer.rubricId);
  const [score, setScore] = useState<number | string>(answer.score ?? '');
  const [comment, setComment] = useState(() => commentText(answer.comment));
  const [levels, setLevels] = useState<Record<string, string>>(answer.rubric?.selections ?? {});
  /** The version this grader's save builds on: as loaded, then as saved (theirs once they choose after a conflict). */
  const [version, setVersion] = useState(answer.version);
  /** The grade someone else saved since this answer opened (a 409): shown beside the grader's own fields. */
  const [conflict, setConflict] = useState<InboxAnswer | null>(null);
  const conflictHeading = useRef<HTMLHeadingElement>(null);
  const [bankQuery, setBankQuery] = useState('');
  const [debounced] = useDebouncedValue(bankQuery, 200);
  const bank = useCommentBank(debounced);
  const saveComment = useSaveComment();
  const scoreRef = useRef<HTMLInputElement>(null);
  // Autocomplete writes the chosen option's title into the field after onOptionSubmit: that write clears it.
  const clearBankField = useRef(false);

  // The score takes focus when the grader opens the answer (next, previous, a student or question chosen, after a
  // save), but not on page load and not from the course filter being typed in above.
  useEffect(() => {
    if (takeFocus) focusUnlessTyping(scoreRef.current);
  }, [takeFocus]);

  const rubricData: Rubric | undefined = rubric.data;
  const usesRubric = Boolean(rubricData) && Object.keys(levels).length > 0;
  /** What the chosen levels give, by the server's rule: the total scaled to the points, at two decimals. */
  const rubricScore = useMemo(() => {
    if (!rubricData || !usesRubric || rubricData.maxPoints <= 0) return null;
    let total = 0;
    for (const criterion of rubricData.criteria) {
      const level = criterion.levels.find((l) => l.id === levels[criterion.id]);
      if (!level) return null;
      total += level.points;
    }
    return rubricScoreFor(total, rubricData.maxPoints, answer.question.points);
  }, [rubricData, usesRubric, levels, answer.question.points]);

  async function save(base = version) {
    const body = usesRubric
      ? { version: base, rubric: { selections: levels }, comment: commentHtml(comment) }
      : {
          version: base,
          score: typeof score === 'number' ? score : Number.NaN,
          comment: commentHtml(comment),
        };
    if (!usesRubric && (typeof score !== 'number' || Number.isNaN(score))) {
      notifyError('Type a score first');
      scoreRef.current?.focus();
      return;
    }
    try {
      const saved = await grade.mutateAsync({ attemptId: answer.attemptId, questionId: answer.questionId, body });
      setVersion(saved.version);
      setConflict(null);
      notifySuccess('Grade saved', 'grade-saved');
      onSaved();
      if (hasNext) onNext();
    } catch (error) {
      const current = gradeConflictOf(error);
      if (current) {
        // Both grades stay on screen: theirs in the panel, this grader's own in the fields; they choose.
        setConflict(current);
        requestAnimationFrame(() => conflictHeading.current?.focus());
      }
      notifyError(
        error instanceof ApiError && error.status === 409
          ? toastMessageOf(error, 'Someone graded this answer since you opened it')
          : toastMessageOf(error, 'The grade could not be saved'),
      );
    }
  }

  /** Keep the grade saved meanwhile: its score, levels and comment fill the fields; nothing is sent. */
  function keepTheirs(current: InboxAnswer) {
    setScore(current.score ?? '');
    setComment(commentText(current.comment));
    setLevels(current.rubric?.selections ?? {});
    setVersion(current.version);
    setConflict(null);
    scoreRef.current?.focus();
  }

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    } else if (event.altKey && event.key === 'ArrowRight' && hasNext) {
      event.preventDefault();
      onNext();
    } else if (event.altKey && event.key === 'ArrowLeft' && hasPrevious) {
      event.preventDefault();
      onPrevious();
    }
  };

  const bankOptions = (bank.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }));

  return (
    <Stack gap="md" onKeyDown={onKeyDown}>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{studentLabel}</Text>
          <Text size="sm" c="dimmed">
            Submitted {formatDateTime(answer.submittedAt, { style: 'medium', timeZone: displayTimeZone() })}
          </Text>
        </Group>
        <ResponseView answer={answer} />
      </Paper>
      {rubricData && (
        <Card withBorder radius="md">
          <Title order={3} size="h5" mb="xs">
            Rubric: {rubricData.title}
          </Title>
          <Stack gap="sm">
            {rubricData.criteria.map((criterion) => (
              <Radio.Group
                key={criterion.id}
                label={criterion.title}
                description={criterion.description || undefined}
                value={levels[criterion.id] ?? null}
                onChange={(value) => setLevels((current) => ({ ...current, [criterion.id]: value }))}
              >
                <Group gap="md" mt={4} wrap="wrap">
                  {criterion.levels.map((level) => (
                    <Radio key={level.id} value={level.id} label={`${level.title} (${level.points})`} />
                  ))}
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        </Card>
      )}
      {conflict ? (
        <ConflictPanel
          current={conflict}
          points={answer.question.points}
          headingRef={conflictHeading}
          saving={grade.isPending}
          onKeepTheirs={() => keepTheirs(conflict)}
          onTakeMine={() => void save(conflict.version)}
        />
      ) : null}
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          ref={scoreRef}
          label={`Score (out of ${answer.question.points})`}
          description={
            usesRubric
              ? rubricScore === null
                ? 'Choose a level for every criterion'
                : 'From the rubric levels'
              : 'Enter saves and opens the next answer'
          }
          min={0}
          max={answer.question.points}
          step={0.5}
          decimalScale={2}
          disabled={usesRubric}
          value={usesRubric ? (rubricScore ?? '') : score}
          onChange={setScore}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
              event.preventDefault();
              void save();
            }
          }}
          w={200}
        />
        {answer.graded && (
          <Badge color="teal.9" variant="filled">
            Graded: {answer.score}
          </Badge>
        )}
      </Group>
      <Textarea
        label="Comment"
        description="Ctrl+Enter saves and opens the next answer"
        autosize
        minRows={3}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Group align="flex-end" wrap="wrap">
        <Autocomplete
          label="Insert a saved comment"
          placeholder="Type to find one"
          data={bankOptions}
          value={bankQuery}
          onChange={(value) => {
            setBankQuery(clearBankField.current ? '' : value);
            clearBankField.current = false;
          }}
          onOptionSubmit={(id) => {
            const saved = bank.data?.items.find((c) => c.id === id);
            if (saved) setComment((current) => [current, commentText(saved.html)].filter(Boolean).join('\n'));
            clearBankField.current = true;
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          disabled={!comment.trim()}
          loading={saveComment.isPending}
          onClick={() =>
            saveComment.mutate(
              { title: comment.trim().slice(0, 60), html: commentHtml(comment) },
              { onSuccess: () => notifySuccess('Comment saved to your bank', 'comment-saved') },
            )
          }
        >
          Save to comment bank
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          disabled={!hasPrevious}
          onClick={onPrevious}
          aria-keyshortcuts="Alt+ArrowLeft"
        >
          Previous
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={!hasNext}
            onClick={onNext}
            aria-keyshortcuts="Alt+ArrowRight"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Skip
          </Button>
          <Button loading={grade.isPending} onClick={() => void save()} aria-keyshortcuts="Control+Enter">
            {hasNext ? nextLabel : 'Save'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
