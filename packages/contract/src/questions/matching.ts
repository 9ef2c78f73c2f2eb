import { z } from '../zod.js';
import { ItemIdSchema, QUESTION_LIMITS, itemList } from './common.js';

/** Matching: prompts on the left, options on the right (options may outnumber prompts: distractors). */
export const MatchingBodySchema = z.object({
  prompts: itemList(2),
  options: itemList(2),
});
/** The key: the option of every prompt. Each prompt is worth an equal share of the points. */
export const MatchingKeySchema = z.object({ pairs: z.record(ItemIdSchema, ItemIdSchema) });
/** The option the learner chose for each prompt they answered. */
export const MatchingResponseSchema = z.object({
  pairs: z
    .record(ItemIdSchema, ItemIdSchema)
    .refine((pairs) => Object.keys(pairs).length <= QUESTION_LIMITS.items, { error: 'has too many pairs' }),
});

export const MatchingContentSchema = z
  .object({ type: z.literal('matching'), body: MatchingBodySchema, key: MatchingKeySchema })
  .superRefine(({ body, key }, ctx) => {
    const options = new Set(body.options.map((option) => option.id));
    for (const prompt of body.prompts) {
      const option = key.pairs[prompt.id];
      if (!option || !options.has(option))
        ctx.addIssue({
          code: 'custom',
          path: ['key', 'pairs', prompt.id],
          message: 'must name an option of this question',
        });
    }
    const prompts = new Set(body.prompts.map((prompt) => prompt.id));
    if (Object.keys(key.pairs).some((id) => !prompts.has(id)))
      ctx.addIssue({ code: 'custom', path: ['key', 'pairs'], message: 'names unknown prompts' });
  });

export type MatchingBody = z.infer<typeof MatchingBodySchema>;
export type MatchingKey = z.infer<typeof MatchingKeySchema>;
export type MatchingResponse = z.infer<typeof MatchingResponseSchema>;
