import { z } from '../zod.js';

/** True/false: the statement is the prompt; nothing else to show. */
export const TrueFalseBodySchema = z.object({});
/** The key: whether the statement is true. */
export const TrueFalseKeySchema = z.object({ answer: z.boolean() });
export const TrueFalseResponseSchema = z.object({ answer: z.boolean() });

export const TrueFalseContentSchema = z.object({
  type: z.literal('true_false'),
  body: TrueFalseBodySchema,
  key: TrueFalseKeySchema,
});

export type TrueFalseBody = z.infer<typeof TrueFalseBodySchema>;
export type TrueFalseKey = z.infer<typeof TrueFalseKeySchema>;
export type TrueFalseResponse = z.infer<typeof TrueFalseResponseSchema>;
