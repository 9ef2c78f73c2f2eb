import type { InboxAnswer, InboxOrder } from '@lyceum/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  NavLink,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIntl, type MessageDescriptor } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { useInbox, useInboxAssessments, type InboxFilters } from '../api/grading';
import { gradingMessages as messages } from '../messages';
import { AnswerGrader } from './answer-grader';

/** A question's answers (by question) or one attempt's answers (by student), in the server's order. */
interface InboxGroup {
  key: string;
  title: string;
  description: string;
  answers: InboxAnswer[];
}

const ORDERS: { value: InboxOrder; label: MessageDescriptor }[] = [
  { value: 'question', label: messages.byQuestion },
  { value: 'student', label: messages.byStudent },
];

const STATUSES: { value: InboxFilters['status']; label: MessageDescriptor }[] = [
  { value: 'all', label: messages.allAnswers },
  { value: 'needs_grading', label: messages.toGrade },
  { value: 'graded', label: messages.graded },
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
  const intl = useIntl();
  return (
    <Group gap="xs" grow wrap="wrap" align="flex-end">
      {courseId ? (
        <Select
          label={intl.formatMessage(messages.assessment)}
          data={[{ value: '', label: intl.formatMessage(messages.allAssessments) }, ...(assessments.data ?? [])]}
          value={filters.assessmentId}
          onChange={(value) => onChange('assessment', value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          miw={140}
        />
      ) : null}
      <Select
        label={intl.formatMessage(messages.status)}
        data={STATUSES.map((s) => ({ value: s.value, label: intl.formatMessage(s.label) }))}
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
  const intl = useIntl();
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
      <SegmentedControl
        aria-label={intl.formatMessage(messages.gradeOrder)}
        data={ORDERS.map((o) => ({ value: o.value, label: intl.formatMessage(o.label) }))}
        value={by}
        onChange={setOrder}
        fullWidth
      />
      <InboxFilterFields courseId={courseId} filters={filters} onChange={setFilter} />
    </Stack>
  );
  if (inbox.isPending)
    return (
      <Stack gap="xs">
        {orderSwitch}
        <Text>{intl.formatMessage(messages.loadingAnswers)}</Text>
      </Stack>
    );
  if (inbox.isError)
    return <Alert color="red">{toastMessageOf(inbox.error, intl.formatMessage(messages.answersLoadFailed))}</Alert>;
  if (!answer || !group)
    return (
      <Stack gap="xs" maw={420}>
        {orderSwitch}
        <Alert color="gray">
          {intl.formatMessage(
            filtered ? messages.noMatch : courseId ? messages.nothingInCourse : messages.nothingToGrade,
          )}
        </Alert>
      </Stack>
    );
  const inGroup = group.answers.indexOf(answer);
  const left = group.answers.filter((a) => !a.graded).length;
  const nextGroup = groups[groups.indexOf(group) + 1];

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Stack
        gap="xs"
        component="nav"
        aria-label={intl.formatMessage(by === 'student' ? messages.studentsToGrade : messages.questionsToGrade)}
      >
        {orderSwitch}
        {groups.map((g) => {
          const open = g.answers.filter((a) => !a.graded).length;
          const active = g.key === group.key;
          return (
            <NavLink
              key={g.key}
              component="button"
              active={active}
              label={<bdi dir="auto">{g.title}</bdi>}
              description={<bdi dir="auto">{g.description}</bdi>}
              styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
              aria-current={active ? 'true' : undefined}
              rightSection={
                <Badge
                  color={open ? 'indigo.9' : 'teal.9'}
                  variant="filled"
                  aria-label={intl.formatMessage(messages.openCount, { count: open })}
                >
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
            {intl.formatMessage(messages.loadMore)}
          </Button>
        ) : null}
      </Stack>
      <Stack style={{ gridColumn: 'span 2' }} gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h3" dir="auto">
              {by === 'student' ? `${answer.student.name} · ${answer.question.title}` : group.title}
            </Title>
            {answer.student.anonymous ? (
              <Text size="sm" c="dimmed">
                {intl.formatMessage(messages.anonymousNote)}
              </Text>
            ) : null}
          </Stack>
          <Text c="dimmed" aria-live="polite">
            {intl.formatMessage(messages.answerPosition, {
              position: inGroup + 1,
              count: group.answers.length,
              left,
            })}
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
          nextLabel={intl.formatMessage(
            inGroup < group.answers.length - 1 || !nextGroup
              ? messages.saveAndNext
              : by === 'student'
                ? messages.saveAndNextStudent
                : messages.saveAndNextQuestion,
          )}
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
