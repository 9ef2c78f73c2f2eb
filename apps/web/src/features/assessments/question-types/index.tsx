import type { QuestionContent, QuestionForTaking, QuestionType } from '@lyceum/contract';
import { useIntl } from '@/i18n/intl';
import { description } from './description';
import { essay } from './essay';
import { fillBlank } from './fill-blank';
import { matching } from './matching';
import { questionTypesMessages } from './messages';
import { multipleChoice } from './multiple-choice';
import { numeric } from './numeric';
import { ordering } from './ordering';
import { shortAnswer } from './short-answer';
import { task } from './task';
import { trueFalse } from './true-false';
import type {
  Outcome,
  QuestionTypeModule,
  ResponseOf,
  TypeAnswerProps,
  TypeEditorProps,
  TypePlayerProps,
} from './types';

export type { Outcome } from './types';
export { Mark, markWord } from './answer-view';
export { DescriptionBlock } from './description';

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
  description,
};

/** A type's name in the page's language. */
export function useTypeName(): (type: QuestionType) => string {
  const intl = useIntl();
  return (type) => intl.formatMessage(questionTypesMessages.typeName, { type });
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

/** How a released score fared: all the points, some, none; null while the score is not released or graded. */
export function outcomeOf(score: number | null | undefined, maxScore: number): Outcome | null {
  if (score === null || score === undefined) return null;
  if (score >= maxScore) return 'right';
  return score > 0 ? 'partly' : 'wrong';
}

/**
 * A given answer of any type as readable content (never disabled controls): the learner's own, marked part by
 * part against `correct` when the answers are released, or (with `correct` null) a full-marks one.
 */
export function ContentAnswer({
  content,
  response,
  correct = null,
  outcome = null,
  blanksRight = null,
  choiceFeedback,
  idPrefix,
}: {
  content: QuestionForTaking['content'];
  response: AnyResponse;
  correct?: AnyResponse | null;
  outcome?: Outcome | null;
  blanksRight?: boolean[] | null;
  choiceFeedback?: readonly { choiceId: string; text: string }[];
  idPrefix: string;
}) {
  const Answer = QUESTION_TYPE_MODULES[content.type].Answer as React.ComponentType<TypeAnswerProps<QuestionType>>;
  return (
    <Answer
      body={content.body as never}
      response={response as never}
      correct={correct as never}
      outcome={outcome}
      blanksRight={blanksRight}
      choiceFeedback={choiceFeedback}
      idPrefix={idPrefix}
    />
  );
}
