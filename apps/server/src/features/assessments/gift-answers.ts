import { type CreateBankQuestionInput } from '@lyceum/contract';
import { excerptOf } from '#lib/sanitize.js';
import type { Format, GiftText } from './gift-text.js';
import { Refusal, showEscapes, textWithFormat, plainOf } from './gift-text.js';

/* The answer part of a GIFT block, per question kind (gift.ts). */

// ---------------------------------------------------------------------------------------------
// One block
// ---------------------------------------------------------------------------------------------

/** Moodle's answer weight: `%50%`, `%-33.333%`, `%100%` at the start of an answer. */
export const WEIGHT = /^%(-*[0-9]{1,2}\.?[0-9]*)%/;

export function takeWeight(answer: string): { weight: number | null; rest: string } {
  const match = WEIGHT.exec(answer);
  if (!match) return { weight: null, rest: answer };
  return { weight: Number((match[1] ?? '').replace(/^-+/, '-')), rest: answer.slice(match[0].length) };
}

/** An answer and its feedback (`answer # feedback`), each with the question's format. */
export function splitFeedback(answer: string, format: Format): { answer: GiftText; feedback: GiftText } {
  const at = answer.indexOf('#');
  return at < 0
    ? { answer: textWithFormat(answer, format), feedback: { text: '', format } }
    : { answer: textWithFormat(answer.slice(0, at), format), feedback: textWithFormat(answer.slice(at + 1), format) };
}

/** Moodle's split: on a separator, a first empty part dropped. */
export function answersOf(answerText: string, separator: string): string[] {
  const parts = answerText.split(separator);
  if ((parts[0] ?? '').trim() === '') parts.shift();
  return parts;
}

export const ids = (prefix: string, count: number) => Array.from({ length: count }, (_v, i) => `${prefix}${i + 1}`);

/** A weight equal to the default of its choice carries no information: dropping it keeps round trips identical. */
export function withoutDefaultWeights(weights: Record<string, number>, correct: string[]): Record<string, number> {
  const share = 100 / correct.length;
  const result: Record<string, number> = {};
  for (const [id, weight] of Object.entries(weights)) {
    const fallback = correct.includes(id) ? share : -share;
    if (Math.abs(weight - fallback) > 0.001) result[id] = weight;
  }
  return result;
}

export type Content = CreateBankQuestionInput['content'];

/**
 * Multiple choice, as Moodle reads it: with an `=` anywhere, one answer is chosen and every `=` answer is worth
 * 100 % (any one of them is right); without, several may be chosen and the weights add up.
 */
export function multipleChoiceOf(answerText: string, format: Format): Content {
  const single = answerText.includes('=');
  const parts = answersOf(answerText.replace(/=/g, '~='), '~')
    .map((part) => part.trim())
    // Moodle leaves an empty answer (`{~many~=much}` splits into one) out when it saves the question.
    .filter((part) => part !== '');
  const parsed = parts.map((part) => {
    if (part.startsWith('=')) return { weight: 100, ...splitFeedback(part.slice(1), format) };
    const { weight, rest } = takeWeight(part);
    return { weight: weight ?? 0, ...splitFeedback(rest, format) };
  });
  const choices = parsed
    .map((choice) => ({ ...choice, text: plainOf(choice.answer), note: plainOf(choice.feedback) }))
    .filter((choice) => choice.text !== '');
  if (choices.length < 2) throw new Refusal('A multiple-choice question needs at least two answers.');
  const choiceIds = ids('c', choices.length);
  const choiceFeedback: Record<string, string> = {};
  choices.forEach((choice, i) => {
    if (choice.note) choiceFeedback[choiceIds[i] ?? ''] = choice.note;
  });
  const weights: Record<string, number> = {};
  choices.forEach((choice, i) => (weights[choiceIds[i] ?? ''] = Math.max(-100, Math.min(100, choice.weight))));
  if (single) {
    // The first full-marks answer is "the" answer; the other full-marks ones keep their 100 % as weights.
    const first = choiceIds.find((id) => weights[id] === 100) ?? '';
    const others: Record<string, number> = {};
    for (const [id, weight] of Object.entries(weights)) if (id !== first && weight !== 0) others[id] = weight;
    return {
      type: 'multiple_choice',
      body: { choices: choices.map((choice, i) => ({ id: choiceIds[i] ?? '', text: choice.text })), multiple: false },
      key: { correct: [first], weights: others, choiceFeedback },
    };
  }
  const correct = choiceIds.filter((id) => (weights[id] ?? 0) > 0);
  if (correct.length === 0)
    throw new Refusal(
      'No answer is marked right: start the right answer with = (or give the right answers a positive weight, like ~%50%).',
    );
  return {
    type: 'multiple_choice',
    body: { choices: choices.map((choice, i) => ({ id: choiceIds[i] ?? '', text: choice.text })), multiple: true },
    key: { correct, weights: withoutDefaultWeights(weights, correct), choiceFeedback },
  };
}

export function matchingOf(answerText: string, format: Format): Content {
  const parts = answersOf(answerText, '=').map((part) => part.trim());
  if (parts.length < 2) throw new Refusal('A matching question needs at least two pairs, each written =item -> match.');
  const pairs = parts.map((part) => {
    const at = part.indexOf('->');
    if (at < 0)
      throw new Refusal(
        `The matching pair “${excerptOf(showEscapes(part), 60)}” has no “->”: write each pair as =item -> match.`,
      );
    return {
      prompt: plainOf(textWithFormat(part.slice(0, at), format)),
      option: showEscapes(part.slice(at + 2)).trim(),
    };
  });
  if (pairs.some((pair) => pair.option === ''))
    throw new Refusal('A matching pair has nothing after its “->”: write each pair as =item -> match.');
  const real = pairs.filter((pair) => pair.prompt !== '');
  const optionTexts = [...new Set(pairs.map((pair) => pair.option))];
  const promptIds = ids('p', real.length);
  const optionIds = ids('o', optionTexts.length);
  const key: Record<string, string> = {};
  real.forEach((pair, i) => (key[promptIds[i] ?? ''] = optionIds[optionTexts.indexOf(pair.option)] ?? ''));
  return {
    type: 'matching',
    body: {
      prompts: real.map((pair, i) => ({ id: promptIds[i] ?? '', text: pair.prompt })),
      options: optionTexts.map((text, i) => ({ id: optionIds[i] ?? '', text })),
    },
    key: { pairs: key },
  };
}

export interface WeightedAnswer {
  text: string;
  weight: number;
  feedback: string;
}

/** Short answers: `=answer`, `=%50%answer`, each with an optional `#feedback`; weights below 0 count as 0. */
export function shortAnswersOf(answerText: string, format: Format): WeightedAnswer[] {
  const answers = answersOf(answerText, '=')
    .map((part) => {
      const { weight, rest } = takeWeight(part.trim());
      const { answer, feedback } = splitFeedback(rest, format);
      return { text: plainOf(answer), weight: Math.max(0, Math.min(100, weight ?? 100)), feedback: plainOf(feedback) };
    })
    .filter((answer) => answer.text !== '');
  if (answers.length === 0) throw new Refusal('A short-answer question needs at least one answer after =.');
  if (!answers.some((answer) => answer.weight === 100))
    throw new Refusal('No answer is worth full marks: write one right answer with = and no %weight% (or with %100%).');
  return answers;
}

export const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function numberOf(text: string): number {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed))
    throw new Refusal(
      `“${excerptOf(trimmed, 40)}” is not a number: write a numeric answer as 3.14, 3.14:0.01 (with a margin) or 1..5 (a range).`,
    );
  return Number(trimmed);
}

/** Numeric: `#v`, `#v:margin`, `#min..max`, several `=%w%…` with `#feedback`, and `~#feedback` for anything else. */
export function numericOf(answerText: string, format: Format): { content: Content; otherwise: string } {
  let text = answerText.slice(1);
  let otherwise = '';
  const tilde = text.indexOf('~');
  if (tilde >= 0) {
    otherwise = plainOf(splitFeedback(text.slice(tilde + 1), format).feedback);
    text = text.slice(0, tilde);
  }
  const parts = answersOf(text, '=').filter((part) => part.trim() !== '');
  if (parts.length === 0) throw new Refusal('A numeric question needs an answer, such as {#3.14:0.01} or {#1..5}.');
  const answers = parts.map((part) => {
    const { weight, rest } = takeWeight(part.trim());
    const { answer, feedback } = splitFeedback(rest, format);
    const value = answer.text;
    const note = plainOf(feedback);
    const common = { weight: Math.max(0, Math.min(100, weight ?? 100)), ...(note ? { feedback: note } : {}) };
    const range = value.indexOf('..');
    if (range > 0) {
      const low = numberOf(value.slice(0, range));
      const high = numberOf(value.slice(range + 2));
      return { min: Math.min(low, high), max: Math.max(low, high), ...common };
    }
    const colon = value.indexOf(':');
    if (colon > 0)
      return {
        value: numberOf(value.slice(0, colon)),
        tolerance: Math.abs(numberOf(value.slice(colon + 1))),
        ...common,
      };
    return { value: numberOf(value), tolerance: 0, ...common };
  });
  if (!answers.some((answer) => answer.weight === 100))
    throw new Refusal('No numeric answer is worth full marks: write one right answer with = and no %weight%.');
  return { content: { type: 'numeric', body: { unit: '' }, key: { answers } }, otherwise };
}
