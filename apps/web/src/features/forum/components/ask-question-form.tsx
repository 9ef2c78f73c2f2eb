import { CreateQuestionBodySchema, MESSAGES, type Question } from '@lyceum/contract';
import { Button, Group, Paper, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateQuestion } from '../api/create-question';
import { QuestionFields, fieldErrorsOf, validateQuestionForm, type QuestionFormValues } from './question-fields';
import { SimilarQuestions } from './similar-questions';

export interface AskQuestionFormProps {
  onCancel: () => void;
  /** After the server saved it (the toast is already shown). */
  onPosted: (question: Question) => void;
}

/** Spec §2 ask form: question, description, tags (chips); Ask and Cancel; similar questions while typing. */
export function AskQuestionForm({ onCancel, onPosted }: AskQuestionFormProps) {
  const headingId = useId();
  const createQuestion = useCreateQuestion();
  const form = useForm<QuestionFormValues>({
    initialValues: { question: '', description: '', tags: [] },
    validate: validateQuestionForm,
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = CreateQuestionBodySchema.safeParse(values);
    if (!parsed.success) return;
    createQuestion.mutate(parsed.data, {
      onSuccess: (question) => {
        notifySuccess(MESSAGES.questionAdded);
        onPosted(question);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) form.setErrors(fieldErrorsOf(error.issues));
        notifyError(MESSAGES.questionAddFailed);
      },
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={handleSubmit} noValidate aria-labelledby={headingId}>
        <Title order={2} fz="xl" mb="lg" id={headingId}>
          Ask a Question
        </Title>
        <QuestionFields form={form} afterQuestion={<SimilarQuestions draft={form.values.question} />} />
        <Group justify="flex-end" gap="sm" mt="xl">
          <Button variant="default" onClick={onCancel} disabled={createQuestion.isPending}>
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
