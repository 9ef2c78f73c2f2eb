import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
);

function accent(text: string): string {
  return [...text].map((char) => ACCENTED[char] ?? char).join('');
}

function walk(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.tag) return { ...element, children: walk(element.children) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: walk(option.value) }]),
      );
      return { ...element, options };
    }
    return element;
  });
}

/**
 * The pseudo-locale's form of an English message: letters accented, about a third longer, bracketed —
 * `[Ŀéàŕñ ·····]`. Text the page shows that is not in this form did not come from a catalogue (docs/i18n.md).
 * Placeholders, plurals and tags keep their structure.
 */
export function pseudoLocalize(message: string | MessageFormatElement[]): MessageFormatElement[] {
  // The build's catalogues hold syntax trees (vite.config.ts `precompileMessages`), the unit tests' hold ICU text;
  // the result is a syntax tree either way, which the browser formats without an ICU parser.
  const elements = typeof message === 'string' ? parse(message) : message;
  const length = typeof message === 'string' ? message.length : printAST(message).length;
  const padding = '·'.repeat(Math.max(2, Math.ceil(length / 3)));
  return [{ type: TYPE.literal, value: '[' }, ...walk(elements), { type: TYPE.literal, value: ` ${padding}]` }];
}
