import type { BankQuestion, QuestionContent, QuestionType, UpdatedBankQuestion } from '@lyceum/contract';
import { QUESTION_TYPES } from '@lyceum/contract/constants';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useIntl, type IntlShape } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useQuestion } from '../api/get-question';
import { useSaveQuestion } from '../api/save-question';
import { bankMessages as messages } from '../bank/messages';
import { ContentEditor, QUESTION_TYPE_MODULES, useTypeName } from '../question-types';
import { PromptEditor } from './prompt-editor';

interface Draft {
  title: string;
  prompt: string;
  points: number;
  tags: string[];
  hint: string;
  feedback: { general: string; correct: string; incorrect: string };
  content: QuestionContent;
}

function draftOf(question: BankQuestion | null, type: QuestionType): Draft {
  if (question) {
    const { title, prompt, points, tags, hint, feedback, content } = question;
    return { title, prompt, points, tags, hint, feedback, content };
  }
  return {
    title: '',
    prompt: '',
    points: 1,
    tags: [],
    hint: '',
    feedback: { general: '', correct: '', incorrect: '' },
    content: QUESTION_TYPE_MODULES[type].empty(),
  };
}

/** The save toast: a change to the key, content or points says how many submitted attempts it regraded. */
function savedMessage(intl: IntlShape, saved: BankQuestion | UpdatedBankQuestion): string {
  const count = 'regradedAttempts' in saved ? saved.regradedAttempts : 0;
  return intl.formatMessage(messages.savedRegraded, { count });
}

function QuestionForm({
  courseId,
  question,
  onDone,
}: {
  courseId: string;
  question: BankQuestion | null;
  onDone: () => void;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const typeName = useTypeName();
  const [draft, setDraft] = useState<Draft>(() => draftOf(question, 'multiple_choice'));
  const save = useSaveQuestion(courseId);
  const set = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const setFeedback = (next: Partial<Draft['feedback']>) =>
    setDraft((current) => ({ ...current, feedback: { ...current.feedback, ...next } }));
  const asks = draft.content.type !== 'description';

  const submit = () =>
    save.mutate(
      { id: question?.id ?? null, body: draft, version: question?.version ?? 1 },
      {
        onSuccess: (saved) => {
          notifySuccess(question ? savedMessage(intl, saved) : t(messages.added));
          onDone();
        },
      },
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {save.isError && (
          <Alert color="red" title={t(messages.notSaved)} role="alert">
            {toastMessageOf(save.error, t(messages.tryAgain))}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t(messages.type)}
            data={QUESTION_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
            value={draft.content.type}
            allowDeselect={false}
            disabled={question !== null}
            description={question ? t(messages.typeStays) : undefined}
            onChange={(type) =>
              type &&
              set({
                content: QUESTION_TYPE_MODULES[type as QuestionType].empty(),
                // A description is worth nothing (ADR 051).
                ...(type === 'description' ? { points: 0 } : draft.points === 0 ? { points: 1 } : {}),
              })
            }
            miw={200}
          />
          {asks ? (
            <NumberInput
              label={t(messages.points)}
              min={0}
              max={1000}
              decimalScale={2}
              value={draft.points}
              onChange={(points) => set({ points: typeof points === 'number' ? points : 0 })}
              miw={120}
            />
          ) : null}
        </Group>
        <TextInput
          label={t(messages.title)}
          required
          value={draft.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
        />
        <PromptEditor value={draft.prompt} onChange={(prompt) => set({ prompt })} />
        <ContentEditor value={draft.content} onChange={(content) => set({ content })} />
        <TagsInput
          label={t(messages.tags)}
          description={t(messages.tagsHint)}
          value={draft.tags}
          onChange={(tags) => set({ tags })}
          splitChars={[',']}
        />
        {/* A description asks nothing: no hint, no feedback. */}
        {asks ? (
          <>
            <Textarea
              label={t(messages.hint)}
              autosize
              minRows={1}
              value={draft.hint}
              onChange={(e) => set({ hint: e.currentTarget.value })}
            />
            <Textarea
              label={t(messages.feedbackEveryone)}
              autosize
              minRows={1}
              value={draft.feedback.general}
              onChange={(e) => setFeedback({ general: e.currentTarget.value })}
            />
            <Group grow align="flex-start" wrap="wrap">
              <Textarea
                label={t(messages.feedbackRight)}
                autosize
                minRows={1}
                value={draft.feedback.correct}
                onChange={(e) => setFeedback({ correct: e.currentTarget.value })}
                miw={220}
              />
              <Textarea
                label={t(messages.feedbackWrong)}
                autosize
                minRows={1}
                value={draft.feedback.incorrect}
                onChange={(e) => setFeedback({ incorrect: e.currentTarget.value })}
                miw={220}
              />
            </Group>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t(messages.cancel)}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(messages.saveQuestion, { editing: question ? 'yes' : 'no' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface QuestionEditorModalProps {
  courseId: string;
  /** null: a new question. */
  questionId: string | null;
  opened: boolean;
  onClose: () => void;
}

/** Create or edit one bank question: the common fields and its type's editor. */
export function QuestionEditorModal({ courseId, questionId, opened, onClose }: QuestionEditorModalProps) {
  const t = useIntl().formatMessage;
  const small = useMediaQuery('(max-width: 48em)');
  const loaded = useQuestion(courseId, opened ? questionId : null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(messages.dialogTitle, { editing: questionId ? 'yes' : 'no' })}
      size="xl"
      fullScreen={small}
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      {questionId === null ? (
        <QuestionForm courseId={courseId} question={null} onDone={onClose} />
      ) : loaded.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t(messages.loadingQuestion)} />
        </Group>
      ) : loaded.isError ? (
        <Alert color="red" role="alert" title={t(messages.questionLoadFailed)}>
          {loaded.error.message}
        </Alert>
      ) : (
        <QuestionForm
          key={`${loaded.data.id}-${loaded.data.version}`}
          courseId={courseId}
          question={loaded.data}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
