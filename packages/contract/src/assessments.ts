import {
  ASSESSMENT_KINDS,
  ASSESSMENT_LIMITS,
  ATTEMPT_STATUSES,
  COMPLETION_RULES,
  COUNTING_RULES,
  ANSWER_RELEASE_POLICIES,
  QUESTION_LAYOUTS,
  RELEASE_POLICIES,
} from './constants/assessments.js';
import { DateTimeSchema, IdSchema, PageQuerySchema, pageOf, requiredText, textInput } from './common.js';
import { QuestionForTakingSchema, QuestionTypeSchema } from './questions/index.js';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// Assessments (issue 16, docs/decisions/025-assessments-and-attempts.md).
// An assessment is an item (kind 'assessment') of a course section; its id IS the course item's id.
// ---------------------------------------------------------------------------------------------

export const AssessmentParamsSchema = z.object({ id: IdSchema, itemId: IdSchema });
export const SectionAssessmentParamsSchema = z.object({ id: IdSchema, sectionId: IdSchema });
export const AttemptParamsSchema = z.object({ id: IdSchema });
export const AttemptQuestionParamsSchema = z.object({ id: IdSchema, questionId: IdSchema });
/** A handed-in file of an attempt: DELETE by its id. */
export const AttemptFileParamsSchema = z.object({ id: IdSchema, fileId: IdSchema });
/** A handed-in file's download, by its random storage key (32 hex digits and the extension). */
export const AttemptFileKeyParamsSchema = z.object({
  id: IdSchema,
  key: z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/, { error: 'is not a file key' }),
});
export const CourseFileKeyParamsSchema = AttemptFileKeyParamsSchema;

/** A file a student handed in for a task question (issue 16 point 2; ADR 025). */
export const SubmissionFileSchema = z.object({
  id: IdSchema,
  questionId: IdSchema,
  /** The uploader's file name, cleaned, with the extension of the type found in its bytes. */
  name: z.string(),
  /** The type identified from the bytes. */
  type: z.string(),
  size: z.number().int(),
  /** Download address for the caller (the student's own, or the course teacher's): Content-Disposition attachment. */
  url: z.string(),
  createdAt: DateTimeSchema,
});
export type SubmissionFile = z.infer<typeof SubmissionFileSchema>;

const VersionSchema = z.number().int().min(1);
/** An ISO-8601 instant with its offset (2026-11-24T09:00:00+01:00 or …Z); stored as timestamptz. */
const InstantSchema = z.iso.datetime({ offset: true, error: 'must be a date and time with its time zone offset' });
const PercentSchema = z.number().min(0, { error: 'must be at least 0' }).max(100, { error: 'must be at most 100' });

/** The settings a teacher edits (all but title/instructions have defaults on create). */
const settingsFields = {
  kind: z.enum(ASSESSMENT_KINDS),
  title: requiredText(ASSESSMENT_LIMITS.title),
  /** Rich text, sanitised by the server. */
  instructions: textInput().max(ASSESSMENT_LIMITS.instructions * 2, { error: 'is too long' }),
  /** The assessment's points; question points are scaled to it (score = earned / max × points). */
  points: z
    .number()
    .min(0, { error: 'must be at least 0' })
    .max(ASSESSMENT_LIMITS.maxPoints, { error: `must be at most ${ASSESSMENT_LIMITS.maxPoints}` }),
  passingPercent: PercentSchema,
  /** Minutes; null = no time limit. */
  timeLimitMinutes: z.number().int().min(1).max(ASSESSMENT_LIMITS.timeLimitMinutes).nullable(),
  /** null = unlimited. */
  attemptsAllowed: z.number().int().min(1).max(ASSESSMENT_LIMITS.attemptsAllowed).nullable(),
  countingRule: z.enum(COUNTING_RULES),
  opensAt: InstantSchema.nullable(),
  /** Submissions after it are accepted until `closesAt`, marked late (and penalised when a penalty is set). */
  dueAt: InstantSchema.nullable(),
  closesAt: InstantSchema.nullable(),
  latePenaltyPercentPerDay: PercentSchema,
  shuffleQuestions: z.boolean(),
  shuffleChoices: z.boolean(),
  layout: z.enum(QUESTION_LAYOUTS),
  releaseScore: z.enum(RELEASE_POLICIES),
  releaseAnswers: z.enum(ANSWER_RELEASE_POLICIES),
  releaseFeedback: z.enum(RELEASE_POLICIES),
  /** Graders see "Student 7" instead of names, e-mails and ids until the scores are released (enforced by the API). */
  anonymousGrading: z.boolean(),
  requiredForCompletion: z.enum(COMPLETION_RULES),
  /** Set to require an access password; null removes it; omitted (on update) keeps it. Never read back. */
  password: textInput().min(1).max(ASSESSMENT_LIMITS.password).nullable(),
};

function checkDates(
  value: { opensAt?: string | null; dueAt?: string | null; closesAt?: string | null },
  ctx: z.RefinementCtx,
) {
  const t = (s?: string | null) => (s ? Date.parse(s) : null);
  const [opens, due, closes] = [t(value.opensAt), t(value.dueAt), t(value.closesAt)];
  if (opens !== null && due !== null && due < opens)
    ctx.addIssue({ code: 'custom', path: ['dueAt'], message: 'must not be before the opening date' });
  if (opens !== null && closes !== null && closes <= opens)
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'must be after the opening date' });
  if (due !== null && closes !== null && closes < due)
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'must not be before the due date' });
}

/** POST /api/courses/:id/sections/:sectionId/assessments — appended to the section as a draft item. */
export const CreateAssessmentBodySchema = z
  .strictObject({
    kind: settingsFields.kind.default('quiz'),
    title: settingsFields.title,
    instructions: settingsFields.instructions.default(''),
    points: settingsFields.points.default(100),
    passingPercent: settingsFields.passingPercent.default(50),
    timeLimitMinutes: settingsFields.timeLimitMinutes.default(null),
    attemptsAllowed: settingsFields.attemptsAllowed.default(1),
    countingRule: settingsFields.countingRule.default('highest'),
    opensAt: settingsFields.opensAt.default(null),
    dueAt: settingsFields.dueAt.default(null),
    closesAt: settingsFields.closesAt.default(null),
    latePenaltyPercentPerDay: settingsFields.latePenaltyPercentPerDay.default(0),
    shuffleQuestions: settingsFields.shuffleQuestions.default(false),
    shuffleChoices: settingsFields.shuffleChoices.default(false),
    layout: settingsFields.layout.default('all'),
    releaseScore: settingsFields.releaseScore.default('immediately'),
    releaseAnswers: settingsFields.releaseAnswers.default('after_last_attempt'),
    releaseFeedback: settingsFields.releaseFeedback.default('immediately'),
    anonymousGrading: settingsFields.anonymousGrading.default(false),
    requiredForCompletion: settingsFields.requiredForCompletion.default('submitted'),
    password: settingsFields.password.default(null),
  })
  .superRefine(checkDates);
export type CreateAssessmentBody = z.input<typeof CreateAssessmentBodySchema>;
export type CreateAssessmentInput = z.output<typeof CreateAssessmentBodySchema>;

/**
 * Set after a 409 at `confirm` (ADR 046): go ahead although the change shows the correct answers to students who may
 * still start another attempt.
 */
const ConfirmSchema = z.boolean().optional();

/**
 * PATCH /api/courses/:id/assessments/:itemId — only the fields sent change; `version` as read (409 when stale, and
 * 409 at `confirm` when the change would show the correct answers to students with attempts left).
 */
export const UpdateAssessmentBodySchema = z
  .strictObject({
    version: VersionSchema,
    confirm: ConfirmSchema,
    ...Object.fromEntries(Object.entries(settingsFields).map(([key, schema]) => [key, schema.optional()])),
  } as { version: typeof VersionSchema; confirm: typeof ConfirmSchema } & {
    [K in keyof typeof settingsFields]: z.ZodOptional<(typeof settingsFields)[K]>;
  })
  .superRefine(checkDates);
export type UpdateAssessmentBody = z.input<typeof UpdateAssessmentBodySchema>;
export type UpdateAssessmentInput = z.output<typeof UpdateAssessmentBodySchema>;

/** A part of an assessment: these questions of the course bank, in this order, or N drawn at random from a tag. */
export const AssessmentPartInputSchema = z.discriminatedUnion('mode', [
  z.strictObject({
    mode: z.literal('fixed'),
    questionIds: z
      .array(IdSchema)
      .min(1, { error: 'must name at least one question' })
      .max(ASSESSMENT_LIMITS.questionsPerPart)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a question' }),
  }),
  z.strictObject({
    mode: z.literal('draw'),
    tag: requiredText(50),
    count: z.number().int().min(1).max(ASSESSMENT_LIMITS.drawCount),
  }),
]);
export type AssessmentPartInput = z.infer<typeof AssessmentPartInputSchema>;

/** PUT /api/courses/:id/assessments/:itemId/parts — replaces every part; questions must be of the course bank. */
export const ReplacePartsBodySchema = z.strictObject({
  version: VersionSchema,
  parts: z.array(AssessmentPartInputSchema).max(ASSESSMENT_LIMITS.parts),
});
export type ReplacePartsBody = z.input<typeof ReplacePartsBodySchema>;

/** POST /api/courses/:id/assessments/:itemId/publish — publish or unpublish the item (publishing needs questions). */
export const PublishAssessmentBodySchema = z.strictObject({ version: VersionSchema, published: z.boolean() });
export type PublishAssessmentBody = z.input<typeof PublishAssessmentBodySchema>;

/**
 * POST /api/courses/:id/assessments/:itemId/release — release what the "manual" policies hold back (or take it back);
 * 409 at `confirm` when it would show the correct answers to students with attempts left (ADR 046).
 */
export const ReleaseAssessmentBodySchema = z.strictObject({ released: z.boolean(), confirm: ConfirmSchema });
export type ReleaseAssessmentBody = z.input<typeof ReleaseAssessmentBodySchema>;

/** A question of a fixed part as the author sees it in the assessment (no key: open the bank for that). */
export const PartQuestionSchema = z.object({
  id: IdSchema,
  type: QuestionTypeSchema,
  title: z.string(),
  points: z.number(),
});
export const AssessmentPartSchema = z.discriminatedUnion('mode', [
  z.object({ id: IdSchema, mode: z.literal('fixed'), questions: z.array(PartQuestionSchema) }),
  z.object({
    id: IdSchema,
    mode: z.literal('draw'),
    tag: z.string(),
    count: z.number().int(),
    /** Questions of the bank carrying the tag now (a draw asks for at most this many). */
    available: z.number().int(),
  }),
]);
export type AssessmentPart = z.infer<typeof AssessmentPartSchema>;

/** GET /api/courses/:id/assessments/:itemId (authors) and the answer to every authoring write. */
export const AssessmentSchema = z.object({
  id: IdSchema,
  courseId: IdSchema,
  sectionId: IdSchema,
  kind: z.enum(ASSESSMENT_KINDS),
  title: z.string(),
  /** Sanitised HTML. */
  instructions: z.string(),
  points: z.number(),
  passingPercent: z.number(),
  timeLimitMinutes: z.number().int().nullable(),
  attemptsAllowed: z.number().int().nullable(),
  countingRule: z.enum(COUNTING_RULES),
  opensAt: DateTimeSchema.nullable(),
  dueAt: DateTimeSchema.nullable(),
  closesAt: DateTimeSchema.nullable(),
  latePenaltyPercentPerDay: z.number(),
  shuffleQuestions: z.boolean(),
  shuffleChoices: z.boolean(),
  layout: z.enum(QUESTION_LAYOUTS),
  releaseScore: z.enum(RELEASE_POLICIES),
  releaseAnswers: z.enum(ANSWER_RELEASE_POLICIES),
  releaseFeedback: z.enum(RELEASE_POLICIES),
  /** When the teacher released what "manual" holds back; null while not released. */
  releasedAt: DateTimeSchema.nullable(),
  anonymousGrading: z.boolean(),
  requiredForCompletion: z.enum(COMPLETION_RULES),
  /** An access password is set (the password itself is never sent back). */
  hasPassword: z.boolean(),
  published: z.boolean(),
  parts: z.array(AssessmentPartSchema),
  /** Questions an attempt gets: fixed ones plus the drawn counts. */
  questionCount: z.number().int(),
  attemptCount: z.number().int(),
  version: z.number().int(),
  updatedAt: DateTimeSchema,
});
export type Assessment = z.infer<typeof AssessmentSchema>;

// ---------------------------------------------------------------------------------------------
// Taking it (students)
// ---------------------------------------------------------------------------------------------

/** The learner's window (learnerWindow on the server): the dates and limit that apply to this learner. */
export const LearnerWindowSchema = z.object({
  opensAt: DateTimeSchema.nullable(),
  dueAt: DateTimeSchema.nullable(),
  closesAt: DateTimeSchema.nullable(),
  timeLimitMinutes: z.number().int().nullable(),
});
export type LearnerWindow = z.infer<typeof LearnerWindowSchema>;

/** GET /api/courses/:id/assessments/:itemId/start — the start page: rules, window, attempts left, the caller's state. */
export const AssessmentStartInfoSchema = z.object({
  id: IdSchema,
  courseId: IdSchema,
  kind: z.enum(ASSESSMENT_KINDS),
  title: z.string(),
  /** Sanitised HTML. */
  instructions: z.string(),
  points: z.number(),
  passingPercent: z.number(),
  questionCount: z.number().int(),
  layout: z.enum(QUESTION_LAYOUTS),
  countingRule: z.enum(COUNTING_RULES),
  latePenaltyPercentPerDay: z.number(),
  window: LearnerWindowSchema,
  attemptsAllowed: z.number().int().nullable(),
  attemptsUsed: z.number().int(),
  /** null = unlimited. */
  attemptsLeft: z.number().int().nullable(),
  requiresPassword: z.boolean(),
  /** The caller's attempt in progress, to resume. */
  inProgressAttemptId: IdSchema.nullable(),
  /** Whether "Start" would work now, and if not why (one of ASSESSMENT_MESSAGES). */
  canStart: z.boolean(),
  reason: z.string().nullable(),
  /** The server's clock, so the page can show "opens in" / "due in" honestly. */
  serverNow: DateTimeSchema,
});
export type AssessmentStartInfo = z.infer<typeof AssessmentStartInfoSchema>;

/** POST /api/courses/:id/assessments/:itemId/attempts — start (201) or resume the attempt in progress (200). */
export const StartAttemptBodySchema = z.strictObject({
  password: textInput().max(ASSESSMENT_LIMITS.password).optional(),
});
export type StartAttemptBody = z.input<typeof StartAttemptBodySchema>;

/** What the learner may see of their graded attempt: each part follows the release policy. */
export const AttemptReleaseSchema = z.object({
  score: z.boolean(),
  answers: z.boolean(),
  feedback: z.boolean(),
});
export type AttemptRelease = z.infer<typeof AttemptReleaseSchema>;

/**
 * One question's review after submitting, as released: `score`/`maxScore`/`correct` with the score,
 * `correctResponse` (a response that earns full marks, in the type's response shape) with the answers,
 * `feedback` (general + right/wrong + chosen choices) with the feedback. Null fields are not released (yet).
 */
export const QuestionReviewSchema = z.object({
  score: z.number().nullable(),
  maxScore: z.number(),
  /** null when not released or not graded yet (needs a person). */
  correct: z.boolean().nullable(),
  needsGrading: z.boolean(),
  correctResponse: z.unknown().nullable(),
  /**
   * Per blank of a fill-in-the-blank question, whether the learner's text is accepted (the blank's own rules:
   * several accepted answers, case, accents); released with the answers, null before and for other types.
   */
  blanksRight: z.array(z.boolean()).nullable(),
  feedback: z
    .object({
      general: z.string(),
      /** The correct or incorrect feedback, as the answer earned. */
      outcome: z.string(),
      /** Feedback of the choices the learner chose (multiple choice). */
      choices: z.array(z.object({ choiceId: z.string(), text: z.string() })),
      /** The grader's comment (manual grading). */
      grader: z.string(),
    })
    .nullable(),
});
export type QuestionReview = z.infer<typeof QuestionReviewSchema>;

/** A question of an attempt: as served for taking (shuffled per attempt, no key), the saved answer, the review. */
export const AttemptQuestionSchema = z.object({
  number: z.number().int(),
  question: QuestionForTakingSchema,
  /** The saved response (the type's response shape), null when unanswered. */
  response: z.unknown().nullable(),
  savedAt: DateTimeSchema.nullable(),
  /** The files handed in for a task question (oldest first); empty for every other type. */
  files: z.array(SubmissionFileSchema),
  /** Present once the attempt is submitted; its fields follow the release policy. */
  review: QuestionReviewSchema.nullable(),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestionSchema>;

/** The result of a submitted attempt, as released (`score`, `percent`, `passed` are null until the score is). */
export const AttemptResultSchema = z.object({
  status: z.enum(ATTEMPT_STATUSES),
  released: AttemptReleaseSchema,
  score: z.number().nullable(),
  maxScore: z.number(),
  percent: z.number().nullable(),
  passed: z.boolean().nullable(),
  late: z.boolean(),
  /** The late penalty applied, in % of the score. */
  penaltyPercent: z.number().nullable(),
  /** When the score will be released ("after_due": the due date); null when released or manual. */
  releasesAt: DateTimeSchema.nullable(),
  /** When the correct answers are shown (the assessment's timing, ADR 046): what to tell while they are held back. */
  releaseAnswers: z.enum(ANSWER_RELEASE_POLICIES),
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

/** The receipt of a submission. */
export const AttemptReceiptSchema = z.object({
  attemptId: IdSchema,
  number: z.number().int(),
  submittedAt: DateTimeSchema,
  /** Submitted by the server at the deadline, not by the learner. */
  autoSubmitted: z.boolean(),
  answered: z.number().int(),
  questionCount: z.number().int(),
});
export type AttemptReceipt = z.infer<typeof AttemptReceiptSchema>;

/** GET /api/attempts/:id — the learner's attempt: questions without keys, saved answers, the server's time. */
export const AttemptForStudentSchema = z.object({
  id: IdSchema,
  assessmentId: IdSchema,
  courseId: IdSchema,
  title: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  number: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  layout: z.enum(QUESTION_LAYOUTS),
  startedAt: DateTimeSchema,
  /** start + time limit, capped by the close date; null without either. */
  deadlineAt: DateTimeSchema.nullable(),
  /** Seconds left by the server's clock (never negative); null without a deadline. */
  remainingSeconds: z.number().int().nullable(),
  serverNow: DateTimeSchema,
  dueAt: DateTimeSchema.nullable(),
  submittedAt: DateTimeSchema.nullable(),
  savesCount: z.number().int(),
  questions: z.array(AttemptQuestionSchema),
  /** Present once submitted. */
  receipt: AttemptReceiptSchema.nullable(),
  result: AttemptResultSchema.nullable(),
});
export type AttemptForStudent = z.infer<typeof AttemptForStudentSchema>;

/**
 * PUT /api/attempts/:id/answers/:questionId — the response in its type's shape (400 naming the question otherwise).
 * `seq` (optional, ADR 059): the client's number for this change of this question, higher for a later change (the
 * web app sends the time it was given, on the server's clock); a save whose `seq` is not above the last applied one
 * is answered 200 with `applied: false` and changes nothing. Acceptance is by the server's arrival time, always.
 */
export const SaveAnswerBodySchema = z.strictObject({
  response: z.unknown().refine((value) => value !== undefined, { error: 'is required (null clears the answer)' }),
  seq: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type SaveAnswerBody = z.input<typeof SaveAnswerBodySchema>;
export const SaveAnswerResultSchema = z.object({
  questionId: IdSchema,
  savedAt: DateTimeSchema,
  savesCount: z.number().int(),
  remainingSeconds: z.number().int().nullable(),
  /** False when the save's `seq` was already applied or a later one was: the stored answer is that one. */
  applied: z.boolean(),
});
export type SaveAnswerResult = z.infer<typeof SaveAnswerResultSchema>;

/** POST /api/attempts/:id/submit — idempotent: a second submit answers the same receipt. */
export const SubmitAttemptResultSchema = z.object({
  receipt: AttemptReceiptSchema,
  result: AttemptResultSchema,
});
export type SubmitAttemptResult = z.infer<typeof SubmitAttemptResultSchema>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** GET /api/me/quiz-attempts — the caller's attempts across courses, newest first. */
export const MyAttemptsQuerySchema = PageQuerySchema;
export const MyAttemptRowSchema = z.object({
  id: IdSchema,
  assessmentId: IdSchema,
  assessmentTitle: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  courseId: IdSchema,
  courseTitle: z.string(),
  number: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: DateTimeSchema,
  submittedAt: DateTimeSchema.nullable(),
  deadlineAt: DateTimeSchema.nullable(),
  /** Only when the score is released. */
  score: z.number().nullable(),
  maxScore: z.number(),
  percent: z.number().nullable(),
  passed: z.boolean().nullable(),
  /** While the score waits for the learner's own due date: when it will be shown. */
  releasesAt: DateTimeSchema.nullable(),
});
export type MyAttemptRow = z.infer<typeof MyAttemptRowSchema>;
export const MyAttemptPageSchema = pageOf(MyAttemptRowSchema);
export type MyAttemptPage = z.infer<typeof MyAttemptPageSchema>;

/** GET /api/courses/:id/assessments/:itemId/attempts — the teacher's log, newest start first. */
export const AttemptLogQuerySchema = PageQuerySchema;
export const AttemptLogRowSchema = z.object({
  id: IdSchema,
  /**
   * Anonymous grading before the release: `{ id: null, name: "Student 7", email: "", anonymous: true }` (the
   * inbox's label), and no IP address on the row.
   */
  student: z.object({ id: IdSchema.nullable(), name: z.string(), email: z.string(), anonymous: z.boolean() }),
  number: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: DateTimeSchema,
  deadlineAt: DateTimeSchema.nullable(),
  submittedAt: DateTimeSchema.nullable(),
  autoSubmitted: z.boolean(),
  savesCount: z.number().int(),
  ip: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number(),
  late: z.boolean(),
});
export type AttemptLogRow = z.infer<typeof AttemptLogRowSchema>;
export const AttemptLogPageSchema = pageOf(AttemptLogRowSchema);
export type AttemptLogPage = z.infer<typeof AttemptLogPageSchema>;
