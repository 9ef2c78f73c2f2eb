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

/** One question type on the web side: its name, an empty question, its editor and its player. */
export interface QuestionTypeModule<T extends QuestionType> {
  label: string;
  empty: () => ContentOf<T>;
  Editor: ComponentType<TypeEditorProps<T>>;
  Player: ComponentType<TypePlayerProps<T>>;
}

/** A short random id for a new choice or item: random, so that ids never give away the right order. */
export function newItemId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 10);
}
