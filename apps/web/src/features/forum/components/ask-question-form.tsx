import type { Question } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { ApiError } from '@/lib/api-client';
import { submitWhenLoaded } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateQuestion } from '../api/create-question';
import {
  ASK_SCHEMA,
  QuestionFields,
  fieldErrorsOf,
  validateQuestionWith,
  type QuestionFormValues,
} from './question-fields';
import { SimilarQuestions } from './similar-questions';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useAuth } from '@/lib/auth/auth-context';
import { clearDraft, draftKey, useDraftWriter, useInitialDraft } from '@/lib/local-draft';

export interface AskQuestionFormProps {
  onCancel: () => void;
  /** After the server saved it (the toast is already shown). */
  onPosted: (question: Question) => void;
}

/** Spec §2 ask form: question, description, tags (chips); Ask and Cancel; similar questions while typing. */
export function AskQuestionForm({ onCancel, onPosted }: AskQuestionFormProps) {
  const headingId = useId();
  const createQuestion = useCreateQuestion();
  // The description is the long part: its draft is kept in this browser until the question is posted.
  const descriptionDraftKey = draftKey(useAuth().state.user?.id, 'forum-question', 'new');
  const restoredDescription = useInitialDraft(descriptionDraftKey);
  const form = useForm<QuestionFormValues>({
    initialValues: { question: '', description: restoredDescription ?? '', tags: [] },
    validate: validateQuestionWith(ASK_SCHEMA),
  });
  useDraftWriter(descriptionDraftKey, form.values.description);
  const hasWork = () =>
    form.values.question.trim() !== '' || form.values.description.trim() !== '' || form.values.tags.length > 0;

  const submit = form.onSubmit((values) => {
    const parsed = ASK_SCHEMA.current?.safeParse(values);
    if (!parsed?.success) return;
    createQuestion.mutate(parsed.data, {
      onSuccess: (question) => {
        clearDraft(descriptionDraftKey);
        form.reset();
        notifySuccess(MESSAGES.questionAdded);
        onPosted(question);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) form.setErrors(fieldErrorsOf(error.issues));
        notifyError(MESSAGES.questionAddFailed);
      },
    });
  });
  const handleSubmit = submitWhenLoaded(ASK_SCHEMA, submit, () => notifyError(MESSAGES.questionAddFailed));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={handleSubmit} onFocus={ASK_SCHEMA.preload} noValidate aria-labelledby={headingId}>
        <Title order={2} fz="xl" mb="lg" id={headingId}>
          Ask a Question
        </Title>
        <UnsavedChangesGuard when={hasWork} what="your question" />
        {restoredDescription ? (
          <Text size="sm" c="dimmed" mb="md" role="status">
            The description below is your unsaved draft from an earlier visit.
          </Text>
        ) : null}
        <QuestionFields form={form} autoFocus afterQuestion={<SimilarQuestions draft={form.values.question} />} />
        <Group justify="flex-end" gap="sm" mt="xl">
          <Button
            variant="default"
            onClick={() => {
              clearDraft(descriptionDraftKey);
              onCancel();
            }}
            disabled={createQuestion.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" loading={createQuestion.isPending} miw={120}>
            Ask
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
