import type { Answer, Question, UpdateAnswerBody, UpdateQuestionBody } from '@lyceum/contract';
import { LIMITS, MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SuccessModal } from '@/components/success-modal';
import { useOpener } from '@/lib/use-opener';
import { ApiError } from '@/lib/api-client';
import { issuesToFormErrors, lazySchema, submitWhenLoaded, validateWith, type LazySchema } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateAnswer } from '../api/update-answer';
import { useUpdateQuestion } from '../api/update-question';
import {
  EDIT_QUESTION_SCHEMA,
  QuestionFields,
  fieldErrorsOf,
  validateQuestionWith,
  type QuestionFormValues,
} from './question-fields';

type EditableQuestion = Pick<Question, 'id' | 'question' | 'description' | 'tags'>;
type EditableAnswer = Pick<Answer, 'id' | 'answer'>;
/** Mantine's bound on form values (`Record<string, any>`), which interfaces meet and `Record<string, unknown>` not. */
type FormValues = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['initialValues']>;

/** What differs between editing a question and an answer; the modal, the form's flow and its buttons are shared. */
interface PostKind<Post extends { id: string }, Values extends FormValues, Body> {
  /** The modal is "Edit <noun>", the submit button "Update <Noun>". */
  noun: 'question' | 'answer';
  updatedTitle: string;
  updated: string;
  failed: string;
  schema: LazySchema<Body>;
  initialValues: (post: Post) => Values;
  validate: (values: Values) => Record<string, string>;
  errorsOf: (issues: ApiError['issues']) => Record<string, string>;
  fields: (form: UseFormReturnType<Values>) => ReactNode;
  useUpdate: () => UseMutationResult<unknown, Error, { id: string; body: Body }>;
}

const ANSWER_LABELS = { answer: 'Answer' } as const;
const ANSWER_SCHEMA = lazySchema((schemas) => schemas.UpdateAnswerBodySchema);

const QUESTION: PostKind<EditableQuestion, QuestionFormValues, UpdateQuestionBody> = {
  noun: 'question',
  updatedTitle: MESSAGES.questionUpdatedTitle,
  updated: MESSAGES.questionUpdated,
  failed: MESSAGES.updateGenericFailed,
  schema: EDIT_QUESTION_SCHEMA,
  initialValues: (question) => ({
    question: question.question,
    description: question.description,
    tags: [...question.tags],
  }),
  validate: validateQuestionWith(EDIT_QUESTION_SCHEMA),
  errorsOf: fieldErrorsOf,
  fields: (form) => <QuestionFields form={form} />,
  useUpdate: useUpdateQuestion,
};

const ANSWER: PostKind<EditableAnswer, { answer: string }, UpdateAnswerBody> = {
  noun: 'answer',
  updatedTitle: MESSAGES.answerUpdatedTitle,
  updated: MESSAGES.answerUpdated,
  failed: MESSAGES.answerUpdateFailed,
  schema: ANSWER_SCHEMA,
  initialValues: (answer) => ({ answer: answer.answer }),
  validate: validateWith(ANSWER_SCHEMA, ANSWER_LABELS),
  errorsOf: (issues) => issuesToFormErrors(issues, ANSWER_LABELS),
  fields: (form) => (
    <Textarea
      label={ANSWER_LABELS.answer}
      required
      autosize
      minRows={5}
      maxRows={14}
      maxLength={LIMITS.answer}
      data-autofocus
      {...form.getInputProps('answer')}
    />
  ),
  useUpdate: useUpdateAnswer,
};

export type PostEditorProps =
  /** The post being edited; null when the modal is closed. */
  | { variant: 'question'; post: EditableQuestion | null; onClose: () => void }
  | { variant: 'answer'; post: EditableAnswer | null; onClose: () => void };

/**
 * The edit modal of a question (spec §2: question, description, tags) or of an answer. Success closes it, toasts
 * and shows "You successfully Updated your question!" (or Answer) with Continue; the lists reload.
 */
export function PostEditor(props: PostEditorProps) {
  const { post, onClose } = props;
  const kind = props.variant === 'question' ? QUESTION : ANSWER;
  const [updated, setUpdated] = useState(false);
  // Closing the success modal (Continue or Escape) gives focus back to the Edit button that started it all.
  const opener = useOpener(post !== null);
  const [busy, setBusy] = useState(false);
  // Keeps the form on screen while the modal fades out.
  const [shown, setShown] = useState(props);
  if (post && post !== shown.post) setShown(props);

  const formProps = {
    onCancel: onClose,
    onBusyChange: setBusy,
    onUpdated: () => {
      onClose();
      setUpdated(true);
    },
  };
  let form: ReactNode = null;
  if (shown.variant === 'question' && shown.post) {
    form = <EditPostForm key={shown.post.id} kind={QUESTION} post={shown.post} {...formProps} />;
  } else if (shown.variant === 'answer' && shown.post) {
    form = <EditPostForm key={shown.post.id} kind={ANSWER} post={shown.post} {...formProps} />;
  }

  return (
    <>
      <Modal
        opened={post !== null}
        onClose={busy ? () => {} : onClose}
        title={`Edit ${kind.noun}`}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {form}
      </Modal>
      <SuccessModal
        opened={updated}
        title={kind.updatedTitle}
        onContinue={() => setUpdated(false)}
        returnFocusRef={opener}
      />
    </>
  );
}

interface EditPostFormProps<Post extends { id: string }, Values extends FormValues, Body> {
  kind: PostKind<Post, Values, Body>;
  post: Post;
  onCancel: () => void;
  onUpdated: () => void;
  onBusyChange: (busy: boolean) => void;
}

function EditPostForm<Post extends { id: string }, Values extends FormValues, Body>({
  kind,
  post,
  onCancel,
  onUpdated,
  onBusyChange,
}: EditPostFormProps<Post, Values, Body>) {
  const update = kind.useUpdate();
  const form = useForm<Values>({ initialValues: kind.initialValues(post), validate: kind.validate });

  const submit = form.onSubmit((values) => {
    const parsed = kind.schema.current?.safeParse(values);
    if (!parsed?.success) return;
    onBusyChange(true);
    update.mutate(
      { id: post.id, body: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(kind.updated);
          onUpdated();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) form.setErrors(kind.errorsOf(error.issues));
          notifyError(kind.failed);
        },
        onSettled: () => onBusyChange(false),
      },
    );
  });
  const handleSubmit = submitWhenLoaded(kind.schema, submit, () => notifyError(kind.failed));
  const Noun = kind.noun === 'question' ? 'Question' : 'Answer';

  return (
    <form onSubmit={handleSubmit} onFocus={kind.schema.preload} noValidate aria-label={`Edit ${kind.noun}`}>
      {kind.fields(form)}
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Update {Noun}
        </Button>
      </Group>
    </form>
  );
}
