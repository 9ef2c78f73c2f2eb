import { blanksOf } from '../constants/questions.js';
import { z } from '../zod.js';
import { ItemTextSchema, MatchRulesSchema, QUESTION_LIMITS, plainText } from './common.js';

export { BLANK_MARKER, blanksOf } from '../constants/questions.js';

/** Fill in the blank: a plain-text sentence with blanks `[[1]]` … `[[n]]`. */
export const FillBlankBodySchema = z.object({
  sentence: plainText(QUESTION_LIMITS.prompt).min(1, { error: 'is required' }),
});

/** One blank: the accepted answers and how a response is compared with them. */
export const BlankKeySchema = MatchRulesSchema.extend({
  accepted: z
    .array(ItemTextSchema)
    .min(1, { error: 'must have at least one accepted answer' })
    .max(QUESTION_LIMITS.acceptedAnswers),
});

/** The key: one entry per blank, in blank order. Each blank is worth an equal share of the points. */
export const FillBlankKeySchema = z.object({
  blanks: z.array(BlankKeySchema).min(1).max(QUESTION_LIMITS.blanks),
});

/** What the learner typed into each blank, in blank order. */
export const FillBlankResponseSchema = z.object({
  blanks: z.array(z.string().max(QUESTION_LIMITS.itemText)).max(QUESTION_LIMITS.blanks),
});

export const FillBlankContentSchema = z
  .object({ type: z.literal('fill_blank'), body: FillBlankBodySchema, key: FillBlankKeySchema })
  .superRefine(({ body, key }, ctx) => {
    const blanks = blanksOf(body.sentence);
    const expected = key.blanks.map((_blank, index) => index + 1);
    if (blanks.length !== expected.length || blanks.some((n, index) => n !== expected[index]))
      ctx.addIssue({
        code: 'custom',
        path: ['body', 'sentence'],
        message: `must contain the blanks [[1]] to [[${key.blanks.length}]] once each, in order`,
      });
  });

export type FillBlankBody = z.infer<typeof FillBlankBodySchema>;
export type FillBlankKey = z.infer<typeof FillBlankKeySchema>;
export type BlankKey = z.infer<typeof BlankKeySchema>;
export type FillBlankResponse = z.infer<typeof FillBlankResponseSchema>;
