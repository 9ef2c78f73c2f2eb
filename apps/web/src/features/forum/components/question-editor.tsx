import type { Question } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { SuccessModal } from '../../../components/success-modal';
import { useOpener } from '../../../lib/use-opener';
import { ApiError } from '../../../lib/api-client';
import { submitWhenLoaded } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateQuestion } from '../api/update-question';
import {
  EDIT_QUESTION_SCHEMA,
  QuestionFields,
  fieldErrorsOf,
  validateQuestionWith,
  type QuestionFormValues,
} from './question-fields';

type EditableQuestion = Pick<Question, 'id' | 'question' | 'description' | 'tags'>;

export interface QuestionEditorProps {
  /** The question being edited; null when the modal is closed. */
  question: EditableQuestion | null;
  onClose: () => void;
}

/**
 * The edit modal of a question (spec §2): question, description, tags. Success closes it, toasts and shows
 * "You successfully Updated your question!" with Continue; the lists reload.
 */
export function QuestionEditor({ question, onClose }: QuestionEditorProps) {
  const [updated, setUpdated] = useState(false);
  // Closing the success modal (Continue or Escape) gives focus back to the Edit button that started it all.
  const opener = useOpener(question !== null);
  const [busy, setBusy] = useState(false);
  // Keeps the form on screen while the modal fades out.
  const [shown, setShown] = useState(question);
  if (question && question !== shown) setShown(question);

  return (
    <>
      <Modal
        opened={question !== null}
        onClose={busy ? () => {} : onClose}
        title="Edit question"
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {shown ? (
          <EditQuestionForm
            key={shown.id}
            question={shown}
            onCancel={onClose}
            onBusyChange={setBusy}
            onUpdated={() => {
              onClose();
              setUpdated(true);
            }}
          />
        ) : null}
      </Modal>
      <SuccessModal
        opened={updated}
        title={MESSAGES.questionUpdatedTitle}
        onContinue={() => setUpdated(false)}
        returnFocusRef={opener}
      />
    </>
  );
}

interface EditQuestionFormProps {
  question: EditableQuestion;
  onCancel: () => void;
  onUpdated: () => void;
  onBusyChange: (busy: boolean) => void;
}

function EditQuestionForm({ question, onCancel, onUpdated, onBusyChange }: EditQuestionFormProps) {
  const updateQuestion = useUpdateQuestion();
  const form = useForm<QuestionFormValues>({
    initialValues: { question: question.question, description: question.description, tags: [...question.tags] },
    validate: validateQuestionWith(EDIT_QUESTION_SCHEMA),
  });

  const submit = form.onSubmit((values) => {
    const parsed = EDIT_QUESTION_SCHEMA.current?.safeParse(values);
    if (!parsed?.success) return;
    onBusyChange(true);
    updateQuestion.mutate(
      { id: question.id, body: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.questionUpdated);
          onUpdated();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) form.setErrors(fieldErrorsOf(error.issues));
          notifyError(MESSAGES.updateGenericFailed);
        },
        onSettled: () => onBusyChange(false),
      },
    );
  });
  const handleSubmit = submitWhenLoaded(EDIT_QUESTION_SCHEMA, submit, () => notifyError(MESSAGES.updateGenericFailed));

  return (
    <form onSubmit={handleSubmit} onFocus={EDIT_QUESTION_SCHEMA.preload} noValidate aria-label="Edit question">
      <QuestionFields form={form} />
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={updateQuestion.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={updateQuestion.isPending}>
          Update Question
        </Button>
      </Group>
    </form>
  );
}
