import {
  CreateBankQuestionBodySchema,
  QUESTION_LIMITS,
  type BankQuestion,
  type CreateBankQuestionInput,
  type ImportNotice,
  type RefusedLine,
} from '@lyceum/contract';
import { excerptOf, htmlToText, sanitizeAboutHtml } from '#lib/sanitize.js';
import { choiceWeight } from './question-types/multiple-choice.js';

/*
 * GIFT (Moodle's plain-text question format) ↔ the question bank. Import follows Moodle's own importer
 * (question/format/gift/format.php, readquestion) rule for rule, so a file Moodle takes is taken here: blocks are
 * separated by blank lines, a block's answer part is its first `{` to its first `}`, and the question's type follows
 * from what that part holds. The mapping, and what GIFT cannot carry, is in docs/decisions/016-question-model.md and
 * 045-gift-as-moodle-reads-it.md. One broken block is refused with its line and a reason in a teacher's words; the
 * others import.
 */

/** A question parsed from a GIFT file, ready for the bank, with the line it starts on. */
export interface ParsedGiftQuestion {
  line: number;
  input: CreateBankQuestionInput;
}

export interface GiftParseResult {
  questions: ParsedGiftQuestion[];
  refused: RefusedLine[];
  notices: ImportNotice[];
}

/** A block that cannot be imported; the message is shown to the teacher as it is. */
class Refusal extends Error {}

const MAX_LINE_TEXT = 200;

/** Our extension in a GIFT comment line: `// [points:2]` (Moodle ignores comments). */
const POINTS_COMMENT = /\[points:(\d+(?:\.\d+)?)\]/;
/** Tags in a comment line, as gift-pegjs and other GIFT tools write them: `// [tag:algebra]`. */
const TAG_COMMENT = /\[tag:([^\]]+)\]/g;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// ---------------------------------------------------------------------------------------------
// Escapes: `\:` `\#` `\=` `\{` `\}` `\~` stand for the character, `\n` for a line break and `\\` for a backslash.
// They become private-use characters while the block is cut into parts, and the characters again in each text.
// ---------------------------------------------------------------------------------------------

const ESCAPED: Record<string, string> = {
  ':': '\uE000',
  '#': '\uE001',
  '=': '\uE002',
  '{': '\uE003',
  '}': '\uE004',
  '~': '\uE005',
  n: '\uE006',
  '\\': '\uE007',
};
const UNESCAPED: Record<string, string> = Object.fromEntries(
  Object.entries(ESCAPED).map(([char, placeholder]) => [placeholder, char === 'n' ? '\n' : char]),
);

function hideEscapes(text: string): string {
  return text.replace(/\\([:#={}~n\\])/g, (_match, char: string) => ESCAPED[char] ?? char);
}

function showEscapes(text: string): string {
  return text.replace(/[\uE000-\uE007]/g, (char) => UNESCAPED[char] ?? char);
}

// ---------------------------------------------------------------------------------------------
// Text formats: `[html]`, `[moodle]` (the default), `[markdown]` and `[plain]` before a text, as Moodle reads them.
// ---------------------------------------------------------------------------------------------

type Format = 'html' | 'moodle' | 'markdown' | 'plain';
const FORMATS = new Set<Format>(['html', 'moodle', 'markdown', 'plain']);

interface GiftText {
  text: string;
  format: Format;
}

/** A text part with its format: a leading `[name]` of a known format sets it, else the default (Moodle's rule). */
function textWithFormat(raw: string, fallback: Format): GiftText {
  let text = raw.trim();
  let format = fallback;
  const named = /^\[([a-z]+)\]/.exec(text);
  if (named && FORMATS.has(named[1] as Format)) {
    format = named[1] as Format;
    text = text.slice(named[0].length);
  }
  return { text: showEscapes(text).trim(), format };
}

/** `<` and `&` that start no tag or entity are text (HTML written by hand: "a < b & c"). */
function looseHtml(text: string): string {
  return text.replace(/&(?![a-zA-Z][a-zA-Z0-9]*;|#\d+;|#x[0-9a-fA-F]+;)/g, '&amp;').replace(/<(?![a-zA-Z/!])/g, '&lt;');
}

/** Inline Markdown: code, bold, italics and links (the text is already HTML-safe). */
function markdownInline(text: string): string {
  return text
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_m, a?: string, b?: string) => `<strong>${a ?? b ?? ''}</strong>`)
    .replace(/\*([^*\s][^*]*)\*|\b_([^_\s][^_]*)_\b/g, (_m, a?: string, b?: string) => `<em>${a ?? b ?? ''}</em>`)
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}

/** Markdown's blocks: headings, lists, code blocks and paragraphs (what Moodle's Markdown texts use). */
function markdownToHtml(source: string): string {
  const out: string[] = [];
  const lines = looseHtml(source).split('\n');
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) out.push(`<p>${markdownInline(paragraph.join('<br />'))}</p>`);
    paragraph = [];
    if (list)
      out.push(`<${list.tag}>${list.items.map((item) => `<li>${markdownInline(item)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (line.trim().startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !(lines[i] ?? '').trim().startsWith('```'); i += 1) code.push(lines[i] ?? '');
      out.push(`<pre><code>${code.join('\n')}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      out.push(`<h${heading[1]?.length ?? 1}>${markdownInline(heading[2] ?? '')}</h${heading[1]?.length ?? 1}>`);
      continue;
    }
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      const tag = item[1] ? 'ul' : 'ol';
      if (paragraph.length || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(item[3] ?? '');
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return out.join('');
}

/** A GIFT text as HTML, before sanitising: Moodle's rules for each format. */
function htmlOf({ text, format }: GiftText): string {
  if (!text) return '';
  switch (format) {
    case 'html':
      return text;
    case 'markdown':
      return markdownToHtml(text);
    case 'plain':
      return `<p>${escapeHtml(text).replace(/\n/g, '<br />')}</p>`;
    case 'moodle': {
      // Moodle's own format: HTML is allowed and each line break is one (outside <pre>, where it already is).
      const html = looseHtml(text);
      if (/^\s*<(p|div|pre|ul|ol|h[1-6]|table|blockquote)\b/i.test(html)) return html;
      const parts = html.split(/(<pre[\s\S]*?<\/pre>)/i);
      return `<p>${parts.map((part, i) => (i % 2 ? part : part.replace(/\n/g, '<br />'))).join('')}</p>`;
    }
  }
}

/** Sanitised HTML of a question's text. */
function promptOf(text: GiftText): string {
  return text.text ? sanitizeAboutHtml(htmlOf(text)) : '';
}

/** Plain text of an answer or a feedback (the bank keeps those as text): its HTML's text, or the text itself. */
function plainOf(text: GiftText): string {
  if (!text.text) return '';
  if (text.format === 'plain') return text.text.trim();
  if (text.format === 'html' || /<\/?[a-zA-Z][^>]*>|&[a-zA-Z]+;|&#\d+;/.test(text.text))
    return htmlToText(htmlOf(text));
  return text.text.replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// One block
// ---------------------------------------------------------------------------------------------

/** Moodle's answer weight: `%50%`, `%-33.333%`, `%100%` at the start of an answer. */
const WEIGHT = /^%(-*[0-9]{1,2}\.?[0-9]*)%/;

function takeWeight(answer: string): { weight: number | null; rest: string } {
  const match = WEIGHT.exec(answer);
  if (!match) return { weight: null, rest: answer };
  return { weight: Number((match[1] ?? '').replace(/^-+/, '-')), rest: answer.slice(match[0].length) };
}

/** An answer and its feedback (`answer # feedback`), each with the question's format. */
function splitFeedback(answer: string, format: Format): { answer: GiftText; feedback: GiftText } {
  const at = answer.indexOf('#');
  return at < 0
    ? { answer: textWithFormat(answer, format), feedback: { text: '', format } }
    : { answer: textWithFormat(answer.slice(0, at), format), feedback: textWithFormat(answer.slice(at + 1), format) };
}

/** Moodle's split: on a separator, a first empty part dropped. */
function answersOf(answerText: string, separator: string): string[] {
  const parts = answerText.split(separator);
  if ((parts[0] ?? '').trim() === '') parts.shift();
  return parts;
}

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_v, i) => `${prefix}${i + 1}`);

/** A weight equal to the default of its choice carries no information: dropping it keeps round trips identical. */
function withoutDefaultWeights(weights: Record<string, number>, correct: string[]): Record<string, number> {
  const share = 100 / correct.length;
  const result: Record<string, number> = {};
  for (const [id, weight] of Object.entries(weights)) {
    const fallback = correct.includes(id) ? share : -share;
    if (Math.abs(weight - fallback) > 0.001) result[id] = weight;
  }
  return result;
}

type Content = CreateBankQuestionInput['content'];

/**
 * Multiple choice, as Moodle reads it: with an `=` anywhere, one answer is chosen and every `=` answer is worth
 * 100 % (any one of them is right); without, several may be chosen and the weights add up.
 */
function multipleChoiceOf(answerText: string, format: Format): Content {
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

function matchingOf(answerText: string, format: Format): Content {
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

interface WeightedAnswer {
  text: string;
  weight: number;
  feedback: string;
}

/** Short answers: `=answer`, `=%50%answer`, each with an optional `#feedback`; weights below 0 count as 0. */
function shortAnswersOf(answerText: string, format: Format): WeightedAnswer[] {
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

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function numberOf(text: string): number {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed))
    throw new Refusal(
      `“${excerptOf(trimmed, 40)}” is not a number: write a numeric answer as 3.14, 3.14:0.01 (with a margin) or 1..5 (a range).`,
    );
  return Number(trimmed);
}

/** Numeric: `#v`, `#v:margin`, `#min..max`, several `=%w%…` with `#feedback`, and `~#feedback` for anything else. */
function numericOf(answerText: string, format: Format): { content: Content; otherwise: string } {
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

interface BlockOptions {
  tags: string[];
  points: number;
}

/** One question block (comments blanked, escapes hidden) as the bank's create input, before validation. */
function questionOf(source: string, { tags, points }: BlockOptions) {
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

const FIELD_WORDS: [RegExp, string][] = [
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
function teacherWords(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'This question could not be read.';
  const path = issue.path.map(String).join('.');
  const subject = FIELD_WORDS.find(([pattern]) => pattern.test(path))?.[1] ?? 'This question';
  const message = issue.message.replace(/^Invalid input.*$/i, 'is not valid');
  return `${subject} ${message}.`;
}

function lineText(lines: string[], index: number): string {
  return (lines[index] ?? '').slice(0, MAX_LINE_TEXT);
}

// ---------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------

/** A file over one of the import's bounds (QUESTION_LIMITS.giftQuestions, giftCategories): refused whole. */
export class GiftLimitError extends Error {}

const CATEGORY_LINE = /^\s*\$CATEGORY:/;

const count = (n: number) => n.toLocaleString('en-US');

/** A blank-line separated block of a GIFT file, its leading `$CATEGORY` lines taken off. */
interface GiftBlock {
  /** Index of the block's first line after its category lines. */
  offset: number;
  lines: string[];
  /** The last leading `$CATEGORY` name ('' for an empty one), or undefined without one. */
  category: string | undefined;
  /** Index of that category line. */
  categoryLine: number;
}

/**
 * Splits a file into its blocks in one pass over the lines (issue 55: the old loop took a block's category lines
 * off one `slice(1)` at a time, quadratic in a block of 50,000 `$CATEGORY` lines: 16 s for 1 MB), and refuses a
 * file with more questions or category lines than an import takes, naming the limit and what was found.
 */
function blocksOf(lines: string[]): GiftBlock[] {
  const blocks: GiftBlock[] = [];
  let categories = 0;
  let questions = 0;
  let index = 0;
  while (index < lines.length) {
    if ((lines[index] ?? '').trim() === '') {
      index += 1;
      continue;
    }
    const start = index;
    while (index < lines.length && (lines[index] ?? '').trim() !== '') index += 1;
    // A category line sets the category of the questions after it (comment lines before it are skipped).
    let offset = start;
    let category: string | undefined;
    let categoryLine = -1;
    for (let at = start; at < index; at += 1) {
      const line = lines[at] ?? '';
      if (CATEGORY_LINE.test(line)) {
        category = line.replace(CATEGORY_LINE, '').trim();
        categoryLine = at;
        offset = at + 1;
        categories += 1;
      } else if (!line.trim().startsWith('//')) break;
    }
    const block = lines.slice(offset, index);
    for (const line of block) if (CATEGORY_LINE.test(line)) categories += 1;
    if (block.some((line) => !line.trim().startsWith('//'))) questions += 1;
    blocks.push({ offset, lines: block, category, categoryLine });
  }
  if (questions > QUESTION_LIMITS.giftQuestions)
    throw new GiftLimitError(
      `The GIFT file holds ${count(questions)} questions; one import takes at most ` +
        `${count(QUESTION_LIMITS.giftQuestions)}: split the file into smaller ones`,
    );
  if (categories > QUESTION_LIMITS.giftCategories)
    throw new GiftLimitError(
      `The GIFT file holds ${count(categories)} $CATEGORY lines; one import takes at most ` +
        `${count(QUESTION_LIMITS.giftCategories)}`,
    );
  return blocks;
}

/** Moodle's context and root at the start of a category path (`$course$/top/`) say nothing to a teacher. */
const CATEGORY_ROOT = /^\$[a-z0-9]+\$\/(?:top(?:\/|$))?|^top(?:\/|$)/i;

/**
 * The tag a `$CATEGORY:` path becomes: the path without Moodle's context and root; a path longer than a tag keeps
 * its last parts that fit, after "…/" (the last part alone, cut, when even that is too long).
 */
function categoryTag(path: string): { tag: string | null; cut: boolean } {
  const tag = path.replace(CATEGORY_ROOT, '').replace(/\s+/g, ' ').trim();
  if (!tag) return { tag: null, cut: false };
  const max = QUESTION_LIMITS.tagLength;
  if (tag.length <= max) return { tag, cut: false };
  const parts = tag.split('/').map((part) => part.trim());
  let kept = parts.pop() ?? '';
  if (kept.length > max - 2) return { tag: `${kept.slice(0, max - 1).trimEnd()}…`, cut: true };
  while (parts.length && `…/${parts.at(-1)}/${kept}`.length <= max) kept = `${parts.pop()}/${kept}`;
  return { tag: `…/${kept}`, cut: true };
}

/** How long parsing runs before it lets other requests in (health probes among them; issue 55). */
const SLICE_MS = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses a GIFT file into bank questions; every part that cannot be imported is refused with its line and reason,
 * and what is imported differently from Moodle (a category cut to a tag) is a notice.
 * A file over the import's bounds throws GiftLimitError before any question is parsed. Parsing gives the event loop
 * back every SLICE_MS, so other requests are answered meanwhile.
 */
export async function parseGift(source: string): Promise<GiftParseResult> {
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const blocks = blocksOf(lines);
  const questions: ParsedGiftQuestion[] = [];
  const refused: RefusedLine[] = [];
  const notices: ImportNotice[] = [];
  let categoryTags: string[] = [];
  let sliceStart = performance.now();
  const setCategory = (path: string, at: number) => {
    const { tag, cut } = categoryTag(path);
    categoryTags = tag ? [tag] : [];
    if (cut)
      notices.push({
        line: at + 1,
        text: lineText(lines, at),
        message: `The category is longer than a tag's ${QUESTION_LIMITS.tagLength} characters: its questions are tagged “${tag}”.`,
      });
  };
  for (const { offset, lines: block, category, categoryLine } of blocks) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    if (category !== undefined) setCategory(category, categoryLine);
    const comments = block.filter((line) => line.trim().startsWith('//'));
    if (block.length === comments.length) continue;
    // A question's line is its first line that is not a comment.
    const first =
      offset +
      Math.max(
        0,
        block.findIndex((line) => !line.trim().startsWith('//')),
      );
    const pointsMatch = comments.map((line) => POINTS_COMMENT.exec(line)).find(Boolean);
    const points = pointsMatch ? Number(pointsMatch[1]) : 1;
    const commentTags = comments.flatMap((line) =>
      [...line.matchAll(TAG_COMMENT)].map((match) => match[1]?.trim() ?? ''),
    );
    const text = hideEscapes(block.map((line) => (line.trim().startsWith('//') ? '' : line)).join('\n')).trim();
    const refuse = (reason: string) => refused.push({ line: first + 1, text: lineText(lines, first), reason });
    if (text.length > QUESTION_LIMITS.giftQuestionChars) {
      refuse(`The question is longer than ${count(QUESTION_LIMITS.giftQuestionChars)} characters.`);
      continue;
    }
    // A category line inside a block (after a question's comments): it applies from here on.
    if (CATEGORY_LINE.test(text)) {
      const [categoryText = '', ...rest] = text.split('\n');
      setCategory(showEscapes(categoryText.replace(CATEGORY_LINE, '')).trim(), first);
      if (rest.join('').trim() === '') continue;
    }
    const questionText = CATEGORY_LINE.test(text) ? text.split('\n').slice(1).join('\n') : text;
    try {
      const input = questionOf(questionText, {
        tags: [...new Set([...commentTags.filter(Boolean), ...categoryTags])],
        points,
      });
      const result = CreateBankQuestionBodySchema.safeParse(input);
      if (!result.success) throw new Refusal(teacherWords(result.error));
      questions.push({ line: first + 1, input: result.data });
    } catch (error) {
      if (error instanceof Refusal) refuse(error.message);
      else throw error;
    }
  }
  return { questions, refused, notices };
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

/**
 * Escapes GIFT's special characters in a text, and writes a line break as `\n` (as Moodle does: a real blank line
 * would end the question), so code in `<pre>` comes back as it was.
 */
export function escapeGift(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/[\\~=#{}:]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');
}

function number(value: number): string {
  return String(Math.round(value * 100_000) / 100_000);
}

function feedbackPart(text: string): string {
  return text ? `#${escapeGift(text)}` : '';
}

/** The GIFT answer part of a question, or the reason it has none. */
function answerOf(question: BankQuestion): { answer: string; stem?: string } | { skip: string } {
  const general = question.feedback.general ? `####${escapeGift(question.feedback.general)}` : '';
  const { content } = question;
  switch (content.type) {
    case 'multiple_choice': {
      const { body, key } = content;
      const parts = body.choices.map((choice) => {
        const weight = choiceWeight(key, body, choice.id);
        const fb = feedbackPart(key.choiceFeedback[choice.id] ?? '');
        if (body.multiple) return `~%${number(weight)}%${escapeGift(choice.text)}${fb}`;
        // One answer: every full-marks choice is an `=` (Moodle: any one of them is right).
        if (weight === 100) return `=${escapeGift(choice.text)}${fb}`;
        return `~${weight ? `%${number(weight)}%` : ''}${escapeGift(choice.text)}${fb}`;
      });
      return { answer: `{\n${parts.map((part) => `\t${part}`).join('\n')}\n${general}}` };
    }
    case 'true_false': {
      const wrong = question.feedback.incorrect;
      const right = question.feedback.correct;
      const feedback = wrong || right ? `#${escapeGift(wrong)}${right ? `#${escapeGift(right)}` : ''}` : '';
      return { answer: `{${content.key.answer ? 'TRUE' : 'FALSE'}${feedback}${general}}` };
    }
    case 'short_answer':
      if (content.key.mode === 'manual') return { skip: 'short answers graded by a person have no GIFT form' };
      return {
        answer: `{${content.key.accepted
          .map((text) => {
            const weight = content.key.weights?.[text] ?? 100;
            const fb = feedbackPart(content.key.answerFeedback?.[text] ?? '');
            return `=${weight === 100 ? '' : `%${number(weight)}%`}${escapeGift(text)}${fb}`;
          })
          .join(' ')}${general}}`,
      };
    case 'fill_blank': {
      const [blank, ...others] = content.key.blanks;
      if (!blank || others.length > 0) return { skip: 'GIFT has one blank per question' };
      const [before = '', after = ''] = content.body.sentence.split('[[1]]');
      const answer = `{${blank.accepted.map((text) => `=${escapeGift(text)}`).join(' ')}${general}}`;
      return { stem: escapeGift(before), answer: `${answer}${escapeGift(after)}` };
    }
    case 'essay':
      return { answer: `{${general}}` };
    case 'task':
      return { skip: 'GIFT has no file or assignment submissions' };
    case 'description':
      // Moodle's description: the text alone, no braces (ADR 051).
      return { answer: '' };
    case 'matching': {
      const { body, key } = content;
      const used = new Set(Object.values(key.pairs));
      const options = new Map(body.options.map((option) => [option.id, option.text]));
      const pairs = body.prompts.map(
        (prompt) => `=${escapeGift(prompt.text)} -> ${escapeGift(options.get(key.pairs[prompt.id] ?? '') ?? '')}`,
      );
      const distractors = body.options
        .filter((option) => !used.has(option.id))
        .map((option) => `= -> ${escapeGift(option.text)}`);
      return { answer: `{\n${[...pairs, ...distractors].map((part) => `\t${part}`).join('\n')}\n${general}}` };
    }
    case 'ordering':
      return { skip: 'GIFT has no ordering questions' };
    case 'numeric': {
      const parts = content.key.answers.map((answer) => {
        const value =
          'min' in answer
            ? `${number(answer.min)}..${number(answer.max)}`
            : `${number(answer.value)}:${number(answer.tolerance)}`;
        return `=${answer.weight === 100 ? '' : `%${number(answer.weight)}%`}${value}${feedbackPart(answer.feedback ?? '')}`;
      });
      // Feedback for any other number: Moodle's `~#…` (a wrong answer's feedback, on import).
      const otherwise = question.feedback.incorrect ? ` ~${feedbackPart(question.feedback.incorrect)}` : '';
      return { answer: `{#${parts.join(' ')}${otherwise}${general}}` };
    }
  }
}

/** A bank as a GIFT file; questions GIFT cannot express are listed in comments instead. */
export function exportGift(questions: BankQuestion[]): string {
  const out: string[] = [
    '// Exported from Lyceum as GIFT (Moodle). "// [points:N]" keeps each question\'s points.',
    '',
  ];
  for (const question of questions) {
    const result = answerOf(question);
    if ('skip' in result) {
      out.push(`// Not exported: "${question.title.replace(/\s+/g, ' ')}" (${result.skip})`, '');
      continue;
    }
    const meta = [
      `[points:${number(question.points)}]`,
      ...question.tags.map((tag) => `[tag:${tag.replace(/[\]\n]/g, ' ')}]`),
    ];
    out.push(`// ${meta.join(' ')}`);
    const stem = result.stem ?? (question.prompt ? `[html]${escapeGift(question.prompt)}` : '');
    out.push(`::${escapeGift(question.title)}:: ${stem}${result.answer}`, '');
  }
  return out.join('\n');
}
