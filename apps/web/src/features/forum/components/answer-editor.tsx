import type { Answer } from '@lyceum/contract';
import { LIMITS, MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { SuccessModal } from '../../../components/success-modal';
import { useOpener } from '../../../lib/use-opener';
import { ApiError } from '../../../lib/api-client';
import { issuesToFormErrors, lazySchema, submitWhenLoaded, validateWith } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateAnswer } from '../api/update-answer';

const LABELS = { answer: 'Answer' } as const;
const ANSWER_SCHEMA = lazySchema((schemas) => schemas.UpdateAnswerBodySchema);

type EditableAnswer = Pick<Answer, 'id' | 'answer'>;

export interface AnswerEditorProps {
  /** The answer being edited; null when the modal is closed. */
  answer: EditableAnswer | null;
  onClose: () => void;
}

/** The edit modal of an answer; success shows "You successfully Updated your Answer!" with Continue. */
export function AnswerEditor({ answer, onClose }: AnswerEditorProps) {
  const [updated, setUpdated] = useState(false);
  // Closing the success modal (Continue or Escape) gives focus back to the Edit button that started it all.
  const opener = useOpener(answer !== null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(answer);
  if (answer && answer !== shown) setShown(answer);

  return (
    <>
      <Modal
        opened={answer !== null}
        onClose={busy ? () => {} : onClose}
        title="Edit answer"
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {shown ? (
          <EditAnswerForm
            key={shown.id}
            answer={shown}
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
        title={MESSAGES.answerUpdatedTitle}
        onContinue={() => setUpdated(false)}
        returnFocusRef={opener}
      />
    </>
  );
}

interface EditAnswerFormProps {
  answer: EditableAnswer;
  onCancel: () => void;
  onUpdated: () => void;
  onBusyChange: (busy: boolean) => void;
}

function EditAnswerForm({ answer, onCancel, onUpdated, onBusyChange }: EditAnswerFormProps) {
  const updateAnswer = useUpdateAnswer();
  const form = useForm({
    initialValues: { answer: answer.answer },
    validate: validateWith(ANSWER_SCHEMA, LABELS),
  });

  const submit = form.onSubmit((values) => {
    const parsed = ANSWER_SCHEMA.current?.safeParse(values);
    if (!parsed?.success) return;
    onBusyChange(true);
    updateAnswer.mutate(
      { id: answer.id, answer: parsed.data.answer },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.answerUpdated);
          onUpdated();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) {
            form.setErrors(issuesToFormErrors(error.issues, LABELS));
          }
          notifyError(MESSAGES.answerUpdateFailed);
        },
        onSettled: () => onBusyChange(false),
      },
    );
  });
  const handleSubmit = submitWhenLoaded(ANSWER_SCHEMA, submit, () => notifyError(MESSAGES.answerUpdateFailed));

  return (
    <form onSubmit={handleSubmit} onFocus={ANSWER_SCHEMA.preload} noValidate aria-label="Edit answer">
      <Textarea
        label={LABELS.answer}
        required
        autosize
        minRows={5}
        maxRows={14}
        maxLength={LIMITS.answer}
        data-autofocus
        {...form.getInputProps('answer')}
      />
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={updateAnswer.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={updateAnswer.isPending}>
          Update Answer
        </Button>
      </Group>
    </form>
  );
}
