import { z } from '../zod.js';

/**
 * Description (Moodle's "description" item, ADR 051): text shown between questions — the prompt says it all. It is
 * worth 0 points, asks nothing and takes no answer: it is never numbered, counted as a question, graded or scored.
 */
export const DescriptionBodySchema = z.object({});
/** Nothing to key. */
export const DescriptionKeySchema = z.object({});

export const DescriptionContentSchema = z.object({
  type: z.literal('description'),
  body: DescriptionBodySchema,
  key: DescriptionKeySchema,
});

export type DescriptionBody = z.infer<typeof DescriptionBodySchema>;
export type DescriptionKey = z.infer<typeof DescriptionKeySchema>;
