import { z } from '../zod.js';
import { ItemTextSchema, QUESTION_LIMITS, plainText } from './common.js';

/** Short answer: a one-line text response; the prompt asks the question. */
export const ShortAnswerBodySchema = z.object({});

/**
 * The key: `auto` compares the response with the accepted answers (NFC, surrounding and repeated spaces ignored,
 * case per `caseSensitive`); `manual` leaves every response to a person.
 */
export const ShortAnswerKeySchema = z
  .object({
    mode: z.enum(['auto', 'manual']),
    accepted: z.array(ItemTextSchema).max(QUESTION_LIMITS.acceptedAnswers).default([]),
    caseSensitive: z.boolean().default(false),
    /**
     * Partial credit (Moodle's `=%50%answer`): percent of the points per accepted answer, by its text; an answer
     * without a weight earns 100. 0 keeps an answer only for its feedback.
     */
    weights: z.record(z.string(), z.number().min(0).max(100)).optional(),
    /** Feedback shown for a response that matches an accepted answer, by the answer's text. */
    answerFeedback: z.record(z.string(), plainText(QUESTION_LIMITS.feedback)).optional(),
  })
  .refine((key) => key.mode === 'manual' || key.accepted.length > 0, {
    path: ['accepted'],
    error: 'must have at least one accepted answer when graded automatically',
  })
  .refine((key) => key.mode === 'manual' || key.accepted.some((answer) => (key.weights?.[answer] ?? 100) === 100), {
    path: ['weights'],
    error: 'must leave at least one accepted answer worth 100%',
  });

export const ShortAnswerResponseSchema = z.object({ text: z.string().max(QUESTION_LIMITS.itemText) });

export const ShortAnswerContentSchema = z.object({
  type: z.literal('short_answer'),
  body: ShortAnswerBodySchema,
  key: ShortAnswerKeySchema,
});

export type ShortAnswerBody = z.infer<typeof ShortAnswerBodySchema>;
export type ShortAnswerKey = z.infer<typeof ShortAnswerKeySchema>;
export type ShortAnswerResponse = z.infer<typeof ShortAnswerResponseSchema>;
