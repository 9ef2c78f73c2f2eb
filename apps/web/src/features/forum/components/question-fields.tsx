import { LIMITS } from '@lyceum/contract/constants';
import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { issuesToFormErrors, lazySchema, type LazySchema } from '@/lib/form-errors';
import { TagsField } from './tags-field';

export interface QuestionFormValues {
  question: string;
  description: string;
  tags: string[];
}

export const QUESTION_LABELS = { question: 'Question', description: 'Description', tags: 'Tags' } as const;

/** What the tags field says when it is empty (the contract's "is required" would read "Tags is required"). */
export const TAGS_REQUIRED = 'Add at least one tag';

/** The ask form's rules (POST /api/forum/questions), loaded when a question form is first focused or submitted. */
export const ASK_SCHEMA = lazySchema((schemas) => schemas.CreateQuestionBodySchema);
/** The edit modal's rules (PATCH /api/forum/questions/:id). */
export const EDIT_QUESTION_SCHEMA = lazySchema((schemas) => schemas.UpdateQuestionBodySchema);

/**
 * A question form's `validate`. Spec §5: question, description and tags are required; the contract adds the
 * lengths and the tag rules. Problems with one tag ("tags.3") show under the tags field. Nothing is reported
 * before the rules have loaded (the forms submit with `submitWhenLoaded`).
 */
export function validateQuestionWith(schema: LazySchema<unknown>) {
  return (values: QuestionFormValues): Record<string, string> => {
    const result = schema.current?.safeParse(values);
    if (!result || result.success) return {};
    return fieldErrorsOf(result.error.issues);
  };
}

/** Field errors from contract or server issues, each under its top-level field. */
export function fieldErrorsOf(
  issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  return issuesToFormErrors(
    issues.map((issue) => {
      const path = (typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String)).slice(0, 1);
      // "Tags is required" reads wrong: say what to do instead.
      const message = path[0] === 'tags' && issue.message === 'is required' ? TAGS_REQUIRED : issue.message;
      return { message, path };
    }),
    QUESTION_LABELS,
  );
}

export interface QuestionFieldsProps {
  form: UseFormReturnType<QuestionFormValues>;
  /** Shown under the question field (similar questions while asking). */
  afterQuestion?: ReactNode;
  /** Focus the first field when the form appears (the ask form replaces the list: focus goes to the next step). */
  autoFocus?: boolean;
}

/** Question, description and tags: the fields of the ask form and of the edit modal. */
export function QuestionFields({ form, afterQuestion, autoFocus = false }: QuestionFieldsProps) {
  const tags = form.getInputProps('tags');
  return (
    <Stack gap="md">
      <TextInput
        label={QUESTION_LABELS.question}
        description="One sentence: what do you want to know?"
        required
        maxLength={LIMITS.question}
        autoFocus={autoFocus}
        {...form.getInputProps('question')}
      />
      {afterQuestion}
      <Textarea
        label={QUESTION_LABELS.description}
        description="What have you tried, and where are you stuck?"
        required
        autosize
        minRows={5}
        maxRows={14}
        maxLength={LIMITS.description}
        {...form.getInputProps('description')}
      />
      <TagsField
        label={QUESTION_LABELS.tags}
        value={form.values.tags}
        onChange={(next) => form.setFieldValue('tags', next)}
        onBlur={tags.onBlur as () => void}
        error={tags.error as ReactNode}
      />
    </Stack>
  );
}
