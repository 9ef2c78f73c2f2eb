import type {
  EssayResponse,
  FillBlankResponse,
  MatchingResponse,
  MultipleChoiceResponse,
  NumericResponse,
  OrderingResponse,
  QuestionContent,
  QuestionType,
  ShortAnswerResponse,
  TaskResponse,
  TrueFalseResponse,
} from '@lyceum/contract';
import type { ComponentType } from 'react';

export type ContentOf<T extends QuestionType> = Extract<QuestionContent, { type: T }>;
/** What a learner sees of a question's type-specific part: the body, never the key. */
export type BodyOf<T extends QuestionType> = ContentOf<T>['body'];

/** The response shape of each type (the contract's `*ResponseSchema`s). */
export interface ResponseByType {
  multiple_choice: MultipleChoiceResponse;
  true_false: TrueFalseResponse;
  fill_blank: FillBlankResponse;
  short_answer: ShortAnswerResponse;
  essay: EssayResponse;
  matching: MatchingResponse;
  ordering: OrderingResponse;
  numeric: NumericResponse;
  task: TaskResponse;
  /** A description takes no answer (ADR 051). */
  description: never;
}
export type ResponseOf<T extends QuestionType> = ResponseByType[T];

export interface TypeEditorProps<T extends QuestionType> {
  value: ContentOf<T>;
  onChange: (value: ContentOf<T>) => void;
}

export interface TypePlayerProps<T extends QuestionType> {
  body: BodyOf<T>;
  /** The saved or typed response; null while the question is unanswered. */
  response: ResponseOf<T> | null;
  /** A new response, or null when the learner cleared it (the question is unanswered again). */
  onChange: (response: ResponseOf<T> | null) => void;
  /** A unique prefix for element ids (the question's id in the attempt). */
  idPrefix: string;
  /** Read-only (a submitted attempt's review). */
  disabled?: boolean;
}

/** How a whole answer fared: full marks, some, none. */
export type Outcome = 'right' | 'partly' | 'wrong';

export interface TypeAnswerProps<T extends QuestionType> {
  body: BodyOf<T>;
  /** The answer shown: the learner's own, or a response that earns full marks ("Correct answer"). */
  response: ResponseOf<T>;
  /**
   * When the answer shown is the learner's and the correct answers are released: a response that earns full
   * marks, to mark each part (choice, pair, position) right or wrong. Null shows the answer without part marks.
   */
  correct: ResponseOf<T> | null;
  /** The whole answer's mark (from its released score), for types with one part (a value, a text, true/false). */
  outcome: Outcome | null;
  /** Per blank, whether it is accepted (the server's, released with the answers); fill-in-the-blank only. */
  blanksRight: boolean[] | null;
  /** Feedback of the chosen choices (multiple choice), shown beside each: plain text, never HTML (ADR 037). */
  choiceFeedback?: readonly { choiceId: string; text: string }[];
  /** A unique prefix for element ids. */
  idPrefix: string;
}

/**
 * One question type on the web side: an empty question, its editor, its player and its answer view (its name, in the
 * page's language, is `useTypeName` of ./index.tsx).
 */
export interface QuestionTypeModule<T extends QuestionType> {
  empty: () => ContentOf<T>;
  Editor: ComponentType<TypeEditorProps<T>>;
  Player: ComponentType<TypePlayerProps<T>>;
  /** A given answer as readable content (a review, practice), with right/wrong marks that do not rely on colour. */
  Answer: ComponentType<TypeAnswerProps<T>>;
}

/** A short random id for a new choice or item: random, so that ids never give away the right order. */
export function newItemId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 10);
}
