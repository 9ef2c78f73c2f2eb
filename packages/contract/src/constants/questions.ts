/** Question bank constants and helpers (the schemas are in `questions/`). */

/** Limits of the question bank, in characters unless named otherwise. */
export const QUESTION_LIMITS = {
  title: 200,
  /** Prompt HTML after sanitising. */
  prompt: 20_000,
  /** A choice, blank answer, matching or ordering item: plain text. */
  itemText: 1_000,
  items: 50,
  feedback: 5_000,
  hint: 2_000,
  tags: 20,
  tagLength: 50,
  maxPoints: 1_000,
  /** Blanks in one fill-in-the-blank sentence, and accepted answers per blank or short answer. */
  blanks: 20,
  acceptedAnswers: 50,
  essayWordLimit: 100_000,
  /** Files one task submission may carry. */
  taskMaxFiles: 10,
  /** One submitted file, in bytes. */
  taskFileBytes: 20 * 1024 * 1024,
  /** A GIFT file, in bytes. */
  giftBytes: 1024 * 1024,
  /** Questions one GIFT file may hold (issue 55: a larger file is refused whole, before anything is written). */
  giftQuestions: 2_000,
  /** `$CATEGORY` lines one GIFT file may hold (each category becomes a tag). */
  giftCategories: 2_000,
  /** Characters of one question's GIFT text (a longer one is refused with its line, unparsed). */
  giftQuestionChars: 100_000,
  /** Questions per copy or export request. */
  bulkIds: 500,
} as const;

/** The question types; each is one module of `packages/contract/src/questions/`. */
export const QUESTION_TYPES = [
  'multiple_choice',
  'true_false',
  'fill_blank',
  'short_answer',
  'essay',
  'matching',
  'ordering',
  'numeric',
  'task',
  /** Text between questions: 0 points, no answer, never counted as a question (ADR 051). */
  'description',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Whether a type asks something (every type but a description, which is text between questions; ADR 051). */
export function isQuestionAsked(type: QuestionType): boolean {
  return type !== 'description';
}

/** How a blank is written in a fill-in-the-blank sentence: `[[1]]`, `[[2]]`, … in order. */
export const BLANK_MARKER = /\[\[(\d{1,2})\]\]/g;

/** The blank numbers of a sentence, in order of appearance. */
export function blanksOf(sentence: string): number[] {
  return [...sentence.matchAll(BLANK_MARKER)].map((match) => Number(match[1]));
}
