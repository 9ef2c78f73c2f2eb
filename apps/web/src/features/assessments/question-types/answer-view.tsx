import { Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from '@/i18n/intl';
import { questionTypesMessages as messages } from './messages';
import type { Outcome } from './types';
import classes from './answer-view.module.css';

export type MarkKind = Outcome | 'missed';

const MARKS: Record<MarkKind, { symbol: string; word: MessageDescriptor }> = {
  right: { symbol: '✓', word: messages.markRight },
  partly: { symbol: '◐', word: messages.markPartly },
  wrong: { symbol: '✗', word: messages.markWrong },
  missed: { symbol: '✗', word: messages.markMissed },
};

/** The words of a mark, as shown and as read: "Right", "Partly right", "Wrong", "Missed" (format with intl). */
export function markWord(kind: MarkKind): MessageDescriptor {
  return MARKS[kind].word;
}

/**
 * A right/partly/wrong mark: a symbol and a word (colour only repeats them), with an optional phrase for screen
 * readers that says what is marked ("Missed" → "a right answer you did not choose").
 */
export function Mark({ kind, detail }: { kind: MarkKind; detail?: string }) {
  const intl = useIntl();
  const { symbol, word } = MARKS[kind];
  return (
    <span className={classes.mark} data-mark={kind}>
      <span aria-hidden>{symbol}</span> {intl.formatMessage(word)}
      {detail ? <VisuallyHidden>{intl.formatMessage(messages.markDetail, { detail })}</VisuallyHidden> : null}
    </span>
  );
}

/** A typed answer (a word, a number) in a light box, dark text; "No answer" when empty. */
export function Given({ children, empty }: { children: ReactNode; empty?: boolean }) {
  const intl = useIntl();
  return (
    <span className={`${classes.given}${empty ? ` ${classes.empty}` : ''}`}>
      {empty ? intl.formatMessage(messages.noAnswer) : children}
    </span>
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
