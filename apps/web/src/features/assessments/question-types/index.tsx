import type { QuestionContent, QuestionForTaking, QuestionType } from '@lyceum/contract';
import { essay } from './essay';
import { fillBlank } from './fill-blank';
import { matching } from './matching';
import { multipleChoice } from './multiple-choice';
import { numeric } from './numeric';
import { ordering } from './ordering';
import { shortAnswer } from './short-answer';
import { task } from './task';
import { trueFalse } from './true-false';
import type { QuestionTypeModule, ResponseOf, TypeEditorProps, TypePlayerProps } from './types';

/** Every question type's web module, by type: adding a type adds one file here. */
export const QUESTION_TYPE_MODULES: { [T in QuestionType]: QuestionTypeModule<T> } = {
  multiple_choice: multipleChoice,
  true_false: trueFalse,
  fill_blank: fillBlank,
  short_answer: shortAnswer,
  essay,
  matching,
  ordering,
  numeric,
  task,
};

export function typeLabel(type: QuestionType): string {
  return QUESTION_TYPE_MODULES[type].label;
}

/** The editor of a content's own type. */
export function ContentEditor({
  value,
  onChange,
}: {
  value: QuestionContent;
  onChange: (value: QuestionContent) => void;
}) {
  const Editor = QUESTION_TYPE_MODULES[value.type].Editor as React.ComponentType<TypeEditorProps<QuestionType>>;
  return <Editor value={value as never} onChange={onChange as never} />;
}

/** A learner's answer to any question: the response of the question's type, or null when unanswered. */
export type AnyResponse = ResponseOf<QuestionType>;

/** The player of a served question's own type (the body a learner may see, never the key). */
export function ContentPlayer({
  content,
  response,
  onChange,
  idPrefix,
  disabled,
}: {
  content: QuestionForTaking['content'];
  response: AnyResponse | null;
  onChange: (response: AnyResponse | null) => void;
  idPrefix: string;
  disabled?: boolean;
}) {
  const Player = QUESTION_TYPE_MODULES[content.type].Player as React.ComponentType<TypePlayerProps<QuestionType>>;
  return (
    <Player
      body={content.body as never}
      response={response as never}
      onChange={onChange as never}
      idPrefix={idPrefix}
      disabled={disabled}
    />
  );
}
