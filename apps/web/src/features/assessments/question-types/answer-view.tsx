import { Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Outcome } from './types';
import classes from './answer-view.module.css';

export type MarkKind = Outcome | 'missed';

const MARKS: Record<MarkKind, { symbol: string; word: string }> = {
  right: { symbol: '✓', word: 'Right' },
  partly: { symbol: '◐', word: 'Partly right' },
  wrong: { symbol: '✗', word: 'Wrong' },
  missed: { symbol: '✗', word: 'Missed' },
};

/** The words of a mark, as shown and as read: "Right", "Partly right", "Wrong", "Missed". */
export function markWord(kind: MarkKind): string {
  return MARKS[kind].word;
}

/**
 * A right/partly/wrong mark: a symbol and a word (colour only repeats them), with an optional phrase for screen
 * readers that says what is marked ("Missed" → "a right answer you did not choose").
 */
export function Mark({ kind, detail }: { kind: MarkKind; detail?: string }) {
  const { symbol, word } = MARKS[kind];
  return (
    <span className={classes.mark} data-mark={kind}>
      <span aria-hidden>{symbol}</span> {word}
      {detail ? <VisuallyHidden>{`: ${detail}`}</VisuallyHidden> : null}
    </span>
  );
}

/** A typed answer (a word, a number) in a light box, dark text; "No answer" when empty. */
export function Given({ children, empty }: { children: ReactNode; empty?: boolean }) {
  return (
    <span className={`${classes.given}${empty ? ` ${classes.empty}` : ''}`}>{empty ? 'No answer' : children}</span>
  );
}

/** One line of an answer: its content and, when known, its mark. */
export function AnswerLine({ children, mark }: { children: ReactNode; mark?: ReactNode }) {
  return (
    <Text component="div" className={classes.row}>
      <span>{children}</span>
      {mark}
    </Text>
  );
}

export { classes as answerClasses };
