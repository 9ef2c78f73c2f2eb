import { z } from '../zod.js';
import { QUESTION_LIMITS } from './common.js';

/** Essay: a rich-text response, optionally limited in words; always graded by a person. */
export const EssayBodySchema = z.object({
  wordLimit: z.number().int().min(1).max(QUESTION_LIMITS.essayWordLimit).nullable().default(null),
});
/** Nothing to key: a person grades it. */
export const EssayKeySchema = z.object({});
/** The essay as HTML (sanitised by the server when saved). */
export const EssayResponseSchema = z.object({ html: z.string().max(200_000) });

export const EssayContentSchema = z.object({
  type: z.literal('essay'),
  body: EssayBodySchema,
  key: EssayKeySchema,
});

export type EssayBody = z.infer<typeof EssayBodySchema>;
export type EssayKey = z.infer<typeof EssayKeySchema>;
export type EssayResponse = z.infer<typeof EssayResponseSchema>;
