import { ASSESSMENT_KINDS, ATTEMPT_STATUSES } from './constants/assessments.js';
import { DateTimeSchema, IdSchema } from './common.js';
import { SubmissionFileSchema } from './assessments.js';
import { RubricCriterionSchema, RubricScoreSchema } from './grading.js';
import { QuestionForTakingSchema } from './questions/index.js';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// A teacher opens one student's attempt (issue 54 point 8; docs/decisions/044-teacher-attempt-view.md):
// the answers as the student saw the questions, per-question scores, the key and feedback, the grader's comments,
// and the timing log the server keeps. For the course's teacher and admins only.
// ---------------------------------------------------------------------------------------------

export const TeacherAttemptParamsSchema = z.object({ id: IdSchema, itemId: IdSchema, attemptId: IdSchema });

export const ATTEMPT_EVENT_KINDS = ['started', 'saved', 'submitted', 'auto_submitted', 'graded', 'regraded'] as const;
export type AttemptEventKind = (typeof ATTEMPT_EVENT_KINDS)[number];

/**
 * One entry of an attempt's timing log, from what the server records: the start, the last save of each answer
 * (an answer keeps only its latest save time, and only until someone grades it), the submission (by the student
 * or by the server at the deadline), each grade a person gave and each regrade after a key change.
 */
export const AttemptEventSchema = z.object({
  at: DateTimeSchema,
  kind: z.enum(ATTEMPT_EVENT_KINDS),
  /** The question's number in the attempt (saves, grades, regrades); null for the attempt as a whole. */
  questionNumber: z.number().int().nullable(),
  /** Who graded or regraded; null for the student's own steps and for an account since deleted. */
  by: z.string().nullable(),
  /** Grades and regrades: the score before and after (null: ungraded). */
  oldScore: z.number().nullable(),
  newScore: z.number().nullable(),
});
export type AttemptEvent = z.infer<typeof AttemptEventSchema>;

/** One question of the attempt as the teacher sees it: the student's view of it, the answer, the key, the grade. */
export const TeacherAttemptQuestionSchema = z.object({
  number: z.number().int(),
  /** The teacher-only title of the bank question. */
  title: z.string(),
  /** As served to this student (choices in their shuffled order). */
  question: QuestionForTakingSchema,
  response: z.unknown().nullable(),
  /** The answer's last save, null when unanswered or when a grade was written over it since. */
  savedAt: DateTimeSchema.nullable(),
  files: z.array(SubmissionFileSchema),
  /** Points earned (a person's grade over the automatic one); null while the answer waits for a person. */
  score: z.number().nullable(),
  autoScore: z.number().nullable(),
  manualScore: z.number().nullable(),
  /** Graded by a person (an essay, a task, or an answer the automatic rules leave to the teacher). */
  manual: z.boolean(),
  needsGrading: z.boolean(),
  correctResponse: z.unknown().nullable(),
  blanksRight: z.array(z.boolean()).nullable(),
  feedback: z.object({
    general: z.string(),
    outcome: z.string(),
    choices: z.array(z.object({ choiceId: z.string(), text: z.string() })),
  }),
  /** The grader's comment (sanitised rich text). */
  comment: z.string(),
  /** The question's rubric, when it has one: what the grader scores by level. */
  rubric: z
    .object({ id: IdSchema, title: z.string(), maxPoints: z.number(), criteria: z.array(RubricCriterionSchema) })
    .nullable(),
  rubricScore: RubricScoreSchema.nullable(),
  gradedBy: z.string().nullable(),
  /** The answer's version, for PUT /api/attempts/:id/answers/:questionId/grade; null when unanswered. */
  version: z.number().int().nullable(),
});
export type TeacherAttemptQuestion = z.infer<typeof TeacherAttemptQuestionSchema>;

/** GET /api/courses/:id/assessments/:itemId/attempts/:attemptId — one attempt with everything, for its teacher. */
export const TeacherAttemptSchema = z.object({
  id: IdSchema,
  assessmentId: IdSchema,
  courseId: IdSchema,
  title: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  number: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  /** Anonymous grading before the release: the attempt log's label, no id, no email and no IP. */
  student: z.object({ id: IdSchema.nullable(), name: z.string(), email: z.string(), anonymous: z.boolean() }),
  startedAt: DateTimeSchema,
  deadlineAt: DateTimeSchema.nullable(),
  submittedAt: DateTimeSchema.nullable(),
  autoSubmitted: z.boolean(),
  savesCount: z.number().int(),
  ip: z.string().nullable(),
  /** On the assessment's scale (its points), after any late penalty; null before submission. */
  score: z.number().nullable(),
  maxScore: z.number(),
  late: z.boolean(),
  penaltyPercent: z.number().nullable(),
  questions: z.array(TeacherAttemptQuestionSchema),
  /** Oldest first. */
  events: z.array(AttemptEventSchema),
});
export type TeacherAttempt = z.infer<typeof TeacherAttemptSchema>;
