import { z } from '../zod.js';
import { ItemIdSchema, QUESTION_LIMITS, itemList, plainText } from './common.js';

/** Multiple choice: the choices the learner sees, and whether several may be chosen. */
export const MultipleChoiceBodySchema = z.object({
  choices: itemList(2),
  /** Checkboxes (several answers) instead of radio buttons (one answer). */
  multiple: z.boolean().default(false),
});

/**
 * The key: the correct choices, optional per-choice weights (percent of the points, −100…100; a missing weight is
 * 100/|correct| for a correct choice and, with several answers, −100/|correct| for a wrong one) and feedback per
 * choice. Score = points × clamp(Σ weights of the chosen choices, 0, 100) % (docs/decisions/016-question-model.md).
 */
export const MultipleChoiceKeySchema = z.object({
  correct: z.array(ItemIdSchema).min(1, { error: 'must name at least one correct choice' }).max(QUESTION_LIMITS.items),
  weights: z.record(ItemIdSchema, z.number().min(-100).max(100)).default({}),
  choiceFeedback: z.record(ItemIdSchema, plainText(QUESTION_LIMITS.feedback)).default({}),
});

/** The chosen choice ids (one for a single-answer question). */
export const MultipleChoiceResponseSchema = z.object({
  chosen: z.array(ItemIdSchema).max(QUESTION_LIMITS.items),
});

export const MultipleChoiceContentSchema = z
  .object({
    type: z.literal('multiple_choice'),
    body: MultipleChoiceBodySchema,
    key: MultipleChoiceKeySchema,
  })
  .superRefine(({ body, key }, ctx) => {
    const ids = new Set(body.choices.map((choice) => choice.id));
    const unknown = [...key.correct, ...Object.keys(key.weights), ...Object.keys(key.choiceFeedback)].filter(
      (id) => !ids.has(id),
    );
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', path: ['key'], message: `names unknown choices: ${unknown.join(', ')}` });
    if (new Set(key.correct).size !== key.correct.length)
      ctx.addIssue({ code: 'custom', path: ['key', 'correct'], message: 'must not repeat a choice' });
    if (!body.multiple && key.correct.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['key', 'correct'],
        message: 'must name exactly one choice for a single-answer question',
      });
  });

export type MultipleChoiceBody = z.infer<typeof MultipleChoiceBodySchema>;
export type MultipleChoiceKey = z.infer<typeof MultipleChoiceKeySchema>;
export type MultipleChoiceResponse = z.infer<typeof MultipleChoiceResponseSchema>;
