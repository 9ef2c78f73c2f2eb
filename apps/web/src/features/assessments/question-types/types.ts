import type { QuestionContent, QuestionType } from '@lyceum/contract';
import type { ComponentType } from 'react';

export type ContentOf<T extends QuestionType> = Extract<QuestionContent, { type: T }>;

export interface TypeEditorProps<T extends QuestionType> {
  value: ContentOf<T>;
  onChange: (value: ContentOf<T>) => void;
}

/** One question type on the web side: its name, an empty question and its editor (the player comes with taking). */
export interface QuestionTypeModule<T extends QuestionType> {
  label: string;
  empty: () => ContentOf<T>;
  Editor: ComponentType<TypeEditorProps<T>>;
}

/** A short random id for a new choice or item: random, so that ids never give away the right order. */
export function newItemId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 10);
}
