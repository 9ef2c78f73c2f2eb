import { z } from '../zod.js';
import { ItemIdSchema, QUESTION_LIMITS, itemList } from './common.js';

/** Ordering: items the learner puts in order (served shuffled). */
export const OrderingBodySchema = z.object({ items: itemList(2) });
/** The key: every item id in the correct order. Each item in its correct position earns an equal share. */
export const OrderingKeySchema = z.object({ order: z.array(ItemIdSchema).min(2).max(QUESTION_LIMITS.items) });
export const OrderingResponseSchema = z.object({ order: z.array(ItemIdSchema).max(QUESTION_LIMITS.items) });

export const OrderingContentSchema = z
  .object({ type: z.literal('ordering'), body: OrderingBodySchema, key: OrderingKeySchema })
  .superRefine(({ body, key }, ctx) => {
    const ids = body.items.map((item) => item.id).sort();
    const order = [...key.order].sort();
    if (ids.length !== order.length || ids.some((id, index) => id !== order[index]))
      ctx.addIssue({ code: 'custom', path: ['key', 'order'], message: 'must list every item exactly once' });
  });

export type OrderingBody = z.infer<typeof OrderingBodySchema>;
export type OrderingKey = z.infer<typeof OrderingKeySchema>;
export type OrderingResponse = z.infer<typeof OrderingResponseSchema>;
