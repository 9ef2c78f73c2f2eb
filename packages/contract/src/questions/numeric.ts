import { z } from '../zod.js';
import { QUESTION_LIMITS, plainText } from './common.js';

const finite = z.number().refine(Number.isFinite, { error: 'must be a finite number' });

/** Numeric: a number typed by the learner, with an optional unit shown beside the field. */
export const NumericBodySchema = z.object({ unit: plainText(20).default('') });

const weight = z.number().min(0).max(100).default(100);
/** Feedback shown for a response that falls in this answer (Moodle's `=1822:0#Correct!`). */
const feedback = plainText(QUESTION_LIMITS.feedback).optional();

/**
 * An accepted value: `value ± tolerance` or the range `min…max`, both bounds inclusive; `weight` is % of the points
 * (0 keeps an answer only for its feedback).
 */
export const NumericAnswerSchema = z.union([
  z.object({ value: finite, tolerance: z.number().min(0).default(0), weight, feedback }),
  z
    .object({ min: finite, max: finite, weight, feedback })
    .refine((range) => range.min <= range.max, { path: ['max'], error: 'must not be below min' }),
]);

/** The key: the accepted values; a response earns the highest weight among those it falls in. */
export const NumericKeySchema = z.object({
  answers: z.array(NumericAnswerSchema).min(1).max(QUESTION_LIMITS.acceptedAnswers),
});
export const NumericResponseSchema = z.object({ value: finite });

export const NumericContentSchema = z
  .object({ type: z.literal('numeric'), body: NumericBodySchema, key: NumericKeySchema })
  .refine(({ key }) => key.answers.some((answer) => answer.weight === 100), {
    path: ['key', 'answers'],
    error: 'must have at least one answer worth 100%',
  });

export type NumericBody = z.infer<typeof NumericBodySchema>;
export type NumericAnswer = z.infer<typeof NumericAnswerSchema>;
export type NumericKey = z.infer<typeof NumericKeySchema>;
export type NumericResponse = z.infer<typeof NumericResponseSchema>;
