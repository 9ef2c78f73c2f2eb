import { DateTimeSchema, IdSchema, PageQuerySchema, pageOf } from '../common.js';
import { z } from '../zod.js';
import { QUESTION_LIMITS, QUESTION_TYPES, plainText } from './common.js';
import { DescriptionBodySchema, DescriptionContentSchema } from './description.js';
import { EssayBodySchema, EssayContentSchema } from './essay.js';
import { FillBlankBodySchema, FillBlankContentSchema } from './fill-blank.js';
import { MatchingBodySchema, MatchingContentSchema } from './matching.js';
import { MultipleChoiceBodySchema, MultipleChoiceContentSchema } from './multiple-choice.js';
import { NumericBodySchema, NumericContentSchema } from './numeric.js';
import { OrderingBodySchema, OrderingContentSchema } from './ordering.js';
import { TaskBodySchema, TaskContentSchema } from './task.js';
import { ShortAnswerBodySchema, ShortAnswerContentSchema } from './short-answer.js';
import { TrueFalseBodySchema, TrueFalseContentSchema } from './true-false.js';

export * from './common.js';
export * from './description.js';
export * from './essay.js';
export * from './fill-blank.js';
export * from './matching.js';
export * from './multiple-choice.js';
export * from './numeric.js';
export * from './ordering.js';
export * from './qti.js';
export * from './short-answer.js';
export * from './task.js';
export * from './true-false.js';

/** A question's type-specific part: `{ type, body, key }`, each validated by its type's module. */
export const QuestionContentSchema = z.discriminatedUnion('type', [
  MultipleChoiceContentSchema,
  TrueFalseContentSchema,
  FillBlankContentSchema,
  ShortAnswerContentSchema,
  EssayContentSchema,
  MatchingContentSchema,
  OrderingContentSchema,
  NumericContentSchema,
  TaskContentSchema,
  DescriptionContentSchema,
]);
export type QuestionContent = z.infer<typeof QuestionContentSchema>;
export type QuestionContentInput = z.input<typeof QuestionContentSchema>;

export const QuestionTypeSchema = z.enum(QUESTION_TYPES);

const TagSchema = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(QUESTION_LIMITS.tagLength, { error: `must be at most ${QUESTION_LIMITS.tagLength} characters` })
  .refine((tag) => ![...tag].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), {
    error: 'must not contain control characters',
  });

/** Feedback shown after grading (plain text): to everyone, after a right answer, after a wrong one. */
export const QuestionFeedbackSchema = z.object({
  general: plainText(QUESTION_LIMITS.feedback).default(''),
  correct: plainText(QUESTION_LIMITS.feedback).default(''),
  incorrect: plainText(QUESTION_LIMITS.feedback).default(''),
});
export type QuestionFeedback = z.infer<typeof QuestionFeedbackSchema>;

/** The fields every question has, whatever its type. */
export const QuestionCommonFieldsSchema = z.object({
  title: plainText(QUESTION_LIMITS.title).min(1, { error: 'is required' }),
  /** Rich text (HTML), sanitised by the server; may be empty when the body says it all (fill in the blank). */
  prompt: z
    .string()
    .max(QUESTION_LIMITS.prompt, { error: `must be at most ${QUESTION_LIMITS.prompt} characters` })
    .default(''),
  points: z.number().min(0).max(QUESTION_LIMITS.maxPoints).default(1),
  tags: z
    .array(TagSchema)
    .max(QUESTION_LIMITS.tags, { error: `must have at most ${QUESTION_LIMITS.tags} tags` })
    .default([])
    .transform((tags) => [...new Set(tags)]),
  hint: plainText(QUESTION_LIMITS.hint).default(''),
  feedback: QuestionFeedbackSchema.default({ general: '', correct: '', incorrect: '' }),
});

/** POST /api/courses/:id/questions — the common fields and `content: { type, body, key }`. */
export const CreateBankQuestionBodySchema = QuestionCommonFieldsSchema.extend({ content: QuestionContentSchema });
export type CreateBankQuestionBody = z.input<typeof CreateBankQuestionBodySchema>;
export type CreateBankQuestionInput = z.output<typeof CreateBankQuestionBodySchema>;

/** PATCH /api/questions/:id — any common field and/or the whole content; `version` is the one the editor loaded. */
export const UpdateBankQuestionBodySchema = QuestionCommonFieldsSchema.partial()
  .extend({ content: QuestionContentSchema.optional(), version: z.number().int().min(1) })
  .strict();
export type UpdateBankQuestionBody = z.input<typeof UpdateBankQuestionBodySchema>;
export type UpdateBankQuestionInput = z.output<typeof UpdateBankQuestionBodySchema>;

/** A bank question as its authors see it, key included. Never sent to a student. */
export const BankQuestionSchema = z.object({
  id: IdSchema,
  courseId: IdSchema,
  title: z.string(),
  prompt: z.string(),
  points: z.number(),
  tags: z.array(z.string()),
  hint: z.string(),
  feedback: QuestionFeedbackSchema,
  content: QuestionContentSchema,
  createdBy: IdSchema.nullable(),
  version: z.number().int(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type BankQuestion = z.infer<typeof BankQuestionSchema>;

/**
 * PATCH /api/questions/:id answers the question as saved and how many submitted attempts its change regraded (a new
 * key, content or points changes the automatic score of every attempt that answered it; issue 54.9).
 */
export const UpdatedBankQuestionSchema = BankQuestionSchema.extend({ regradedAttempts: z.number().int() });
export type UpdatedBankQuestion = z.infer<typeof UpdatedBankQuestionSchema>;

/** A row of the bank list: no body, no key. */
export const QuestionSummarySchema = z.object({
  id: IdSchema,
  type: QuestionTypeSchema,
  title: z.string(),
  points: z.number(),
  tags: z.array(z.string()),
  version: z.number().int(),
  updatedAt: DateTimeSchema,
});
export type QuestionSummary = z.infer<typeof QuestionSummarySchema>;

/** GET /api/courses/:id/questions — newest changed first; filter by type, tag and title text. */
export const ListBankQuestionsQuerySchema = PageQuerySchema.extend({
  type: QuestionTypeSchema.optional(),
  tag: z.string().trim().max(QUESTION_LIMITS.tagLength).optional(),
  q: z.string().trim().max(200).optional(),
});
export type ListBankQuestionsQuery = z.input<typeof ListBankQuestionsQuerySchema>;
export type ListBankQuestionsInput = z.output<typeof ListBankQuestionsQuerySchema>;
export const BankQuestionPageSchema = pageOf(QuestionSummarySchema);
export type BankQuestionPage = z.infer<typeof BankQuestionPageSchema>;

/** A question id list (copy, export). */
export const QuestionIdsSchema = z
  .array(IdSchema)
  .min(1, { error: 'must name at least one question' })
  .max(QUESTION_LIMITS.bulkIds, { error: `must name at most ${QUESTION_LIMITS.bulkIds} questions` });

/** POST /api/courses/:id/questions/copy — copy questions of this course into another course of the same teacher. */
export const CopyQuestionsBodySchema = z.object({ targetCourseId: IdSchema, questionIds: QuestionIdsSchema });
export type CopyQuestionsBody = z.input<typeof CopyQuestionsBodySchema>;
export const CopyQuestionsResultSchema = z.object({ copied: z.number().int(), ids: z.array(IdSchema) });
export type CopyQuestionsResult = z.infer<typeof CopyQuestionsResultSchema>;

/** GET /api/courses/:id/questions/export — the whole bank, or the questions named by `ids` (comma-separated). */
export const ExportQuestionsQuerySchema = z.object({
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(QuestionIdsSchema.optional()),
});

/** POST /api/courses/:id/questions/import — `dryRun=true` previews without saving. */
export const ImportQuestionsQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** A question found in a GIFT file: where it starts, what it became. */
export const ImportedQuestionSchema = z.object({
  line: z.number().int(),
  type: QuestionTypeSchema,
  title: z.string(),
  points: z.number(),
  tags: z.array(z.string()),
  /**
   * A question of the same type and text is already in the course's bank (the preview warns: importing adds it
   * again). Absent on imports written before this was checked.
   */
  duplicate: z.boolean().optional(),
});
/** A part of a GIFT file that was refused: its first line and why, in a teacher's words. */
export const RefusedLineSchema = z.object({ line: z.number().int(), text: z.string(), reason: z.string() });
export type RefusedLine = z.infer<typeof RefusedLineSchema>;
/**
 * Something in a GIFT file imported differently from what Moodle would do, without being an error (a category path
 * cut to a tag's length): its line and what happened. Descriptions are kept as such, no longer a notice (ADR 051).
 */
export const ImportNoticeSchema = z.object({ line: z.number().int(), text: z.string(), message: z.string() });
export type ImportNotice = z.infer<typeof ImportNoticeSchema>;

/** The answer of an import: every question parsed and every part refused; `createdIds` is empty on a dry run. */
export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  questions: z.array(ImportedQuestionSchema),
  refused: z.array(RefusedLineSchema),
  /** Absent on imports written before notices existed. */
  notices: z.array(ImportNoticeSchema).optional(),
  createdIds: z.array(IdSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** A question's body as a learner may see it: the type and its body, never the key. */
export const QuestionBodyForTakingSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('multiple_choice'), body: MultipleChoiceBodySchema }),
  z.object({ type: z.literal('true_false'), body: TrueFalseBodySchema }),
  z.object({ type: z.literal('fill_blank'), body: FillBlankBodySchema }),
  z.object({ type: z.literal('short_answer'), body: ShortAnswerBodySchema }),
  z.object({ type: z.literal('essay'), body: EssayBodySchema }),
  z.object({ type: z.literal('matching'), body: MatchingBodySchema }),
  z.object({ type: z.literal('ordering'), body: OrderingBodySchema }),
  z.object({ type: z.literal('numeric'), body: NumericBodySchema }),
  z.object({ type: z.literal('task'), body: TaskBodySchema }),
  z.object({ type: z.literal('description'), body: DescriptionBodySchema }),
]);

/**
 * A question as served to a learner taking it: no key, no feedback (those follow the release policy), and no
 * title — the bank's title ("Q02 MC multiple partial") is the teacher's; learners see "Question N" (issue 54.4).
 * Every student-facing route answers with this shape; the response serialiser drops any other field.
 */
export const QuestionForTakingSchema = z.object({
  id: IdSchema,
  prompt: z.string(),
  points: z.number(),
  hint: z.string(),
  content: QuestionBodyForTakingSchema,
});
export type QuestionForTaking = z.infer<typeof QuestionForTakingSchema>;
