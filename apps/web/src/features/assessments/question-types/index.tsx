import type { QuestionContent, QuestionType } from '@lyceum/contract';
import { essay } from './essay';
import { fillBlank } from './fill-blank';
import { matching } from './matching';
import { multipleChoice } from './multiple-choice';
import { numeric } from './numeric';
import { ordering } from './ordering';
import { shortAnswer } from './short-answer';
import { trueFalse } from './true-false';
import type { QuestionTypeModule, TypeEditorProps } from './types';

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
