import type { Assessment, AssessmentPartInput, QuestionType } from '@lyceum/contract';
import { ASSESSMENT_LIMITS } from '@lyceum/contract/constants';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconDice,
  IconListCheck,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { useIntl } from '@/i18n/intl';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { BANK_PAGE_SIZE, useQuestions } from '../api/get-questions';
import { useReplaceParts } from '../api/save-assessment';
import { formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';
import { useTypeName } from '../question-types';

interface PickedQuestion {
  id: string;
  type: QuestionType;
  title: string;
  points: number;
}
type DraftPart =
  | { key: string; mode: 'fixed'; questions: PickedQuestion[] }
  | { key: string; mode: 'draw'; tag: string; count: number | string; available: number | null };

let nextKey = 0;
const newKey = () => `part-${++nextKey}`;

function draftOf(assessment: Assessment): DraftPart[] {
  return assessment.parts.map((part) =>
    part.mode === 'fixed'
      ? { key: part.id, mode: 'fixed', questions: part.questions }
      : { key: part.id, mode: 'draw', tag: part.tag, count: part.count, available: part.available },
  );
}

function QuestionPicker({
  courseId,
  chosen,
  onAdd,
  onClose,
}: {
  courseId: string;
  chosen: Set<string>;
  onAdd: (questions: PickedQuestion[]) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [debouncedTag] = useDebouncedValue(tag.trim(), 300);
  const [picked, setPicked] = useState<Map<string, PickedQuestion>>(new Map());
  const query = useQuestions(courseId, { q: debouncedSearch || undefined, tag: debouncedTag || undefined, page });
  const t = useIntl().formatMessage;
  const typeLabel = useTypeName();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(messages.bankTitle)}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <Stack gap="sm">
        <Group grow gap="sm" wrap="wrap">
          <TextInput
            label={t(messages.searchTitles)}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <TextInput
            label={t(messages.tag)}
            value={tag}
            onChange={(e) => {
              setTag(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        {query.isPending ? (
          <Stack gap={6} role="status" aria-label={t(messages.loadingBank)}>
            <Skeleton height={28} />
            <Skeleton height={28} />
          </Stack>
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {toastMessageOf(query.error, t(messages.bankLoadFailed))}
          </Alert>
        ) : query.data.items.length === 0 ? (
          <Text c="dimmed">{t(messages.noQuestionMatches)}</Text>
        ) : (
          <Stack
            gap={6}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t(messages.bankQuestions)}
          >
            {query.data.items.map((q) => {
              const already = chosen.has(q.id);
              return (
                <li key={q.id}>
                  <Checkbox
                    checked={already || picked.has(q.id)}
                    disabled={already}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setPicked((previous) => {
                        const next = new Map(previous);
                        if (checked) next.set(q.id, { id: q.id, type: q.type, title: q.title, points: q.points });
                        else next.delete(q.id);
                        return next;
                      });
                    }}
                    label={
                      <span>
                        <bdi dir="auto">{q.title}</bdi>{' '}
                        <Text span size="xs" c="dimmed">
                          {t(messages.bankLine, {
                            type: typeLabel(q.type),
                            points: formatPoints(q.points),
                            tags: q.tags.length > 0 ? q.tags.join(', ') : 'none',
                            already: already ? 'yes' : 'no',
                          })}
                        </Text>
                      </span>
                    }
                  />
                </li>
              );
            })}
          </Stack>
        )}
        {query.data ? (
          <ListPagination
            page={page}
            pageSize={query.data.pageSize || BANK_PAGE_SIZE}
            total={query.data.total}
            onChange={setPage}
            label={t(messages.bankPages)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(messages.cancel)}
          </Button>
          <Button disabled={picked.size === 0} onClick={() => onAdd([...picked.values()])}>
            {t(messages.addQuestions, { count: picked.size })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The questions of an assessment: parts of fixed bank questions, or N drawn at random from a tag. */
export function AssessmentParts({ assessment, courseId }: { assessment: Assessment; courseId: string }) {
  const [parts, setParts] = useState(() => draftOf(assessment));
  const [dirty, setDirty] = useState(false);
  const [picking, setPicking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const replace = useReplaceParts(courseId, assessment.id);
  const locked = assessment.attemptCount > 0;
  const t = useIntl().formatMessage;
  const typeLabel = useTypeName();

  const change = (next: DraftPart[]) => {
    setParts(next);
    setDirty(true);
  };
  const updatePart = (key: string, update: (part: DraftPart) => DraftPart) =>
    change(parts.map((p) => (p.key === key ? update(p) : p)));
  const chosen = new Set(parts.flatMap((p) => (p.mode === 'fixed' ? p.questions.map((q) => q.id) : [])));

  const save = () => {
    const body: AssessmentPartInput[] = parts
      .map((p): AssessmentPartInput | null =>
        p.mode === 'fixed'
          ? p.questions.length > 0
            ? { mode: 'fixed', questionIds: p.questions.map((q) => q.id) }
            : null
          : { mode: 'draw', tag: p.tag.trim(), count: typeof p.count === 'number' ? p.count : Number(p.count) || 0 },
      )
      .filter((p): p is AssessmentPartInput => p !== null);
    setProblem(null);
    replace.mutate(
      { version: assessment.version, parts: body },
      {
        onSuccess: (saved) => {
          setParts(draftOf(saved));
          setDirty(false);
          notifySuccess(t(messages.questionsSaved));
        },
        onError: (error) => {
          const message =
            error instanceof ApiError && error.issues.length > 0
              ? error.issues.map((i) => i.message).join('; ')
              : toastMessageOf(error, t(messages.questionsSaveFailed));
          setProblem(message);
          notifyError(message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {locked ? (
        <Alert color="gray" variant="light">
          {t(messages.partsLocked)}
        </Alert>
      ) : null}
      {parts.length === 0 ? <Text c="dimmed">{t(messages.noPartsYet)}</Text> : null}
      {parts.map((part, index) => (
        <Paper key={part.key} withBorder radius="md" p="md" component="section" aria-labelledby={`${part.key}-title`}>
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Title order={2} fz="sm" id={`${part.key}-title`}>
              {t(messages.partHeading, { number: index + 1, mode: part.mode })}
            </Title>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t(messages.removePart, { number: index + 1 })}
              disabled={locked}
              onClick={() => change(parts.filter((p) => p.key !== part.key))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          {part.mode === 'fixed' ? (
            <Stack gap="xs">
              <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                {part.questions.map((q, i) => (
                  <Group
                    key={q.id}
                    component="li"
                    justify="space-between"
                    wrap="nowrap"
                    py={6}
                    gap="xs"
                    style={{ borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {i + 1}. <bdi dir="auto">{q.title}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(messages.typePoints, { type: typeLabel(q.type), points: formatPoints(q.points) })}
                      </Text>
                    </Stack>
                    <Group gap={2} wrap="nowrap">
                      {(
                        [
                          [-1, 'up', IconArrowUp],
                          [1, 'down', IconArrowDown],
                        ] as const
                      ).map(([by, word, Icon]) => (
                        <ActionIcon
                          key={word}
                          variant="subtle"
                          size="lg"
                          aria-label={t(messages.moveQuestion, { title: q.title, direction: word })}
                          disabled={locked || i + by < 0 || i + by >= part.questions.length}
                          onClick={() =>
                            updatePart(part.key, (p) => {
                              if (p.mode !== 'fixed') return p;
                              const questions = [...p.questions];
                              const [moved] = questions.splice(i, 1);
                              if (moved) questions.splice(i + by, 0, moved);
                              return { ...p, questions };
                            })
                          }
                        >
                          <Icon size={18} aria-hidden />
                        </ActionIcon>
                      ))}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t(messages.removeNamed, { title: q.title })}
                        disabled={locked}
                        onClick={() =>
                          updatePart(part.key, (p) =>
                            p.mode === 'fixed' ? { ...p, questions: p.questions.filter((x) => x.id !== q.id) } : p,
                          )
                        }
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                ))}
              </Stack>
              <Button
                size="xs"
                variant="light"
                w="fit-content"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={locked}
                onClick={() => setPicking(part.key)}
              >
                {t(messages.bankTitle)}
                <VisuallyHidden>{t(messages.toPart, { number: index + 1 })}</VisuallyHidden>
              </Button>
            </Stack>
          ) : (
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={t(messages.tag)}
                required
                maxLength={50}
                w={220}
                disabled={locked}
                value={part.tag}
                onChange={(e) => {
                  const tag = e.currentTarget.value;
                  updatePart(part.key, (p) => (p.mode === 'draw' ? { ...p, tag, available: null } : p));
                }}
                description={
                  part.available !== null
                    ? t(messages.tagCarriers, { count: part.available })
                    : t(messages.savedWithQuestions)
                }
              />
              <NumberInput
                label={t(messages.howMany)}
                required
                min={1}
                max={ASSESSMENT_LIMITS.drawCount}
                allowDecimal={false}
                w={140}
                disabled={locked}
                value={part.count}
                onChange={(count) => updatePart(part.key, (p) => (p.mode === 'draw' ? { ...p, count } : p))}
                description={t(messages.eachDrawsOwn)}
              />
            </Group>
          )}
        </Paper>
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconListCheck size={18} aria-hidden />}
          disabled={locked}
          onClick={() => {
            const key = newKey();
            change([...parts, { key, mode: 'fixed', questions: [] }]);
            setPicking(key);
          }}
        >
          {t(messages.addBankQuestions)}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDice size={18} aria-hidden />}
          disabled={locked}
          onClick={() => change([...parts, { key: newKey(), mode: 'draw', tag: '', count: 1, available: null }])}
        >
          {t(messages.addRandomDraw)}
        </Button>
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button onClick={save} loading={replace.isPending} disabled={locked || !dirty}>
          {t(messages.saveQuestions)}
        </Button>
        <Text size="sm" fw={600}>
          {t(messages.perAttempt, { count: assessment.questionCount })}
        </Text>
        {dirty ? (
          <Text size="sm" c="red.9">
            {t(messages.unsavedChanges)}
          </Text>
        ) : null}
      </Group>
      {picking ? (
        <QuestionPicker
          courseId={courseId}
          chosen={chosen}
          onClose={() => setPicking(null)}
          onAdd={(questions) => {
            updatePart(picking, (p) => (p.mode === 'fixed' ? { ...p, questions: [...p.questions, ...questions] } : p));
            setPicking(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
