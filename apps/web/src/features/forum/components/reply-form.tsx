import { LIMITS, MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Paper, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '@/lib/api-client';
import { issuesToFormErrors, lazySchema, submitWhenLoaded, validateWith } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateAnswer } from '../api/create-answer';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useAuth } from '@/lib/auth/auth-context';
import { clearDraft, draftKey, useDraftWriter, useInitialDraft } from '@/lib/local-draft';

const LABELS = { answer: 'Your answer' } as const;
const REPLY_SCHEMA = lazySchema((schemas) => schemas.CreateAnswerBodySchema);

export interface ReplyFormProps {
  questionId: string;
  onCancel: () => void;
  /** After the server saved it (the toast is already shown): close the box, which clears the text. */
  onPosted: () => void;
}

/** Spec §2 reply box: the answer text (required), Post Answer and Cancel. */
export function ReplyForm({ questionId, onCancel, onPosted }: ReplyFormProps) {
  const createAnswer = useCreateAnswer();
  // A draft of the answer is kept in this browser, per question, until it is posted.
  const answerDraftKey = draftKey(useAuth().state.user?.id, 'forum-answer', questionId);
  const restored = useInitialDraft(answerDraftKey);
  const form = useForm({
    initialValues: { answer: restored ?? '' },
    validate: validateWith(REPLY_SCHEMA, LABELS),
  });
  useDraftWriter(answerDraftKey, form.values.answer);

  const submit = form.onSubmit((values) => {
    const parsed = REPLY_SCHEMA.current?.safeParse(values);
    if (!parsed?.success) return;
    createAnswer.mutate(
      { questionId, answer: parsed.data.answer },
      {
        onSuccess: () => {
          clearDraft(answerDraftKey);
          notifySuccess(MESSAGES.answerAdded);
          form.reset();
          onPosted();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) {
            form.setErrors(issuesToFormErrors(error.issues, LABELS));
          }
          notifyError(MESSAGES.answerAddFailed);
        },
      },
    );
  });
  const handleSubmit = submitWhenLoaded(REPLY_SCHEMA, submit, () => notifyError(MESSAGES.answerAddFailed));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={handleSubmit} onFocus={REPLY_SCHEMA.preload} noValidate aria-label="Answer the question">
        <UnsavedChangesGuard when={() => form.values.answer.trim() !== ''} what="your answer" />
        <Textarea
          label={LABELS.answer}
          description={
            restored
              ? 'Plain text; line breaks are kept. This is your unsaved draft from an earlier visit.'
              : 'Plain text; line breaks are kept.'
          }
          required
          autosize
          minRows={5}
          maxRows={16}
          maxLength={LIMITS.answer}
          autoFocus
          {...form.getInputProps('answer')}
        />
        <Group justify="flex-end" gap="sm" mt="md">
          <Button
            variant="default"
            onClick={() => {
              clearDraft(answerDraftKey);
              onCancel();
            }}
            disabled={createAnswer.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" loading={createAnswer.isPending}>
            Post Answer
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
