import {
  DateTimeSchema,
  ErrorSchema,
  IdSchema,
  PageQuerySchema,
  optionalText,
  pageOf,
  requiredText,
  textInput,
} from './common.js';
import { SubmissionFileSchema } from './assessments.js';
import { GRADING_LIMITS } from './constants/grading.js';
import { QuestionForTakingSchema } from './questions/index.js';
import { z } from './zod.js';

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
  /** The title of the question or assignment it is attached to (for the course's teachers); null when detached. */
  attachedTitle: z.string().nullable(),
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

/**
 * POST /api/rubrics/:id/copy — a copy of the rubric (criteria and levels, new ids), attached to nothing: into
 * another course the caller teaches, or into the rubric's own course when `courseId` is left out (a duplicate).
 * The title defaults to "<title> (copy)" in the same course and to the same title in another.
 */
export const CopyRubricBodySchema = z.strictObject({
  courseId: IdSchema.optional(),
  title: requiredText(GRADING_LIMITS.rubricTitle).optional(),
});
export type CopyRubricBody = z.input<typeof CopyRubricBodySchema>;

/** A rubric of one of the caller's courses, with the course it belongs to (to reuse it elsewhere). */
export const MyRubricSchema = RubricSummarySchema.extend({
  course: z.object({ id: IdSchema, title: z.string() }),
});
export type MyRubric = z.infer<typeof MyRubricSchema>;
export const MyRubricPageSchema = pageOf(MyRubricSchema);
export type MyRubricPage = z.infer<typeof MyRubricPageSchema>;
/** GET /api/me/rubrics — the rubrics of every course I teach, last changed first; `excludeCourseId` leaves one out. */
export const ListMyRubricsQuerySchema = PageQuerySchema.extend({
  excludeCourseId: IdSchema.optional(),
  /** Finds rubrics whose title contains this (case-insensitive). */
  q: optionalText(80).optional(),
});
export type ListMyRubricsInput = z.output<typeof ListMyRubricsQuerySchema>;

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

// --- grading inbox and grading an answer ---

export const INBOX_STATUSES = ['needs_grading', 'graded', 'all'] as const;
/** "By question": every student's answer to one question, then the next question; "by student": one attempt's answers, then the next attempt. */
export const INBOX_ORDERS = ['question', 'student'] as const;
export type InboxOrder = (typeof INBOX_ORDERS)[number];

export const InboxQuerySchema = PageQuerySchema.extend({
  courseId: IdSchema.optional(),
  assessmentId: IdSchema.optional(),
  questionId: IdSchema.optional(),
  status: z.enum(INBOX_STATUSES).default('needs_grading'),
  by: z.enum(INBOX_ORDERS).default('question'),
  /** Keyset paging: the `nextCursor` of the previous page (then `page` is not used). */
  after: z
    .string()
    .max(200, { error: 'must be at most 200 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a cursor this list gave' })
    .optional(),
});
export type InboxQuery = z.output<typeof InboxQuerySchema>;

/** One answer that needs (or had) a person: oldest submission first. */
export const InboxAnswerSchema = z.object({
  attemptId: IdSchema,
  questionId: IdSchema,
  course: z.object({ id: IdSchema, title: z.string() }),
  assessment: z.object({ id: IdSchema, title: z.string() }),
  question: z.object({ title: z.string(), type: z.string(), prompt: z.string(), points: z.number() }),
  /**
   * The learner. In anonymous grading, until the scores are released, `id` is null and `name` is the attempt's
   * stable label ("Student 7"): the API sends nothing that names the learner.
   */
  student: z.object({ id: IdSchema.nullable(), name: z.string(), anonymous: z.boolean() }),
  submittedAt: DateTimeSchema,
  /** The saved response in the question type's shape (an essay: `{ html }`, sanitised when saved). */
  response: z.unknown(),
  /** The files handed in for a task (download links for the course's teachers and admins); else empty. */
  files: z.array(SubmissionFileSchema),
  score: z.number().nullable(),
  comment: z.string(),
  rubric: RubricScoreSchema.nullable(),
  /** Present when the question has a rubric: what the grader scores by level. */
  rubricId: IdSchema.nullable(),
  graded: z.boolean(),
  version: z.number().int(),
});
export type InboxAnswer = z.infer<typeof InboxAnswerSchema>;
export const InboxPageSchema = pageOf(InboxAnswerSchema).extend({
  /** Pass as `after` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const GradeAnswerParamsSchema = z.object({ id: IdSchema, questionId: IdSchema });
/**
 * A person's grade for one answer: a score from 0 to the question's points in half points, or the levels of its
 * rubric (the score is then the rubric total scaled to the points); `version` as loaded (409 when someone graded
 * it since).
 */
export const GradeAnswerBodySchema = z
  .strictObject({
    version: VersionSchema,
    score: z
      .number()
      .min(0, { error: 'must be at least 0' })
      .refine((p) => Number.isInteger(p * 2), { error: 'must be a whole or half point' })
      .optional(),
    comment: GraderCommentSchema.default(''),
    rubric: z.strictObject({ selections: RubricSelectionsSchema }).optional(),
  })
  .refine((body) => body.score !== undefined || body.rubric !== undefined, {
    error: 'Give a score or the rubric levels',
    path: ['score'],
  });
export type GradeAnswerBody = z.input<typeof GradeAnswerBodySchema>;
export type GradeAnswerInput = z.output<typeof GradeAnswerBodySchema>;

/**
 * The 409 of grading an answer: with `current` when someone graded it since it was loaded (the grade they saved,
 * with the version to save over it), so the second grader keeps their own score and comment beside it and chooses.
 * Without `current` for the other conflicts (the attempt still being taken).
 */
export const GradeConflictSchema = ErrorSchema.extend({ current: InboxAnswerSchema.optional() });
export type GradeConflict = z.infer<typeof GradeConflictSchema>;

// --- gradebook ---

export const GradebookQuerySchema = PageQuerySchema;
export const GradebookColumnSchema = z.object({
  assessmentId: IdSchema,
  title: z.string(),
  kind: z.enum(['quiz', 'exam', 'assignment']),
  points: z.number(),
  countingRule: z.enum(['highest', 'latest', 'average']),
  dueAt: DateTimeSchema.nullable(),
  /** The assessment grades anonymously: its cells are hidden from graders until its grades are released. */
  anonymous: z.boolean(),
});
export type GradebookColumn = z.infer<typeof GradebookColumnSchema>;
export const GradebookCellSchema = z.object({
  points: z.number().nullable(),
  percent: z.number().nullable(),
  pending: z.boolean(),
  late: z.boolean(),
  penaltyPoints: z.number(),
  attempts: z.number().int(),
  overridden: z.boolean(),
  /** An anonymous assessment before its release: no score is shown (nor counted in the total) to graders. */
  hidden: z.boolean(),
});
export type GradebookCell = z.infer<typeof GradebookCellSchema>;
export const GradebookRowSchema = z.object({
  student: z.object({ id: IdSchema, name: z.string(), email: z.string() }),
  /** One cell per column, in the columns' order. */
  cells: z.array(GradebookCellSchema),
  totalPercent: z.number().nullable(),
});
export type GradebookRow = z.infer<typeof GradebookRowSchema>;
export const GradebookSchema = pageOf(GradebookRowSchema).extend({
  columns: z.array(GradebookColumnSchema),
  weights: z.record(z.string(), z.number()),
});
export type Gradebook = z.infer<typeof GradebookSchema>;

export const GradebookCellParamsSchema = z.object({ id: IdSchema, assessmentId: IdSchema, studentId: IdSchema });
export const OverrideCellBodySchema = z.strictObject({
  /** null clears the override. */
  points: z.number().min(0, { error: 'must be at least 0' }).nullable(),
  reason: requiredText(500),
});
export type OverrideCellBody = z.input<typeof OverrideCellBodySchema>;

// --- item analysis ---

export const ItemAnalysisParamsSchema = z.object({ id: IdSchema, itemId: IdSchema });
export const ItemStatsSchema = z.object({
  questionId: IdSchema,
  title: z.string(),
  type: z.string(),
  answers: z.number().int(),
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  choices: z
    .array(z.object({ id: z.string(), text: z.string(), key: z.boolean(), picks: z.number().int() }))
    .nullable(),
  flags: z.array(z.enum(['negative_discrimination', 'unused_distractor', 'key_missed_by_top'])),
});
export const ItemAnalysisSchema = z.object({
  attempts: z.number().int(),
  groupSize: z.number().int(),
  items: z.array(ItemStatsSchema),
});
export type ItemAnalysisReport = z.infer<typeof ItemAnalysisSchema>;

/** The weight (percent, 0…100) of each assessment kind in the course total; all 0 = every point counts alike. */
export const GradebookWeightsBodySchema = z.strictObject({
  quiz: z.number().min(0).max(100).default(0),
  exam: z.number().min(0).max(100).default(0),
  assignment: z.number().min(0).max(100).default(0),
});
export type GradebookWeightsBody = z.input<typeof GradebookWeightsBodySchema>;

/** The rubric feedback of one's own attempt, per question, once the feedback is released. */
export const MyAttemptRubricsSchema = z.object({
  released: z.boolean(),
  /** Grades changed after they were released (a regrade), oldest first: what the learner saw and what counts now. */
  changes: z.array(
    z.object({
      questionId: IdSchema,
      oldScore: z.number().nullable(),
      newScore: z.number().nullable(),
      changedAt: DateTimeSchema,
    }),
  ),
  items: z.array(
    z.object({
      questionId: IdSchema,
      rubric: z.object({ title: z.string(), criteria: z.array(RubricCriterionSchema) }),
      score: RubricScoreSchema,
    }),
  ),
});
export type MyAttemptRubrics = z.infer<typeof MyAttemptRubricsSchema>;

/** GET /api/me/courses/:id/grades — the learner's own gradebook row; unreleased scores are hidden and not counted. */
export const MyGradesSchema = z.object({
  course: z.object({ id: IdSchema, title: z.string() }),
  columns: z.array(GradebookColumnSchema),
  /** One cell per column, in the columns' order. */
  cells: z.array(
    GradebookCellSchema.extend({
      /**
       * Whether I ever started the assessment (an attempt in progress counts): false is "Not started" on My grades,
       * whatever the release policy holds back (issue 54 point 11).
       */
      started: z.boolean(),
      released: z.boolean(),
      /** When the score will be shown (the learner's own due date, after any extension); null when released or unknown. */
      releasesAt: DateTimeSchema.nullable(),
    }),
  ),
  weights: z.record(z.string(), z.number()),
  totalPercent: z.number().nullable(),
});
export type MyGrades = z.infer<typeof MyGradesSchema>;

export const OverrideHistorySchema = z.object({
  items: z.array(
    z.object({
      points: z.number().nullable(),
      reason: z.string(),
      byUserId: IdSchema.nullable(),
      /** The name of who made it (null when that account was deleted). */
      byName: z.string().nullable(),
      createdAt: DateTimeSchema,
    }),
  ),
});

// --- mistake notebook ---

export const MistakeSummarySchema = z.object({
  /** Cards due before the end of today (UTC). */
  dueToday: z.number().int(),
  total: z.number().int(),
});
export type MistakeSummary = z.infer<typeof MistakeSummarySchema>;

/** A question to practise: served without its key, as for taking; practising never touches grades. */
export const MistakeCardSchema = z.object({
  questionId: IdSchema,
  course: z.object({ id: IdSchema, title: z.string() }),
  question: QuestionForTakingSchema,
  due: DateTimeSchema,
  reps: z.number().int(),
  lapses: z.number().int(),
});
export type MistakeCard = z.infer<typeof MistakeCardSchema>;
export const MistakeCardPageSchema = pageOf(MistakeCardSchema);
export type MistakeCardPage = z.infer<typeof MistakeCardPageSchema>;
export const MistakesQuerySchema = PageQuerySchema;

export const PracticeParamsSchema = z.object({ questionId: IdSchema });
export const PracticeBodySchema = z.strictObject({ response: z.unknown() });
export const PracticeResultSchema = z.object({
  correct: z.boolean(),
  rating: z.enum(['again', 'good']),
  nextDue: DateTimeSchema,
  /**
   * After a wrong try: a response that earns full marks (the type's response shape) — the notebook only holds
   * questions whose answers are released — and the question's feedback once the assessment released feedback
   * too (general and "incorrect" texts, the chosen choices' feedback; plain text). Null after a right try.
   */
  correctResponse: z.unknown().nullable(),
  feedback: z
    .object({
      general: z.string(),
      outcome: z.string(),
      choices: z.array(z.object({ choiceId: z.string(), text: z.string() })),
    })
    .nullable(),
});
export type PracticeResult = z.infer<typeof PracticeResultSchema>;
export type OverrideHistory = z.infer<typeof OverrideHistorySchema>;
