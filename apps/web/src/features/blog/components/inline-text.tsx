import { Code } from '@mantine/core';
import { Fragment } from 'react';

/** Article text with `backtick` spans shown as inline code; everything else is plain text (never HTML). */
export function InlineText({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? <Code key={index}>{part}</Code> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}

/** The same text without the backticks, for places that take a plain string (titles, descriptions). */
export function plainText(text: string): string {
  return text.replaceAll('`', '');
}
