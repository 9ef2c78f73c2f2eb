import { QUESTION_LIMITS } from '../constants/questions.js';
import { z } from '../zod.js';

export { QUESTION_LIMITS, QUESTION_TYPES, isQuestionAsked, type QuestionType } from '../constants/questions.js';

/** An id inside a question (a choice, a matching prompt or option, an ordering item): short and URL-safe. */
export const ItemIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'must be 1–40 letters, digits, _ or -' });

/** No NUL byte (PostgreSQL text cannot hold one). */
export const hasNoNul = (text: string) => !text.includes('\u0000');

/** Plain text of a choice or item (rendered as text, never HTML), trimmed, 1–1,000 characters, no NUL. */
export const ItemTextSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(QUESTION_LIMITS.itemText, { error: `must be at most ${QUESTION_LIMITS.itemText} characters` })
  .refine(hasNoNul, { error: 'must not contain NUL characters' });

/** Optional plain text (feedback, hint), trimmed, may be empty. */
export function plainText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(hasNoNul, { error: 'must not contain NUL characters' });
}

/** A choice or item shown to the learner: its id and its text. */
export const ItemSchema = z.object({ id: ItemIdSchema, text: ItemTextSchema });
export type QuestionItem = z.infer<typeof ItemSchema>;

/** A list of items with unique ids. */
export function itemList(min: number) {
  return z
    .array(ItemSchema)
    .min(min, { error: `must have at least ${min} items` })
    .max(QUESTION_LIMITS.items, { error: `must have at most ${QUESTION_LIMITS.items} items` })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      error: 'must not repeat an id',
    });
}

/** What a grader answers for one response: points earned of the question's points; `needsManual` leaves it to a person. */
export const GradeSchema = z.object({
  score: z.number(),
  maxScore: z.number(),
  /** null while a person has not graded it. */
  correct: z.boolean().nullable(),
  needsManual: z.boolean(),
});
export type Grade = z.infer<typeof GradeSchema>;

/** Per-answer text comparison rules (fill in the blank). Texts are always NFC-normalised first. */
export const MatchRulesSchema = z.object({
  /** "Paris" ≠ "paris" when true. */
  caseSensitive: z.boolean().default(false),
  /** "café" ≠ "cafe" when true. */
  accentSensitive: z.boolean().default(true),
  /** Spaces before and after the answer are ignored when true. */
  trimWhitespace: z.boolean().default(true),
});
export type MatchRules = z.infer<typeof MatchRulesSchema>;
