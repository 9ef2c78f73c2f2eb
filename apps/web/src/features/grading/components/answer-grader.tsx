import type { InboxAnswer, InboxOrder, Rubric } from '@lyceum/contract';
import { formatDateTime, rubricScoreFor } from '@lyceum/contract/constants';
import {
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
  useDirection,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { RichTextView } from '@/components/rich-text-view';
import { SubmissionFileList } from '@/components/submission-file-list';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { commentHtml, commentText } from '@/lib/comment-text';
import { focusUnlessTyping } from '@/lib/focus-unless-typing';
import { notifyError, notifySuccess } from '@/lib/notify';
import { displayTimeZone } from '@/lib/time-zone';
import {
  gradeConflictOf,
  useCommentBank,
  useGradeAnswer,
  useRubric,
  useSaveComment,
  type InboxFilters,
} from '../api/grading';
import { gradingMessages as messages } from '../messages';

/**
 * One answer in the grading inbox (grading-inbox.tsx): the response, the rubric's levels, the score and comment,
 * the comment bank, and the grade someone else saved meanwhile.
 */

/** The answer as the student gave it: rich text, a task's files, a typed text. */
function ResponseView({ answer }: { answer: InboxAnswer }) {
  const intl = useIntl();
  const response = answer.response as { html?: unknown; text?: unknown } | null;
  const html = response && typeof response.html === 'string' ? response.html : '';
  // A task's files: download links for the grader (the student's own bytes, served as attachments).
  const files =
    answer.files.length > 0 ? (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {intl.formatMessage(messages.filesHandedIn, { count: answer.files.length })}
        </Text>
        <SubmissionFileList files={answer.files} />
      </Stack>
    ) : null;
  if (html || files)
    return (
      <Stack gap="sm">
        {html ? (
          // The student's text: its own direction in a right-to-left page.
          <div dir="auto">
            <RichTextView html={html} />
          </div>
        ) : null}
        {files}
      </Stack>
    );
  if (response && typeof response.text === 'string') return <Text dir="auto">{response.text}</Text>;
  return <Text c="dimmed">{intl.formatMessage(messages.noAnswer)}</Text>;
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
  const intl = useIntl();
  const theirComment = commentText(current.comment);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" bg="yellow.0">
      <Title order={3} size="h5" id={headingId} ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(messages.conflictTitle)}
      </Title>
      <Text size="sm" mb="xs">
        {intl.formatMessage(messages.conflictText)}
      </Text>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {intl.formatMessage(messages.theirScore)}
        </Text>
        <Text size="sm">
          {current.score === null
            ? intl.formatMessage(messages.noScore)
            : intl.formatMessage(messages.scoreOutOf, { score: current.score, points })}
        </Text>
      </Group>
      <Text size="sm" fw={600} mt={4}>
        {intl.formatMessage(messages.theirComment)}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }} dir={theirComment ? 'auto' : undefined}>
        {theirComment || intl.formatMessage(messages.noComment)}
      </Text>
      <Group gap="xs" mt="sm">
        <Button variant="default" onClick={onKeepTheirs}>
          {intl.formatMessage(messages.keepTheirs)}
        </Button>
        <Button loading={saving} onClick={onTakeMine}>
          {intl.formatMessage(messages.takeMine)}
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

export function AnswerGrader({
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
  const intl = useIntl();
  // The arrows point the way the page reads.
  const mirrored = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
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
      notifyError(intl.formatMessage(messages.typeScoreFirst));
      scoreRef.current?.focus();
      return;
    }
    try {
      const saved = await grade.mutateAsync({ attemptId: answer.attemptId, questionId: answer.questionId, body });
      setVersion(saved.version);
      setConflict(null);
      notifySuccess(intl.formatMessage(messages.gradeSaved), 'grade-saved');
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
          ? toastMessageOf(error, intl.formatMessage(messages.gradedMeanwhile))
          : toastMessageOf(error, intl.formatMessage(messages.gradeSaveFailed)),
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
          <Text fw={600} dir="auto">
            {studentLabel}
          </Text>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.submittedOn, {
              date: formatDateTime(answer.submittedAt, { style: 'medium', timeZone: displayTimeZone() }),
            })}
          </Text>
        </Group>
        <ResponseView answer={answer} />
      </Paper>
      {rubricData && (
        <Card withBorder radius="md">
          <Title order={3} size="h5" mb="xs">
            <FormattedMessage {...messages.rubricTitle} values={{ title: <bdi dir="auto">{rubricData.title}</bdi> }} />
          </Title>
          <Stack gap="sm">
            {rubricData.criteria.map((criterion) => (
              <Radio.Group
                key={criterion.id}
                label={<bdi dir="auto">{criterion.title}</bdi>}
                description={criterion.description ? <bdi dir="auto">{criterion.description}</bdi> : undefined}
                value={levels[criterion.id] ?? null}
                onChange={(value) => setLevels((current) => ({ ...current, [criterion.id]: value }))}
              >
                <Group gap="md" mt={4} wrap="wrap">
                  {criterion.levels.map((level) => (
                    <Radio
                      key={level.id}
                      value={level.id}
                      label={
                        <FormattedMessage
                          {...messages.levelPoints}
                          values={{ level: <bdi dir="auto">{level.title}</bdi>, points: level.points }}
                        />
                      }
                    />
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
          label={intl.formatMessage(messages.scoreLabel, { points: answer.question.points })}
          description={intl.formatMessage(
            usesRubric ? (rubricScore === null ? messages.chooseEveryLevel : messages.fromRubric) : messages.enterSaves,
          )}
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
            {intl.formatMessage(messages.gradedBadge, { score: answer.score })}
          </Badge>
        )}
      </Group>
      <Textarea
        label={intl.formatMessage(messages.comment)}
        description={intl.formatMessage(messages.ctrlEnterSaves)}
        autosize
        minRows={3}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Group align="flex-end" wrap="wrap">
        <Autocomplete
          label={intl.formatMessage(messages.insertSaved)}
          placeholder={intl.formatMessage(messages.typeToFind)}
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
              { onSuccess: () => notifySuccess(intl.formatMessage(messages.commentSaved), 'comment-saved') },
            )
          }
        >
          {intl.formatMessage(messages.saveToBank)}
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden style={mirrored} />}
          disabled={!hasPrevious}
          onClick={onPrevious}
          aria-keyshortcuts="Alt+ArrowLeft"
        >
          {intl.formatMessage(messages.previous)}
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={!hasNext}
            onClick={onNext}
            aria-keyshortcuts="Alt+ArrowRight"
            rightSection={<IconArrowRight size={16} aria-hidden style={mirrored} />}
          >
            {intl.formatMessage(messages.skip)}
          </Button>
          <Button loading={grade.isPending} onClick={() => void save()} aria-keyshortcuts="Control+Enter">
            {hasNext ? nextLabel : intl.formatMessage(messages.save)}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
