import { QUESTION_LIMITS } from '@lyceum/contract';
import { excerptOf } from '#lib/sanitize.js';
import { Refusal, MAX_LINE_TEXT, showEscapes, textWithFormat, promptOf, plainOf } from './gift-text.js';
import { multipleChoiceOf, matchingOf, shortAnswersOf, numericOf } from './gift-answers.js';

/* One GIFT block as the bank's create input, and what the bank refuses in it in a teacher's words (gift.ts). */

export interface BlockOptions {
  tags: string[];
  points: number;
}

/** One question block (comments blanked, escapes hidden) as the bank's create input, before validation. */
export function questionOf(source: string, { tags, points }: BlockOptions) {
  let text = source.trim();
  let title = '';
  if (text.startsWith('::')) {
    const end = text.indexOf('::', 2);
    if (end >= 0) {
      title = showEscapes(text.slice(2, end)).replace(/\s+/g, ' ').trim();
      text = text.slice(end + 2).trim();
    } else text = text.slice(2);
  }
  const open = text.indexOf('{');
  const close = text.indexOf('}');
  if (open < 0 && close < 0) {
    // Moodle's rule: text without answers is a description — shown between questions, worth 0 (ADR 051).
    const stem = textWithFormat(text, 'moodle');
    return {
      title: title ? excerptOf(title, QUESTION_LIMITS.title) : excerptOf(plainOf(stem) || 'Untitled description', 80),
      prompt: promptOf(stem),
      points: 0,
      tags,
      hint: '',
      feedback: { general: '', correct: '', incorrect: '' },
      content: { type: 'description' as const, body: {}, key: {} },
    };
  }
  if (open < 0 || close < 0 || close < open)
    throw new Refusal(
      open < 0
        ? 'There is a } without the { that opens the answers (to show a brace as text, write \\}).'
        : 'The answers open with { but never close with } (to show a brace as text, write \\{).',
    );
  let answerText = text.slice(open + 1, close).trim();
  // Answers at the end: the text is what comes before; inside the text: a blank line shows where (missing word).
  const embedded = text.slice(close + 1).trim() !== '';
  const questionText = embedded ? `${text.slice(0, open)}_____${text.slice(close + 1)}` : text.slice(0, open);
  let generalFeedback = '';
  const general = answerText.lastIndexOf('####');
  if (general >= 0) {
    generalFeedback = answerText.slice(general + 4);
    answerText = answerText.slice(0, general).trim();
  }
  const stem = textWithFormat(questionText, 'moodle');
  const format = stem.format;
  const common = {
    title: title ? excerptOf(title, QUESTION_LIMITS.title) : excerptOf(plainOf(stem) || 'Untitled question', 80),
    prompt: promptOf(stem),
    points,
    tags,
    hint: '',
    feedback: { general: plainOf(textWithFormat(generalFeedback, format)), correct: '', incorrect: '' },
  };

  if (answerText === '') return { ...common, content: { type: 'essay' as const, body: { wordLimit: null }, key: {} } };
  if (answerText.startsWith('#')) {
    const { content, otherwise } = numericOf(answerText, format);
    return { ...common, feedback: { ...common.feedback, incorrect: otherwise }, content };
  }
  if (answerText.includes('~')) return { ...common, content: multipleChoiceOf(answerText, format) };
  if (answerText.includes('=') && answerText.includes('->'))
    return { ...common, content: matchingOf(answerText, format) };

  const hash = answerText.indexOf('#');
  const truth = (hash > 0 ? answerText.slice(0, hash) : answerText).trim();
  if (['T', 'TRUE', 'F', 'FALSE'].includes(truth)) {
    // Moodle: the first feedback is shown for a wrong answer, the second for a right one.
    const [, wrong = '', right = ''] = answerText.split('#');
    return {
      ...common,
      feedback: {
        ...common.feedback,
        incorrect: plainOf(textWithFormat(wrong, format)),
        correct: plainOf(textWithFormat(right, format)),
      },
      content: { type: 'true_false' as const, body: {}, key: { answer: truth.startsWith('T') } },
    };
  }

  const answers = shortAnswersOf(answerText, format);
  const accepted = answers.map((answer) => answer.text);
  const plain = answers.every((answer) => answer.weight === 100 && !answer.feedback);
  if (embedded && plain) {
    // A missing word with only right answers: a fill-in-the-blank sentence.
    const sentence = plainOf(stem).replace('_____', '[[1]]');
    return {
      ...common,
      prompt: '',
      content: {
        type: 'fill_blank' as const,
        body: { sentence },
        key: { blanks: [{ accepted, caseSensitive: false, accentSensitive: true, trimWhitespace: true }] },
      },
    };
  }
  const weights = Object.fromEntries(
    answers.filter((answer) => answer.weight !== 100).map((answer) => [answer.text, answer.weight]),
  );
  const answerFeedback = Object.fromEntries(
    answers.filter((answer) => answer.feedback).map((answer) => [answer.text, answer.feedback]),
  );
  return {
    ...common,
    content: {
      type: 'short_answer' as const,
      body: {},
      key: {
        mode: 'auto' as const,
        accepted,
        caseSensitive: false,
        ...(Object.keys(weights).length ? { weights } : {}),
        ...(Object.keys(answerFeedback).length ? { answerFeedback } : {}),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What the bank says about an invalid question, in a teacher's words
// ---------------------------------------------------------------------------------------------

export const FIELD_WORDS: [RegExp, string][] = [
  [/^title/, 'The title'],
  [/^prompt/, 'The question text'],
  [/^tags/, 'A tag'],
  [/^feedback/, 'The feedback'],
  [/^content\.body\.choices\.\d+\.text/, 'An answer'],
  [/^content\.body\.choices/, 'The answers'],
  [/^content\.key\.choiceFeedback/, "An answer's feedback"],
  [/^content\.body\.prompts\.\d+\.text/, 'A matching item'],
  [/^content\.body\.prompts/, 'The matching items'],
  [/^content\.body\.options\.\d+\.text/, 'A matching answer'],
  [/^content\.body\.options/, 'The matching answers'],
  [/^content\.body\.sentence/, 'The sentence'],
  [/^content\.key\.blanks/, "The blank's answers"],
  [/^content\.key\.accepted\.\d+/, 'An accepted answer'],
  [/^content\.key\.accepted/, 'The accepted answers'],
  [/^content\.key\.answerFeedback/, "An answer's feedback"],
  [/^content\.key\.answers.*feedback/, "An answer's feedback"],
  [/^content\.key\.answers/, 'The numeric answers'],
  [/^content/, 'The answers'],
];

/** The first thing the bank refuses in a question, as a sentence: "An answer must be at most 1000 characters." */
export function teacherWords(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'This question could not be read.';
  const path = issue.path.map(String).join('.');
  const subject = FIELD_WORDS.find(([pattern]) => pattern.test(path))?.[1] ?? 'This question';
  const message = issue.message.replace(/^Invalid input.*$/i, 'is not valid');
  return `${subject} ${message}.`;
}

export function lineText(lines: string[], index: number): string {
  return (lines[index] ?? '').slice(0, MAX_LINE_TEXT);
}
