import type { InboxAnswer, Rubric } from '@lyceum/contract';
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
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RichTextView } from '../../../components/rich-text-view';
import { SubmissionFileList } from '../../../components/submission-file-list';
import { ApiError, toastMessageOf } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCommentBank, useGradeAnswer, useInbox, useRubric, useSaveComment } from '../api/grading';

/** Plain text of a sanitised comment, one line per paragraph (the comment field edits text). */
export function commentText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = [...doc.body.querySelectorAll('p, li')];
  return (blocks.length ? blocks.map((b) => b.textContent ?? '') : [doc.body.textContent ?? '']).join('\n').trim();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The comment field's text as rich text: a paragraph per line. */
export function commentHtml(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

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

interface QuestionGroup {
  questionId: string;
  title: string;
  assessment: string;
  answers: InboxAnswer[];
}

/**
 * The grading inbox of one course, by question (all students' answers to one question, one after the other):
 * type the score, Enter saves and opens the next answer; Ctrl+Enter does the same from the comment. Comments can
 * be inserted from the comment bank; a question with a rubric is scored by choosing a level per criterion.
 */
export function GradingInbox({ courseId }: { courseId: string }) {
  const inbox = useInbox(courseId);
  const groups = useMemo(() => {
    const byQuestion = new Map<string, QuestionGroup>();
    for (const answer of inbox.data?.items ?? []) {
      const group = byQuestion.get(answer.questionId) ?? {
        questionId: answer.questionId,
        title: answer.question.title,
        assessment: answer.assessment.title,
        answers: [],
      };
      group.answers.push(answer);
      byQuestion.set(answer.questionId, group);
    }
    return [...byQuestion.values()];
  }, [inbox.data]);
  const [questionId, setQuestionId] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [anonymous, setAnonymous] = useState(false);
  const group = groups.find((g) => g.questionId === questionId) ?? groups[0];

  if (inbox.isPending) return <Text>Loading the answers to grade…</Text>;
  if (inbox.isError) return <Alert color="red">{toastMessageOf(inbox.error, 'The answers could not be loaded')}</Alert>;
  if (!group) return <Alert color="gray">Nothing to grade in this course: every answer is graded automatically.</Alert>;
  const answer = group.answers[Math.min(index, group.answers.length - 1)]!;
  const left = group.answers.filter((a) => !a.graded).length;

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Stack gap="xs" component="nav" aria-label="Questions to grade">
        <Switch
          label="Anonymous grading (hide names)"
          checked={anonymous}
          onChange={(event) => setAnonymous(event.currentTarget.checked)}
        />
        {groups.map((g) => {
          const open = g.answers.filter((a) => !a.graded).length;
          return (
            <NavLink
              key={g.questionId}
              component="button"
              active={g.questionId === group.questionId}
              label={g.title}
              description={g.assessment}
              styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
              aria-current={g.questionId === group.questionId ? 'true' : undefined}
              rightSection={
                <Badge color={open ? 'indigo.9' : 'teal.9'} variant="filled" aria-label={`${open} to grade`}>
                  {open || <IconCheck size={14} aria-hidden />}
                </Badge>
              }
              onClick={() => {
                setQuestionId(g.questionId);
                setIndex(
                  Math.max(
                    0,
                    g.answers.findIndex((a) => !a.graded),
                  ),
                );
              }}
            />
          );
        })}
      </Stack>
      <Stack style={{ gridColumn: 'span 2' }} gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {group.title}
          </Title>
          <Text c="dimmed" aria-live="polite">
            Answer {index + 1} of {group.answers.length} · {left} left to grade
          </Text>
        </Group>
        <AnswerGrader
          key={`${answer.attemptId}:${answer.questionId}:${answer.version}`}
          courseId={courseId}
          answer={answer}
          studentLabel={anonymous ? `Student ${index + 1}` : answer.student.name}
          hasPrevious={index > 0}
          hasNext={index < group.answers.length - 1}
          onPrevious={() => setIndex((i) => Math.max(0, i - 1))}
          onNext={() => setIndex((i) => Math.min(group.answers.length - 1, i + 1))}
        />
      </Stack>
    </SimpleGrid>
  );
}

interface AnswerGraderProps {
  courseId: string;
  answer: InboxAnswer;
  studentLabel: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

function AnswerGrader({ courseId, answer, studentLabel, hasPrevious, hasNext, onPrevious, onNext }: AnswerGraderProps) {
  const grade = useGradeAnswer(courseId);
  const rubric = useRubric(answer.rubricId);
  const [score, setScore] = useState<number | string>(answer.score ?? '');
  const [comment, setComment] = useState(() => commentText(answer.comment));
  const [levels, setLevels] = useState<Record<string, string>>(answer.rubric?.selections ?? {});
  const [bankQuery, setBankQuery] = useState('');
  const [debounced] = useDebouncedValue(bankQuery, 200);
  const bank = useCommentBank(debounced);
  const saveComment = useSaveComment();
  const scoreRef = useRef<HTMLInputElement>(null);
  // Autocomplete writes the chosen option's title into the field after onOptionSubmit: that write clears it.
  const clearBankField = useRef(false);

  useEffect(() => scoreRef.current?.focus(), []);

  const rubricData: Rubric | undefined = rubric.data;
  const usesRubric = Boolean(rubricData) && Object.keys(levels).length > 0;
  /** What the chosen levels give, as the server computes it: the total scaled to the points, in halves. */
  const rubricScore = useMemo(() => {
    if (!rubricData || !usesRubric || rubricData.maxPoints <= 0) return null;
    let total = 0;
    for (const criterion of rubricData.criteria) {
      const level = criterion.levels.find((l) => l.id === levels[criterion.id]);
      if (!level) return null;
      total += level.points;
    }
    const points = answer.question.points;
    return Math.min(points, Math.round((total / rubricData.maxPoints) * points * 2) / 2);
  }, [rubricData, usesRubric, levels, answer.question.points]);

  async function save() {
    const body = usesRubric
      ? { version: answer.version, rubric: { selections: levels }, comment: commentHtml(comment) }
      : {
          version: answer.version,
          score: typeof score === 'number' ? score : Number.NaN,
          comment: commentHtml(comment),
        };
    if (!usesRubric && (typeof score !== 'number' || Number.isNaN(score))) {
      notifyError('Type a score first');
      scoreRef.current?.focus();
      return;
    }
    try {
      await grade.mutateAsync({ attemptId: answer.attemptId, questionId: answer.questionId, body });
      notifySuccess('Grade saved', 'grade-saved');
      if (hasNext) onNext();
    } catch (error) {
      notifyError(
        error instanceof ApiError && error.status === 409
          ? 'Someone graded this answer since you opened it: their grade is shown now'
          : toastMessageOf(error, 'The grade could not be saved'),
      );
    }
  }

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  const bankOptions = (bank.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }));

  return (
    <Stack gap="md" onKeyDown={onKeyDown}>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{studentLabel}</Text>
          <Text size="sm" c="dimmed">
            Submitted {new Date(answer.submittedAt).toLocaleString()}
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
          decimalScale={1}
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
        >
          Previous
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={!hasNext}
            onClick={onNext}
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Skip
          </Button>
          <Button loading={grade.isPending} onClick={() => void save()} aria-keyshortcuts="Control+Enter">
            {hasNext ? 'Save and next' : 'Save'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
