import type { Rubric, RubricTarget } from '@lyceum/contract';
import { GRADING_LIMITS } from '@lyceum/contract/constants';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useIntl, type IntlShape } from '@/i18n/intl';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRubric } from '../api/grading';
import { useCreateRubric, useRubricTargets, useUpdateRubric, type RubricTargets } from '../api/rubrics';
import { gradingMessages as messages } from '../messages';
import { formatPoints } from './rubric-format';

interface DraftLevel {
  key: string;
  id?: string;
  title: string;
  description: string;
  points: number | string;
}
interface DraftCriterion {
  key: string;
  id?: string;
  title: string;
  description: string;
  levels: DraftLevel[];
}
interface Draft {
  title: string;
  /** '' (attached to nothing), 'question:<id>' or 'assessment:<id>'. */
  target: string;
  criteria: DraftCriterion[];
}

let keySeed = 0;
const newKey = () => `k${(keySeed += 1)}`;
const blankLevel = (points: number): DraftLevel => ({ key: newKey(), title: '', description: '', points });
const blankCriterion = (): DraftCriterion => ({
  key: newKey(),
  title: '',
  description: '',
  levels: [blankLevel(0), blankLevel(1)],
});

const targetValue = (target: RubricTarget | null) => (target ? `${target.type}:${target.id}` : '');
function targetOf(value: string): RubricTarget | null {
  const [type, id] = value.split(':');
  if (!id || (type !== 'question' && type !== 'assessment')) return null;
  return { type, id };
}

function draftOf(rubric: Rubric | undefined): Draft {
  if (!rubric) return { title: '', target: '', criteria: [blankCriterion()] };
  return {
    title: rubric.title,
    target: targetValue(rubric.attachedTo),
    criteria: rubric.criteria.map((c) => ({
      key: newKey(),
      id: c.id,
      title: c.title,
      description: c.description,
      levels: c.levels.map((l) => ({
        key: newKey(),
        id: l.id,
        title: l.title,
        description: l.description,
        points: l.points,
      })),
    })),
  };
}

const pointsOf = (value: number | string) => (typeof value === 'number' ? value : Number.parseFloat(value));

/** Form errors keyed by the input's id (see inputId). */
type Errors = Record<string, string>;
const inputId = (key: string, field: 'title' | 'description' | 'points') => `rubric-${key}-${field}`;

function validate(intl: IntlShape, draft: Draft): Errors {
  const t = intl.formatMessage;
  const errors: Errors = {};
  if (!draft.title.trim()) errors['rubric-title'] = t(messages.giveRubricTitle);
  draft.criteria.forEach((criterion, c) => {
    if (!criterion.title.trim())
      errors[inputId(criterion.key, 'title')] = t(messages.giveCriterionTitle, { number: c + 1 });
    criterion.levels.forEach((level, l) => {
      if (!level.title.trim()) errors[inputId(level.key, 'title')] = t(messages.giveLevelTitle, { number: l + 1 });
      const points = pointsOf(level.points);
      if (!Number.isFinite(points) || points < 0 || points > GRADING_LIMITS.levelPoints)
        errors[inputId(level.key, 'points')] = t(messages.pointsRange, { max: GRADING_LIMITS.levelPoints });
      else if (!Number.isInteger(points * 2)) errors[inputId(level.key, 'points')] = t(messages.wholeOrHalf);
    });
  });
  return errors;
}

/** The server's field errors (`criteria.0.levels.1.title`) on the inputs they name. */
function serverErrors(error: unknown, draft: Draft): Errors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors: Errors = {};
  for (const issue of error.issues) {
    const path = issue.path.split('.');
    let id: string | null = null;
    if (path[0] === 'title') id = 'rubric-title';
    else if (path[0] === 'attachTo') id = 'rubric-target';
    else if (path[0] === 'criteria') {
      const criterion = draft.criteria[Number(path[1])];
      const level = path[2] === 'levels' ? criterion?.levels[Number(path[3])] : undefined;
      const field = (level ? path[4] : path[2]) as 'title' | 'description' | 'points';
      const owner = level ?? criterion;
      if (owner && (field === 'title' || field === 'description' || field === 'points')) id = inputId(owner.key, field);
    }
    if (id && !(id in errors)) errors[id] = issue.message;
  }
  return errors;
}

const focusById = (id: string) =>
  // After React has drawn the new input.
  requestAnimationFrame(() => document.getElementById(id)?.focus());

function maxOf(criterion: DraftCriterion): number {
  return Math.max(0, ...criterion.levels.map((l) => pointsOf(l.points)).filter(Number.isFinite));
}

function targetOptions(intl: IntlShape, targets: RubricTargets | undefined, rubric: Rubric | undefined) {
  const t = intl.formatMessage;
  const essays = targets?.essays ?? [];
  const assignments = targets?.assignments ?? [];
  const known = new Set([...essays.map((e) => `question:${e.id}`), ...assignments.map((a) => `assessment:${a.id}`)]);
  const current = rubric ? targetValue(rubric.attachedTo) : '';
  const data: ({ value: string; label: string } | { group: string; items: { value: string; label: string }[] })[] = [
    { value: '', label: t(messages.notAttached) },
  ];
  if (current && !known.has(current) && rubric?.attachedTitle !== null) {
    data.push({ value: current, label: rubric?.attachedTitle ?? t(messages.attachedItem) });
  }
  if (essays.length > 0)
    data.push({
      group: t(messages.essayQuestions),
      items: essays.map((e) => ({ value: `question:${e.id}`, label: `${e.title} (${formatPoints(e.points)})` })),
    });
  if (assignments.length > 0)
    data.push({
      group: t(messages.assignments),
      items: assignments.map((a) => ({ value: `assessment:${a.id}`, label: `${a.title} (${formatPoints(a.points)})` })),
    });
  return data;
}

export interface RubricEditorProps {
  courseId: string;
  /** null creates a new rubric. */
  rubricId: string | null;
  /** Where the list is: the editor returns there after saving, with focus on the rubric saved. */
  listHref: string;
}

/** A rubric's editor: its title, what it is attached to, and its criteria × levels with points. */
export function RubricEditor({ courseId, rubricId, listHref }: RubricEditorProps) {
  const rubric = useRubric(rubricId);
  const targets = useRubricTargets(courseId);
  const t = useIntl().formatMessage;
  if (rubricId && rubric.isPending)
    return (
      <Stack gap="sm" aria-label={t(messages.loadingRubric)}>
        <Skeleton height={36} />
        <Skeleton height={200} />
      </Stack>
    );
  if (rubricId && rubric.isError)
    return (
      <LoadError
        title={t(messages.rubricLoadFailed)}
        onRetry={() => void rubric.refetch()}
        retrying={rubric.isFetching}
      >
        {rubric.error.message}
      </LoadError>
    );
  return (
    <RubricForm
      key={rubric.data?.id ?? 'new'}
      courseId={courseId}
      rubric={rubric.data}
      targets={targets.data}
      targetsLoading={targets.isPending}
      listHref={listHref}
    />
  );
}

function RubricForm({
  courseId,
  rubric,
  targets,
  targetsLoading,
  listHref,
}: {
  courseId: string;
  rubric: Rubric | undefined;
  targets: RubricTargets | undefined;
  targetsLoading: boolean;
  listHref: string;
}) {
  const navigate = useNavigate();
  const intl = useIntl();
  const t = intl.formatMessage;
  const [draft, setDraft] = useState<Draft>(() => draftOf(rubric));
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  const saving = useRef(false);
  const create = useCreateRubric(courseId);
  const update = useUpdateRubric(courseId);
  const pending = create.isPending || update.isPending;

  const change = (next: (d: Draft) => Draft) => {
    setDraft(next);
    setDirty(true);
  };
  const changeCriterion = (key: string, patch: Partial<DraftCriterion>) =>
    change((d) => ({ ...d, criteria: d.criteria.map((c) => (c.key === key ? { ...c, ...patch } : c)) }));
  const changeLevel = (criterionKey: string, levelKey: string, patch: Partial<DraftLevel>) =>
    change((d) => ({
      ...d,
      criteria: d.criteria.map((c) =>
        c.key === criterionKey
          ? { ...c, levels: c.levels.map((l) => (l.key === levelKey ? { ...l, ...patch } : l)) }
          : c,
      ),
    }));
  const clearError = (id: string) =>
    setErrors((e) => {
      if (!(id in e)) return e;
      const { [id]: _, ...rest } = e;
      return rest;
    });

  const addCriterion = () => {
    const criterion = blankCriterion();
    change((d) => ({ ...d, criteria: [...d.criteria, criterion] }));
    focusById(inputId(criterion.key, 'title'));
  };
  const removeCriterion = (key: string) => {
    change((d) => ({ ...d, criteria: d.criteria.filter((c) => c.key !== key) }));
    focusById('rubric-add-criterion');
  };
  const addLevel = (criterionKey: string) => {
    const criterion = draft.criteria.find((c) => c.key === criterionKey);
    const level = blankLevel(criterion ? maxOf(criterion) + 1 : 0);
    change((d) => ({
      ...d,
      criteria: d.criteria.map((c) => (c.key === criterionKey ? { ...c, levels: [...c.levels, level] } : c)),
    }));
    focusById(inputId(level.key, 'title'));
  };
  const removeLevel = (criterionKey: string, levelKey: string) => {
    change((d) => ({
      ...d,
      criteria: d.criteria.map((c) =>
        c.key === criterionKey ? { ...c, levels: c.levels.filter((l) => l.key !== levelKey) } : c,
      ),
    }));
    focusById(`rubric-${criterionKey}-add-level`);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(intl, draft);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    const criteria = draft.criteria.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      title: c.title.trim(),
      description: c.description.trim(),
      levels: c.levels.map((l) => ({
        ...(l.id ? { id: l.id } : {}),
        title: l.title.trim(),
        description: l.description.trim(),
        points: pointsOf(l.points),
      })),
    }));
    const attachTo = targetOf(draft.target);
    const done = (saved: Rubric, message: string) => {
      saving.current = true;
      notifySuccess(message);
      void navigate(listHref, { state: { focusRubric: saved.id } });
    };
    const failed = (error: unknown) => {
      const fields = serverErrors(error, draft);
      setErrors(fields);
      const firstField = Object.keys(fields)[0];
      if (firstField) document.getElementById(firstField)?.focus();
      notifyError(toastMessageOf(error, t(messages.rubricSaveFailed)));
    };
    if (rubric) {
      update.mutate(
        { id: rubric.id, body: { version: rubric.version, title: draft.title.trim(), criteria, attachTo } },
        { onSuccess: (saved) => done(saved, t(messages.rubricSaved)), onError: failed },
      );
    } else {
      create.mutate(
        { title: draft.title.trim(), criteria, attachTo },
        { onSuccess: (saved) => done(saved, t(messages.rubricCreated)), onError: failed },
      );
    }
  };

  const total = draft.criteria.reduce((sum, c) => sum + maxOf(c), 0);
  const tooMany = draft.criteria.length >= GRADING_LIMITS.criteria;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={rubric ? t(messages.editNamed, { title: rubric.title }) : t(messages.newRubric)}
    >
      <UnsavedChangesGuard when={() => dirty && !saving.current} what="your changes to this rubric" />
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              id="rubric-title"
              label={t(messages.rubricTitleLabel)}
              required
              maxLength={GRADING_LIMITS.rubricTitle}
              value={draft.title}
              error={errors['rubric-title']}
              onChange={(e) => {
                const title = e.currentTarget.value;
                change((d) => ({ ...d, title }));
                clearError('rubric-title');
              }}
            />
            <NativeSelect
              id="rubric-target"
              label={t(messages.attachToLabel)}
              description={t(messages.attachToHint)}
              data={targetOptions(intl, targets, rubric)}
              value={draft.target}
              disabled={targetsLoading}
              error={errors['rubric-target']}
              onChange={(e) => {
                const target = e.currentTarget.value;
                change((d) => ({ ...d, target }));
                clearError('rubric-target');
              }}
            />
          </SimpleGrid>
        </Paper>

        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h3">
            {t(messages.criteriaAndLevels)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(messages.highestTotalValue, { points: formatPoints(total) })}
          </Text>
        </Group>

        {draft.criteria.map((criterion, c) => (
          <Fieldset
            key={criterion.key}
            legend={t(messages.criterionN, { number: c + 1 })}
            radius="md"
            styles={{ legend: { fontWeight: 600 } }}
          >
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                <TextInput
                  id={inputId(criterion.key, 'title')}
                  label={t(messages.criterionTitle, { number: c + 1 })}
                  required
                  maxLength={GRADING_LIMITS.criterionTitle}
                  value={criterion.title}
                  error={errors[inputId(criterion.key, 'title')]}
                  onChange={(e) => {
                    changeCriterion(criterion.key, { title: e.currentTarget.value });
                    clearError(inputId(criterion.key, 'title'));
                  }}
                />
                <Textarea
                  id={inputId(criterion.key, 'description')}
                  label={t(messages.criterionDescription, { number: c + 1 })}
                  autosize
                  minRows={1}
                  maxLength={GRADING_LIMITS.criterionDescription}
                  value={criterion.description}
                  error={errors[inputId(criterion.key, 'description')]}
                  onChange={(e) => changeCriterion(criterion.key, { description: e.currentTarget.value })}
                />
              </SimpleGrid>
              <Stack gap="xs" role="list" aria-label={t(messages.levelsOf, { number: c + 1 })}>
                {criterion.levels.map((level, l) => (
                  <Paper key={level.key} role="listitem" bg="gray.0" radius="sm" p="xs">
                    <Group align="flex-start" gap="sm" wrap="nowrap">
                      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1 }}>
                        <TextInput
                          id={inputId(level.key, 'title')}
                          label={t(messages.levelTitle, { number: l + 1 })}
                          required
                          maxLength={GRADING_LIMITS.levelTitle}
                          value={level.title}
                          error={errors[inputId(level.key, 'title')]}
                          onChange={(e) => {
                            changeLevel(criterion.key, level.key, { title: e.currentTarget.value });
                            clearError(inputId(level.key, 'title'));
                          }}
                        />
                        <NumberInput
                          id={inputId(level.key, 'points')}
                          label={t(messages.levelPointsLabel, { number: l + 1 })}
                          required
                          min={0}
                          max={GRADING_LIMITS.levelPoints}
                          step={0.5}
                          decimalScale={1}
                          allowNegative={false}
                          value={level.points}
                          error={errors[inputId(level.key, 'points')]}
                          onChange={(value) => {
                            changeLevel(criterion.key, level.key, { points: value });
                            clearError(inputId(level.key, 'points'));
                          }}
                        />
                        <TextInput
                          id={inputId(level.key, 'description')}
                          label={t(messages.levelDescription, { number: l + 1 })}
                          maxLength={GRADING_LIMITS.levelDescription}
                          value={level.description}
                          error={errors[inputId(level.key, 'description')]}
                          onChange={(e) =>
                            changeLevel(criterion.key, level.key, { description: e.currentTarget.value })
                          }
                        />
                      </SimpleGrid>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        mt={26}
                        aria-label={t(messages.removeLevel, { level: l + 1, criterion: c + 1 })}
                        disabled={criterion.levels.length <= 1}
                        onClick={() => removeLevel(criterion.key, level.key)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Paper>
                ))}
              </Stack>
              <Group justify="space-between" gap="xs">
                <Button
                  id={`rubric-${criterion.key}-add-level`}
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  aria-label={t(messages.addLevelTo, { number: c + 1 })}
                  disabled={criterion.levels.length >= GRADING_LIMITS.levels}
                  onClick={() => addLevel(criterion.key)}
                >
                  {t(messages.addLevel)}
                </Button>
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {t(messages.upTo, { points: formatPoints(maxOf(criterion)) })}
                  </Text>
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    size="xs"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    aria-label={t(messages.removeCriterionN, { number: c + 1 })}
                    disabled={draft.criteria.length <= 1}
                    onClick={() => removeCriterion(criterion.key)}
                  >
                    {t(messages.removeCriterion)}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Fieldset>
        ))}

        <Group>
          <Button
            id="rubric-add-criterion"
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={tooMany}
            onClick={addCriterion}
          >
            {t(messages.addCriterion)}
          </Button>
        </Group>
        {Object.keys(errors).length > 0 ? (
          <Alert color="red" variant="light" title={t(messages.fieldsNeedLook)}>
            {t(messages.fixFields)}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={pending}>
            {t(rubric ? messages.saveRubric : messages.createRubric)}
          </Button>
          <Button component={Link} to={listHref} variant="default">
            {t(messages.cancel)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
