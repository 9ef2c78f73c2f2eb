import {
  CreateBankQuestionBodySchema,
  QUESTION_LIMITS,
  type CreateBankQuestionInput,
  type ImportNotice,
  type RefusedLine,
} from '@lyceum/contract';
import { Refusal, POINTS_COMMENT, TAG_COMMENT, hideEscapes, showEscapes } from './gift-text.js';
import { questionOf, teacherWords, lineText } from './gift-question.js';

export { escapeGift, exportGift } from './gift-writer.js';

/*
 * GIFT (Moodle's plain-text question format) ↔ the question bank. Import follows Moodle's own importer
 * (question/format/gift/format.php, readquestion) rule for rule, so a file Moodle takes is taken here: blocks are
 * separated by blank lines, a block's answer part is its first `{` to its first `}`, and the question's type follows
 * from what that part holds. The mapping, and what GIFT cannot carry, is in docs/decisions/016-question-model.md and
 * 045-gift-as-moodle-reads-it.md. One broken block is refused with its line and a reason in a teacher's words; the
 * others import.
 *
 * The reader is this file (blocks, categories, the file's bounds) over gift-text.ts (formats, escapes),
 * gift-answers.ts (answer parts per kind) and gift-question.ts (one block); the writer is gift-writer.ts.
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
