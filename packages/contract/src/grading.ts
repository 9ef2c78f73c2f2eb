import { DateTimeSchema, IdSchema, PageQuerySchema, optionalText, pageOf, requiredText, textInput } from './common.js';
import { z } from './zod.js';

/** Limits of grading inputs (docs/decisions/032-grading.md). */
export const GRADING_LIMITS = {
  commentTitle: 80,
  /** Sanitised HTML of a bank comment or a grader's comment. */
  commentHtml: 20_000,
  rubricTitle: 120,
  criterionTitle: 120,
  criterionDescription: 1_000,
  levelTitle: 80,
  levelDescription: 500,
  criteria: 20,
  levels: 8,
  levelPoints: 1_000,
} as const;

const VersionSchema = z.number().int().min(1);

// --- comment bank (per teacher) ---

/** A saved comment of a teacher's comment bank: a short title to find it by, and rich text to insert. */
export const BankCommentSchema = z.object({
  id: IdSchema,
  title: z.string(),
  html: z.string(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type BankComment = z.infer<typeof BankCommentSchema>;
export const BankCommentPageSchema = pageOf(BankCommentSchema);
export type BankCommentPage = z.infer<typeof BankCommentPageSchema>;

export const ListBankCommentsQuerySchema = PageQuerySchema.extend({
  /** Finds comments whose title or text contains this (case-insensitive). */
  q: optionalText(80).optional(),
});
export type ListBankCommentsInput = z.output<typeof ListBankCommentsQuerySchema>;

export const CreateBankCommentBodySchema = z.strictObject({
  title: requiredText(GRADING_LIMITS.commentTitle),
  html: requiredText(GRADING_LIMITS.commentHtml),
});
export type CreateBankCommentBody = z.input<typeof CreateBankCommentBodySchema>;
export const UpdateBankCommentBodySchema = CreateBankCommentBodySchema.partial().refine(
  (body) => body.title !== undefined || body.html !== undefined,
  { error: 'Send a title or a text to change' },
);
export type UpdateBankCommentBody = z.input<typeof UpdateBankCommentBodySchema>;

// --- rubrics (per course) ---

const LevelInputSchema = z.strictObject({
  /** Kept when editing a level, so that scores given with it stay valid; a new level gets one. */
  id: IdSchema.optional(),
  title: requiredText(GRADING_LIMITS.levelTitle),
  description: optionalText(GRADING_LIMITS.levelDescription).default(''),
  points: z
    .number()
    .min(0, { error: 'must be at least 0' })
    .max(GRADING_LIMITS.levelPoints, { error: `must be at most ${GRADING_LIMITS.levelPoints}` })
    .refine((p) => Number.isInteger(p * 2), { error: 'must be a whole or half point' }),
});
const CriterionInputSchema = z.strictObject({
  id: IdSchema.optional(),
  title: requiredText(GRADING_LIMITS.criterionTitle),
  description: optionalText(GRADING_LIMITS.criterionDescription).default(''),
  levels: z
    .array(LevelInputSchema)
    .min(1, { error: 'needs at least one level' })
    .max(GRADING_LIMITS.levels, { error: `must have at most ${GRADING_LIMITS.levels} levels` }),
});
const CriteriaInputSchema = z
  .array(CriterionInputSchema)
  .min(1, { error: 'needs at least one criterion' })
  .max(GRADING_LIMITS.criteria, { error: `must have at most ${GRADING_LIMITS.criteria} criteria` });

export const RubricLevelSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  points: z.number(),
});
export const RubricCriterionSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  levels: z.array(RubricLevelSchema),
});
export type RubricCriterion = z.infer<typeof RubricCriterionSchema>;

/** What a rubric is attached to: an essay question of the course's bank, or an assignment of the course. */
export const RubricTargetSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('question'), id: IdSchema }),
  z.strictObject({ type: z.literal('assessment'), id: IdSchema }),
]);
export type RubricTarget = z.infer<typeof RubricTargetSchema>;

export const RubricSchema = z.object({
  id: IdSchema,
  courseId: IdSchema,
  title: z.string(),
  criteria: z.array(RubricCriterionSchema),
  /** The sum of each criterion's highest level. */
  maxPoints: z.number(),
  attachedTo: RubricTargetSchema.nullable(),
  version: z.number().int(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Rubric = z.infer<typeof RubricSchema>;
export const RubricSummarySchema = RubricSchema.omit({ criteria: true });
export type RubricSummary = z.infer<typeof RubricSummarySchema>;
export const RubricPageSchema = pageOf(RubricSummarySchema);
export type RubricPage = z.infer<typeof RubricPageSchema>;
export const ListRubricsQuerySchema = PageQuerySchema;

export const CreateRubricBodySchema = z.strictObject({
  title: requiredText(GRADING_LIMITS.rubricTitle),
  criteria: CriteriaInputSchema,
  attachTo: RubricTargetSchema.nullable().default(null),
});
export type CreateRubricBody = z.input<typeof CreateRubricBodySchema>;
export type CreateRubricInput = z.output<typeof CreateRubricBodySchema>;

export const UpdateRubricBodySchema = z.strictObject({
  version: VersionSchema,
  title: requiredText(GRADING_LIMITS.rubricTitle).optional(),
  criteria: CriteriaInputSchema.optional(),
  /** null detaches it. */
  attachTo: RubricTargetSchema.nullable().optional(),
});
export type UpdateRubricBody = z.input<typeof UpdateRubricBodySchema>;
export type UpdateRubricInput = z.output<typeof UpdateRubricBodySchema>;

/** Scoring by level: the chosen level of each criterion (criterion id → level id). */
export const RubricSelectionsSchema = z.record(IdSchema, IdSchema);
export type RubricSelections = z.infer<typeof RubricSelectionsSchema>;

/** The rubric scoring of an answer, as the grader and (once released) the student see it. */
export const RubricScoreSchema = z.object({
  rubricId: IdSchema,
  selections: RubricSelectionsSchema,
  total: z.number(),
  maxPoints: z.number(),
});
export type RubricScore = z.infer<typeof RubricScoreSchema>;

/** Text input of a grader's rich-text comment (sanitised on the server). */
export const GraderCommentSchema = textInput().max(GRADING_LIMITS.commentHtml, {
  error: `must be at most ${GRADING_LIMITS.commentHtml} characters`,
});
