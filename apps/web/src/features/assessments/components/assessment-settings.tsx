import type { Assessment, UpdateAssessmentBody } from '@lyceum/contract';
import {
  ASSESSMENT_KINDS,
  ASSESSMENT_LIMITS,
  COMPLETION_RULES,
  ANSWER_RELEASE_POLICIES,
  COUNTING_RULES,
  RELEASE_POLICIES,
  type AnswerReleasePolicy,
  type AssessmentKind,
  type CompletionRule,
  type CountingRule,
  type QuestionLayout,
  type ReleasePolicy,
} from '@lyceum/contract/constants';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { issuesToFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { browserTimeZone } from '@/lib/time-zone';
import { useUpdateAssessment } from '../api/save-assessment';
import { answersWarningOf } from '../answer-timing';
import { authoringMessages as messages } from '../authoring/messages';
import { ConfirmModal } from '@/components/confirm-modal';
import { PromptEditor } from './prompt-editor';
import { useAssessmentText } from './use-assessment-text';

/** An instant as a `datetime-local` value in the browser's zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the browser's zone) as an instant with its offset; null for an empty field. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

interface Settings {
  kind: AssessmentKind;
  title: string;
  instructions: string;
  points: number | string;
  passingPercent: number | string;
  timed: boolean;
  timeLimitMinutes: number | string;
  unlimitedAttempts: boolean;
  attemptsAllowed: number | string;
  countingRule: CountingRule;
  opensAt: string;
  dueAt: string;
  closesAt: string;
  latePenaltyPercentPerDay: number | string;
  shuffleQuestions: boolean;
  shuffleChoices: boolean;
  layout: QuestionLayout;
  releaseScore: ReleasePolicy;
  releaseAnswers: AnswerReleasePolicy;
  releaseFeedback: ReleasePolicy;
  anonymousGrading: boolean;
  requiredForCompletion: CompletionRule;
}

function settingsOf(a: Assessment): Settings {
  return {
    kind: a.kind,
    title: a.title,
    instructions: a.instructions,
    points: a.points,
    passingPercent: a.passingPercent,
    timed: a.timeLimitMinutes !== null,
    timeLimitMinutes: a.timeLimitMinutes ?? 30,
    unlimitedAttempts: a.attemptsAllowed === null,
    attemptsAllowed: a.attemptsAllowed ?? 1,
    countingRule: a.countingRule,
    opensAt: toLocalInput(a.opensAt),
    dueAt: toLocalInput(a.dueAt),
    closesAt: toLocalInput(a.closesAt),
    latePenaltyPercentPerDay: a.latePenaltyPercentPerDay,
    shuffleQuestions: a.shuffleQuestions,
    shuffleChoices: a.shuffleChoices,
    layout: a.layout,
    releaseScore: a.releaseScore,
    releaseAnswers: a.releaseAnswers,
    releaseFeedback: a.releaseFeedback,
    anonymousGrading: a.anonymousGrading,
    requiredForCompletion: a.requiredForCompletion,
  };
}

const num = (value: number | string, fallback = 0) => (typeof value === 'number' ? value : Number(value) || fallback);

/** The fields' names, which a contract message ("is required") follows. */
const LABELS = {
  title: messages.title,
  instructions: messages.instructions,
  points: messages.points,
  passingPercent: messages.passingScore,
  timeLimitMinutes: messages.timeLimit,
  attemptsAllowed: messages.attemptsAllowed,
  opensAt: messages.opens,
  dueAt: messages.due,
  closesAt: messages.closes,
  latePenaltyPercentPerDay: messages.latePenalty,
  password: messages.accessPassword,
};

/** Every setting of an assessment (issue 16 point 1), saved together with the version read. */
export function AssessmentSettings({ assessment, courseId }: { assessment: Assessment; courseId: string }) {
  const { intl, kindLabel } = useAssessmentText();
  const t = intl.formatMessage;
  const [form, setForm] = useState(() => settingsOf(assessment));
  const [password, setPassword] = useState<{ action: 'keep' | 'set' | 'remove'; value: string }>({
    action: 'keep',
    value: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The server's warning that the save would show the correct answers to students with attempts left (ADR 046). */
  const [answersWarning, setAnswersWarning] = useState<string | null>(null);
  /** Where focus goes once the warning has closed: the answers' timing to change it, or the saved form's button. */
  const focusAfterWarning = useRef<HTMLElement | null>(null);
  const answersRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (answersWarning !== null || !focusAfterWarning.current) return;
    focusAfterWarning.current.focus();
    focusAfterWarning.current = null;
  }, [answersWarning]);
  const update = useUpdateAssessment(courseId, assessment.id);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setForm((f) => ({ ...f, [key]: value }));
  const timeZone = browserTimeZone();

  const save = (confirm = false) => {
    const body: UpdateAssessmentBody = {
      version: assessment.version,
      ...(confirm ? { confirm } : {}),
      kind: form.kind,
      title: form.title,
      instructions: form.instructions,
      points: num(form.points),
      passingPercent: num(form.passingPercent),
      timeLimitMinutes: form.timed ? num(form.timeLimitMinutes, 1) : null,
      attemptsAllowed: form.unlimitedAttempts ? null : num(form.attemptsAllowed, 1),
      countingRule: form.countingRule,
      opensAt: fromLocalInput(form.opensAt),
      dueAt: fromLocalInput(form.dueAt),
      closesAt: fromLocalInput(form.closesAt),
      latePenaltyPercentPerDay: num(form.latePenaltyPercentPerDay),
      shuffleQuestions: form.shuffleQuestions,
      shuffleChoices: form.shuffleChoices,
      layout: form.layout,
      releaseScore: form.releaseScore,
      releaseAnswers: form.releaseAnswers,
      releaseFeedback: form.releaseFeedback,
      anonymousGrading: form.anonymousGrading,
      requiredForCompletion: form.requiredForCompletion,
    };
    if (password.action === 'set') body.password = password.value;
    if (password.action === 'remove') body.password = null;
    setErrors({});
    update.mutate(body, {
      onSuccess: (saved) => {
        if (confirm) focusAfterWarning.current = saveRef.current;
        setAnswersWarning(null);
        setForm(settingsOf(saved));
        setPassword({ action: 'keep', value: '' });
        notifySuccess(t(messages.settingsSaved));
      },
      onError: (error) => {
        const warning = answersWarningOf(error);
        if (warning) {
          setAnswersWarning(warning);
          return;
        }
        setAnswersWarning(null);
        if (error instanceof ApiError && error.issues.length > 0) {
          const labels = Object.fromEntries(Object.entries(LABELS).map(([field, label]) => [field, t(label)]));
          setErrors(issuesToFormErrors(error.issues, labels));
        }
        notifyError(
          error instanceof ApiError && error.status === 409
            ? t(messages.changedSeeTheirs)
            : toastMessageOf(error, t(messages.settingsSaveFailed)),
        );
      },
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="lg">
        <Fieldset legend={t(messages.legendAbout)}>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="kind-label">
                {t(messages.kind)}
              </Text>
              <SegmentedControl
                aria-labelledby="kind-label"
                value={form.kind}
                onChange={(value) => set('kind', value as AssessmentKind)}
                data={ASSESSMENT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
                w="fit-content"
              />
            </Stack>
            <TextInput
              label={t(messages.title)}
              required
              maxLength={ASSESSMENT_LIMITS.title}
              value={form.title}
              error={errors.title}
              onChange={(e) => set('title', e.currentTarget.value)}
            />
            <PromptEditor
              label={t(messages.instructions)}
              value={form.instructions}
              onChange={(html) => set('instructions', html)}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t(messages.legendGrading)}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={t(messages.points)}
              description={t(messages.pointsHint)}
              min={0}
              max={ASSESSMENT_LIMITS.maxPoints}
              value={form.points}
              error={errors.points}
              onChange={(v) => set('points', v)}
            />
            <NumberInput
              label={t(messages.passingScorePercent)}
              min={0}
              max={100}
              value={form.passingPercent}
              error={errors.passingPercent}
              onChange={(v) => set('passingPercent', v)}
            />
            <Select
              label={t(messages.whichAttemptCounts)}
              allowDeselect={false}
              data={COUNTING_RULES.map((r) => ({ value: r, label: t(messages.countingOption, { rule: r }) }))}
              value={form.countingRule}
              onChange={(v) => v && set('countingRule', v as CountingRule)}
            />
            <Select
              label={t(messages.requiredForCompletion)}
              allowDeselect={false}
              data={COMPLETION_RULES.map((r) => ({ value: r, label: t(messages.completionOption, { rule: r }) }))}
              value={form.requiredForCompletion}
              onChange={(v) => v && set('requiredForCompletion', v as CompletionRule)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t(messages.legendTime)}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stack gap={6}>
              <Checkbox
                label={t(messages.timeLimit)}
                checked={form.timed}
                onChange={(e) => set('timed', e.currentTarget.checked)}
              />
              {form.timed ? (
                <NumberInput
                  label={t(messages.minutes)}
                  min={1}
                  max={ASSESSMENT_LIMITS.timeLimitMinutes}
                  allowDecimal={false}
                  value={form.timeLimitMinutes}
                  error={errors.timeLimitMinutes}
                  onChange={(v) => set('timeLimitMinutes', v)}
                />
              ) : null}
            </Stack>
            <Stack gap={6}>
              <Checkbox
                label={t(messages.unlimitedAttempts)}
                checked={form.unlimitedAttempts}
                onChange={(e) => set('unlimitedAttempts', e.currentTarget.checked)}
              />
              {!form.unlimitedAttempts ? (
                <NumberInput
                  label={t(messages.attemptsAllowed)}
                  min={1}
                  max={ASSESSMENT_LIMITS.attemptsAllowed}
                  allowDecimal={false}
                  value={form.attemptsAllowed}
                  error={errors.attemptsAllowed}
                  onChange={(v) => set('attemptsAllowed', v)}
                />
              ) : null}
            </Stack>
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t(messages.legendDates)}>
          <Text size="sm" c="dimmed" mb="xs">
            {t(messages.datesHint, { timeZone })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={t(messages.opens)}
              value={form.opensAt}
              error={errors.opensAt}
              onChange={(e) => set('opensAt', e.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label={t(messages.due)}
              value={form.dueAt}
              error={errors.dueAt}
              onChange={(e) => set('dueAt', e.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label={t(messages.closes)}
              value={form.closesAt}
              error={errors.closesAt}
              onChange={(e) => set('closesAt', e.currentTarget.value)}
            />
            <NumberInput
              label={t(messages.latePenaltyPerDay)}
              description={t(messages.zeroForNone)}
              min={0}
              max={ASSESSMENT_LIMITS.latePenaltyPercentPerDay}
              value={form.latePenaltyPercentPerDay}
              error={errors.latePenaltyPercentPerDay}
              onChange={(v) => set('latePenaltyPercentPerDay', v)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t(messages.legendTaking)}>
          <Stack gap="sm">
            <Radio.Group
              label={t(messages.questionsAreShown)}
              value={form.layout}
              onChange={(v) => set('layout', v as QuestionLayout)}
            >
              <Group mt={6}>
                <Radio value="all" label={t(messages.layoutAll)} />
                <Radio value="one_at_a_time" label={t(messages.layoutOneAtATime)} />
              </Group>
            </Radio.Group>
            <Switch
              label={t(messages.shuffleQuestions)}
              checked={form.shuffleQuestions}
              onChange={(e) => set('shuffleQuestions', e.currentTarget.checked)}
            />
            <Switch
              label={t(messages.shuffleChoices)}
              checked={form.shuffleChoices}
              onChange={(e) => set('shuffleChoices', e.currentTarget.checked)}
            />
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t(messages.accessPassword)}{' '}
                <Text span size="sm" c="dimmed" fw={400}>
                  {t(messages.passwordState, { state: assessment.hasPassword ? 'set' : 'none' })}
                </Text>
              </Text>
              <Group gap="xs">
                {password.action === 'keep' ? (
                  <>
                    <Button size="xs" variant="default" onClick={() => setPassword({ action: 'set', value: '' })}>
                      {t(messages.changePassword, { has: assessment.hasPassword ? 'yes' : 'no' })}
                    </Button>
                    {assessment.hasPassword ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setPassword({ action: 'remove', value: '' })}
                      >
                        {t(messages.removePassword)}
                      </Button>
                    ) : null}
                  </>
                ) : password.action === 'set' ? (
                  <PasswordInput
                    label={t(messages.newAccessPassword)}
                    maxLength={ASSESSMENT_LIMITS.password}
                    w={280}
                    value={password.value}
                    error={errors.password}
                    onChange={(e) => setPassword({ action: 'set', value: e.currentTarget.value })}
                  />
                ) : (
                  <Text size="sm">{t(messages.passwordRemovedOnSave)}</Text>
                )}
                {password.action !== 'keep' ? (
                  <Button size="xs" variant="subtle" onClick={() => setPassword({ action: 'keep', value: '' })}>
                    {t(messages.keepPassword)}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Stack>
        </Fieldset>

        <Fieldset legend={t(messages.legendRelease)}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {(
              [
                ['releaseScore', 'score'],
                ['releaseAnswers', 'answers'],
                ['releaseFeedback', 'feedback'],
              ] as const
            ).map(([key, what]) => (
              <Select
                key={key}
                label={t(messages.releaseWhat, { what })}
                allowDeselect={false}
                data={
                  key === 'releaseAnswers'
                    ? ANSWER_RELEASE_POLICIES.map((p) => ({
                        value: p,
                        label: t(messages.releaseOption, { policy: p }),
                      }))
                    : RELEASE_POLICIES.map((p) => ({ value: p, label: t(messages.releaseOption, { policy: p }) }))
                }
                value={form[key]}
                ref={key === 'releaseAnswers' ? answersRef : undefined}
                onChange={(v) => v && setForm((f) => ({ ...f, [key]: v }))}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" mt="xs">
            {t(messages.answerReleaseNote, { policy: form.releaseAnswers })}
          </Text>
          <Switch
            mt="md"
            label={t(messages.anonymousGrading)}
            description={t(messages.anonymousGradingHint)}
            checked={form.anonymousGrading}
            onChange={(e) => set('anonymousGrading', e.currentTarget.checked)}
          />
        </Fieldset>

        <Group>
          <Button type="submit" loading={update.isPending} ref={saveRef}>
            {t(messages.saveSettings)}
          </Button>
        </Group>
        <ConfirmModal
          opened={answersWarning !== null}
          title={t(messages.answersWarningTitle)}
          confirmLabel={t(messages.saveAnyway)}
          cancelLabel={t(messages.keepEditing)}
          danger
          loading={update.isPending}
          onClose={() => {
            focusAfterWarning.current = answersRef.current;
            setAnswersWarning(null);
          }}
          onConfirm={() => save(true)}
        >
          <Text>{answersWarning}</Text>
          <Text mt="xs">
            {t(messages.toWait, { option: t(messages.releaseOption, { policy: 'after_last_attempt' }) })}
          </Text>
        </ConfirmModal>
      </Stack>
    </form>
  );
}
