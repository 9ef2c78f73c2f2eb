import {
  CreateBankQuestionBodySchema,
  QUESTION_LIMITS,
  type BankQuestion,
  type CreateBankQuestionInput,
  type RefusedLine,
} from '@lyceum/contract';
import gift from 'gift-pegjs';
import type { GIFTQuestion, MultipleChoice, Numerical, NumericalFormat, TextFormat } from 'gift-pegjs';
import { excerptOf, htmlToText, sanitizeAboutHtml } from '../../lib/sanitize.js';
import { choiceWeight } from './question-types/multiple-choice.js';

/*
 * GIFT (Moodle's plain-text question format) ↔ the question bank. The mapping, and what GIFT cannot carry, is in
 * docs/decisions/016-question-model.md. Parsing uses gift-pegjs one question block at a time (blocks are
 * separated by blank lines, as in Moodle), so one broken question is refused with its line and the others import.
 */

/** A question parsed from a GIFT file, ready for the bank, with the line it starts on. */
export interface ParsedGiftQuestion {
  line: number;
  input: CreateBankQuestionInput;
}

export interface GiftParseResult {
  questions: ParsedGiftQuestion[];
  refused: RefusedLine[];
}

class Refusal extends Error {}

const MAX_LINE_TEXT = 200;

/** Our extension in a GIFT comment line: `// [points:2]` (Moodle ignores comments). */
const POINTS_COMMENT = /\[points:(\d+(?:\.\d+)?)\]/;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text of a GIFT text in any of its formats. */
function plainOf(text: TextFormat | null | undefined): string {
  if (!text) return '';
  return text.format === 'html' ? htmlToText(text.text) : text.text.trim();
}

/** Sanitised HTML of a GIFT stem: [html] is sanitised, any other format is text in one paragraph. */
function promptOf(stem: TextFormat): string {
  if (stem.format === 'html') return sanitizeAboutHtml(stem.text);
  const text = stem.text.trim();
  return text ? sanitizeAboutHtml(`<p>${escapeHtml(text)}</p>`) : '';
}

function titleOf(question: Exclude<GIFTQuestion, { type: 'Category' }>): string {
  const title = question.title?.trim();
  if (title) return excerptOf(title, QUESTION_LIMITS.title);
  return excerptOf(plainOf(question.stem) || 'Untitled question', 80);
}

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_v, i) => `${prefix}${i + 1}`);

/** A weight equal to the default of its choice carries no information: dropping it keeps round trips identical. */
function withoutDefaultWeights(
  weights: Record<string, number>,
  correct: string[],
  multiple: boolean,
): Record<string, number> {
  const share = 100 / correct.length;
  const result: Record<string, number> = {};
  for (const [id, weight] of Object.entries(weights)) {
    const fallback = correct.includes(id) ? (multiple ? share : 100) : multiple ? -share : 0;
    if (Math.abs(weight - fallback) > 0.001) result[id] = weight;
  }
  return result;
}

function multipleChoiceOf(question: MultipleChoice): CreateBankQuestionInput['content'] {
  const choiceIds = ids('c', question.choices.length);
  const choices = question.choices.map((choice, i) => ({ id: choiceIds[i] ?? '', text: plainOf(choice.text) }));
  const choiceFeedback: Record<string, string> = {};
  question.choices.forEach((choice, i) => {
    const feedback = plainOf(choice.feedback);
    if (feedback) choiceFeedback[choiceIds[i] ?? ''] = feedback;
  });
  const marked = choiceIds.filter((_id, i) => question.choices[i]?.isCorrect);
  if (marked.length === 1) {
    const weights: Record<string, number> = {};
    question.choices.forEach((choice, i) => {
      if (!choice.isCorrect && choice.weight) weights[choiceIds[i] ?? ''] = choice.weight;
    });
    return {
      type: 'multiple_choice',
      body: { choices, multiple: false },
      key: { correct: marked, weights, choiceFeedback },
    };
  }
  if (marked.length > 1)
    return {
      type: 'multiple_choice',
      body: { choices, multiple: true },
      key: { correct: marked, weights: {}, choiceFeedback },
    };
  // Several answers: every choice has a weight (%), the positive ones are the correct ones.
  const weights: Record<string, number> = {};
  question.choices.forEach((choice, i) => (weights[choiceIds[i] ?? ''] = choice.weight ?? 0));
  const correct = choiceIds.filter((id) => (weights[id] ?? 0) > 0);
  if (correct.length === 0) throw new Refusal('no choice is marked correct (= or a positive %weight%)');
  return {
    type: 'multiple_choice',
    body: { choices, multiple: true },
    key: { correct, weights: withoutDefaultWeights(weights, correct, true), choiceFeedback },
  };
}

function numericAnswerOf(format: NumericalFormat, weight: number) {
  if (format.type === 'high-low') return { min: format.numberLow ?? 0, max: format.numberHigh ?? 0, weight };
  return { value: format.number ?? 0, tolerance: format.type === 'range' ? (format.range ?? 0) : 0, weight };
}

function numericOf(question: Numerical): CreateBankQuestionInput['content'] {
  if (question.hasEmbeddedAnswers) throw new Refusal('numeric answers inside the text are not supported');
  const answers = Array.isArray(question.choices)
    ? question.choices
        .filter((choice) => choice.isCorrect && (choice.weight ?? 100) > 0)
        .map((choice) => numericAnswerOf(choice.text, choice.weight ?? 100))
    : [numericAnswerOf(question.choices, 100)];
  return { type: 'numeric', body: { unit: '' }, key: { answers } };
}

/** One parsed GIFT question as the bank's create input (before validation). */
function inputOf(question: Exclude<GIFTQuestion, { type: 'Category' }>, tags: string[], points: number) {
  const common = {
    title: titleOf(question),
    prompt: promptOf(question.stem),
    points,
    tags: [...new Set([...(question.tags ?? []), ...tags])],
    hint: '',
    feedback: {
      general: 'globalFeedback' in question ? plainOf(question.globalFeedback) : '',
      correct: '',
      incorrect: '',
    },
  };
  switch (question.type) {
    case 'Description':
      throw new Refusal('a description (text without answers) is not a question');
    case 'MC':
      return { ...common, content: multipleChoiceOf(question) };
    case 'TF':
      // Moodle: the first feedback is shown for a wrong answer, the second for a right one.
      return {
        ...common,
        feedback: {
          ...common.feedback,
          incorrect: plainOf(question.trueFeedback),
          correct: plainOf(question.falseFeedback),
        },
        content: { type: 'true_false' as const, body: {}, key: { answer: question.isTrue } },
      };
    case 'Short': {
      if (question.choices.some((choice) => choice.weight !== null && choice.weight !== 100))
        throw new Refusal('partly right short answers (%50%) are not supported');
      const accepted = question.choices.map((choice) => plainOf(choice.text));
      if (question.hasEmbeddedAnswers) {
        const sentence = plainOf(question.stem).replace('_____', '[[1]]');
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
      return {
        ...common,
        content: {
          type: 'short_answer' as const,
          body: {},
          key: { mode: 'auto' as const, accepted, caseSensitive: false },
        },
      };
    }
    case 'Numerical':
      return { ...common, content: numericOf(question) };
    case 'Essay':
      return { ...common, content: { type: 'essay' as const, body: { wordLimit: null }, key: {} } };
    case 'Matching': {
      const real = question.matchPairs.filter((pair) => plainOf(pair.subquestion) !== '');
      const optionTexts = [...new Set(question.matchPairs.map((pair) => pair.subanswer.trim()))];
      const promptIds = ids('p', real.length);
      const optionIds = ids('o', optionTexts.length);
      const pairs: Record<string, string> = {};
      real.forEach(
        (pair, i) => (pairs[promptIds[i] ?? ''] = optionIds[optionTexts.indexOf(pair.subanswer.trim())] ?? ''),
      );
      return {
        ...common,
        content: {
          type: 'matching' as const,
          body: {
            prompts: real.map((pair, i) => ({ id: promptIds[i] ?? '', text: plainOf(pair.subquestion) })),
            options: optionTexts.map((text, i) => ({ id: optionIds[i] ?? '', text })),
          },
          key: { pairs },
        },
      };
    }
  }
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'is not a valid question';
  const path = issue.path.map(String).join('.');
  return path ? `${path} ${issue.message}` : issue.message;
}

function lineText(lines: string[], index: number): string {
  return (lines[index] ?? '').slice(0, MAX_LINE_TEXT);
}

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
    // A category line sets the category of the questions after it; Moodle's categories become tags.
    let offset = start;
    let category: string | undefined;
    while (offset < index && CATEGORY_LINE.test(lines[offset] ?? '')) {
      category = (lines[offset] ?? '').replace(CATEGORY_LINE, '').trim();
      offset += 1;
    }
    categories += offset - start;
    const block = lines.slice(offset, index);
    for (const line of block) if (CATEGORY_LINE.test(line)) categories += 1;
    if (block.some((line) => !line.trim().startsWith('//'))) questions += 1;
    blocks.push({ offset, lines: block, category });
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

/** How long parsing runs before it lets other requests in (health probes among them; issue 55). */
const SLICE_MS = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses a GIFT file into bank questions; every part that cannot be imported is refused with its line and reason.
 * A file over the import's bounds throws GiftLimitError before any question is parsed. Parsing gives the event loop
 * back every SLICE_MS (a 2,000-question file takes a few hundred milliseconds), so other requests are answered
 * meanwhile.
 */
export async function parseGift(source: string): Promise<GiftParseResult> {
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const blocks = blocksOf(lines);
  const questions: ParsedGiftQuestion[] = [];
  const refused: RefusedLine[] = [];
  let category: string | null = null;
  let sliceStart = performance.now();
  for (const { offset, lines: block, category: leading } of blocks) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    if (leading !== undefined) category = leading || null;
    const comments = block.filter((line) => line.trim().startsWith('//'));
    if (block.length === comments.length) continue;
    const pointsMatch = comments.map((line) => POINTS_COMMENT.exec(line)).find(Boolean);
    const points = pointsMatch ? Number(pointsMatch[1]) : 1;
    // A question the bank could never hold is not parsed: gift-pegjs takes ~0.3 s per 100,000 characters.
    const text = `${block.join('\n')}\n`;
    if (text.length > QUESTION_LIMITS.giftQuestionChars) {
      const first =
        offset +
        Math.max(
          0,
          block.findIndex((line) => !line.trim().startsWith('//')),
        );
      refused.push({
        line: first + 1,
        text: lineText(lines, first),
        reason: `the question is longer than ${count(QUESTION_LIMITS.giftQuestionChars)} characters`,
      });
      continue;
    }
    let parsed: GIFTQuestion[];
    try {
      parsed = gift.parse(text);
    } catch (error) {
      const location = (error as { location?: { start?: { line?: number } } }).location?.start?.line ?? 1;
      const at = Math.min(offset + location - 1, offset + block.length - 1);
      refused.push({ line: at + 1, text: lineText(lines, at), reason: `not valid GIFT: ${(error as Error).message}` });
      continue;
    }
    // A question's line is its first line that is not a comment.
    const first =
      offset +
      Math.max(
        0,
        block.findIndex((line) => !line.trim().startsWith('//')),
      );
    for (const question of parsed) {
      if (question.type === 'Category') {
        category = question.title.trim() || null;
        continue;
      }
      try {
        const input = inputOf(question, category ? [category] : [], points);
        const result = CreateBankQuestionBodySchema.safeParse(input);
        if (!result.success) throw new Refusal(firstIssue(result.error));
        questions.push({ line: first + 1, input: result.data });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        refused.push({ line: first + 1, text: lineText(lines, first), reason: error.message });
      }
    }
  }
  return { questions, refused };
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

/** Escapes GIFT's special characters in a text. Line breaks become spaces (a blank line would end the question). */
export function escapeGift(text: string): string {
  return text.replace(/[\\~=#{}:]/g, (char) => `\\${char}`).replace(/\s*\n\s*/g, ' ');
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
        if (key.correct.includes(choice.id)) return `=${escapeGift(choice.text)}${fb}`;
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
      return { answer: `{${content.key.accepted.map((text) => `=${escapeGift(text)}`).join(' ')}${general}}` };
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
        return `=${answer.weight === 100 ? '' : `%${number(answer.weight)}%`}${value}`;
      });
      return { answer: `{#${parts.join(' ')}${general}}` };
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
