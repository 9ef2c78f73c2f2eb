import type { QuestionContent, QuestionFeedback, QuestionType } from '@lyceum/contract';
import {
  ASSESSMENT_KINDS,
  ATTEMPT_STATUSES,
  COMPLETION_RULES,
  COUNTING_RULES,
  QUESTION_LAYOUTS,
  ANSWER_RELEASE_POLICIES,
  RELEASE_POLICIES,
} from '@lyceum/contract/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.js';
import { bytea, courseItems } from './curriculum.js';
import { timestamps, users } from './users.js';

/**
 * A course's question bank (docs/decisions/016-question-model.md). `body` and `key` are validated by the
 * type's contract schema on every write; `version` counts edits for optimistic concurrency (409 on a stale one).
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    type: text('type').$type<QuestionType>().notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    prompt: text('prompt').notNull().default(''),
    body: jsonb('body').$type<QuestionContent['body']>().notNull(),
    key: jsonb('key').$type<QuestionContent['key']>().notNull(),
    points: numeric('points', { precision: 8, scale: 2, mode: 'number' }).notNull().default(1),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hint: text('hint').notNull().default(''),
    feedback: jsonb('feedback').$type<QuestionFeedback>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('questions_course_updated_idx').on(t.courseId, t.updatedAt, t.id),
    index('questions_course_type_idx').on(t.courseId, t.type, t.updatedAt),
    index('questions_tags_idx').using('gin', t.tags),
    check(
      'questions_type_check',
      sql`${t.type} in ('multiple_choice', 'true_false', 'fill_blank', 'short_answer', 'essay', 'matching', 'ordering', 'numeric', 'task', 'description')`,
    ),
    check('questions_points_check', sql`${t.points} >= 0`),
    // A description asks nothing and is worth nothing (ADR 051).
    check('questions_description_points_check', sql`${t.type} <> 'description' or ${t.points} = 0`),
  ],
);

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An assessment: the settings of a course item of kind 'assessment' (1:1, same id). Dates are timestamptz
 * (docs/decisions/025-assessments-and-attempts.md); the learner's window comes from learnerWindow().
 */
export const assessments = pgTable(
  'assessments',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ASSESSMENT_KINDS }).notNull().default('quiz'),
    /** Sanitised HTML. */
    instructions: text('instructions').notNull().default(''),
    points: numeric('points', { precision: 8, scale: 2, mode: 'number' }).notNull().default(100),
    passingPercent: numeric('passing_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(50),
    timeLimitMinutes: integer('time_limit_minutes'),
    /** null = unlimited. */
    attemptsAllowed: integer('attempts_allowed').default(1),
    countingRule: text('counting_rule', { enum: COUNTING_RULES }).notNull().default('highest'),
    opensAt: tstz('opens_at'),
    dueAt: tstz('due_at'),
    closesAt: tstz('closes_at'),
    latePenaltyPercentPerDay: numeric('late_penalty_percent_per_day', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleChoices: boolean('shuffle_choices').notNull().default(false),
    layout: text('layout', { enum: QUESTION_LAYOUTS }).notNull().default('all'),
    releaseScore: text('release_score', { enum: RELEASE_POLICIES }).notNull().default('immediately'),
    // The column's default is the old one (no migration); a new assessment takes the contract's (ADR 046).
    releaseAnswers: text('release_answers', { enum: ANSWER_RELEASE_POLICIES }).notNull().default('after_due'),
    releaseFeedback: text('release_feedback', { enum: RELEASE_POLICIES }).notNull().default('immediately'),
    /** When the teacher released what the "manual" policies hold back. */
    releasedAt: tstz('released_at'),
    /** Graders see a label per attempt, not the learner, until the score is released (issue 17, ADR 032). */
    anonymousGrading: boolean('anonymous_grading').notNull().default(false),
    /** The last anonymous number handed to an attempt of this assessment (attempts.anon_number, set by a trigger). */
    anonCounter: integer('anon_counter').notNull().default(0),
    requiredForCompletion: text('required_for_completion', { enum: COMPLETION_RULES }).notNull().default('submitted'),
    /** scrypt hash of the access password (lib/passwords), null = none. */
    passwordHash: text('password_hash'),
    ...timestamps,
  },
  (t) => [
    index('assessments_course_idx').on(t.courseId),
    check('assessments_kind_check', sql`${t.kind} in ('quiz', 'exam', 'assignment')`),
    check('assessments_points_check', sql`${t.points} >= 0`),
    check('assessments_passing_check', sql`${t.passingPercent} between 0 and 100`),
    check('assessments_penalty_check', sql`${t.latePenaltyPercentPerDay} between 0 and 100`),
    check('assessments_limit_check', sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} > 0`),
    check('assessments_attempts_check', sql`${t.attemptsAllowed} is null or ${t.attemptsAllowed} > 0`),
  ],
);

/** A part of an assessment, in order: fixed question ids, or `draw_count` questions drawn from `draw_tag`. */
export const assessmentParts = pgTable(
  'assessment_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.itemId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mode: text('mode', { enum: ['fixed', 'draw'] }).notNull(),
    questionIds: uuid('question_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    drawTag: text('draw_tag'),
    drawCount: integer('draw_count'),
  },
  (t) => [
    index('assessment_parts_assessment_idx').on(t.assessmentId, t.position),
    check(
      'assessment_parts_mode_check',
      sql`(${t.mode} = 'fixed') or (${t.mode} = 'draw' and ${t.drawTag} is not null and ${t.drawCount} > 0)`,
    ),
  ],
);

/**
 * One learner's attempt. `question_ids` are the questions it got (drawn once at start, in the order served);
 * `seed` shuffles choices/items per attempt, deterministically. At most one attempt in progress per learner
 * and assessment, and numbers are unique: both enforced by indexes, so concurrent starts make one attempt.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.itemId, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ATTEMPT_STATUSES }).notNull().default('in_progress'),
    startedAt: tstz('started_at').notNull(),
    /** start + time limit, capped by the close date; null = no deadline. */
    deadlineAt: tstz('deadline_at'),
    submittedAt: tstz('submitted_at'),
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    questionIds: uuid('question_ids').array().notNull(),
    seed: integer('seed').notNull(),
    savesCount: integer('saves_count').notNull().default(0),
    /**
     * Per question id, the client sequence number of the save applied last (ADR 059): a save carrying a number at
     * or below it (a resend, or an older save from another tab) is answered but not applied.
     */
    answerSeqs: jsonb('answer_seqs').$type<Record<string, number>>().notNull().default({}),
    ip: text('ip'),
    /** Earned question points (auto + manual), their maximum, and the score on the assessment's points after any late penalty. */
    rawScore: numeric('raw_score', { precision: 10, scale: 2, mode: 'number' }),
    maxScore: numeric('max_score', { precision: 10, scale: 2, mode: 'number' }),
    penaltyPercent: numeric('penalty_percent', { precision: 5, scale: 2, mode: 'number' }),
    score: numeric('score', { precision: 10, scale: 2, mode: 'number' }),
    late: boolean('late').notNull().default(false),
    /** "Student 7" in anonymous grading: 1, 2, 3… per assessment in the order attempts start (a trigger sets it). */
    anonNumber: integer('anon_number'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attempts_number_key').on(t.assessmentId, t.studentId, t.number),
    uniqueIndex('attempts_one_open_key')
      .on(t.assessmentId, t.studentId)
      .where(sql`status = 'in_progress'`),
    index('attempts_student_idx').on(t.studentId, t.startedAt, t.id),
    index('attempts_assessment_idx').on(t.assessmentId, t.startedAt, t.id),
    // A learner's first submission of an assessment (the class assignments' done / late counts): one probe.
    index('attempts_first_submitted_idx')
      .on(t.assessmentId, t.studentId, t.submittedAt)
      .where(sql`status <> 'in_progress'`),
    index('attempts_overdue_idx')
      .on(t.deadlineAt)
      .where(sql`status = 'in_progress'`),
    check('attempts_status_check', sql`${t.status} in ('in_progress', 'submitted', 'needs_grading', 'graded')`),
  ],
);

/** A saved answer of an attempt: one row per (attempt, question); `version` counts saves of it. */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** The bank refuses to delete a question with answers (409); a course's deletion removes both. */
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    response: jsonb('response').notNull(),
    autoScore: numeric('auto_score', { precision: 8, scale: 2, mode: 'number' }),
    manualScore: numeric('manual_score', { precision: 8, scale: 2, mode: 'number' }),
    /** The grader's comment (manual grading). */
    feedback: text('feedback').notNull().default(''),
    graderId: uuid('grader_id').references(() => users.id, { onDelete: 'set null' }),
    needsManual: boolean('needs_manual').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index('attempt_answers_question_idx').on(t.questionId),
    // The grading inbox's pending answers (ADR 019): small, whatever the number of answers ever given.
    index('attempt_answers_to_grade_idx')
      .on(t.attemptId, t.questionId)
      .where(sql`needs_manual and manual_score is null`),
  ],
);

/** Every regrade of an answer after an answer-key change: who, when, before and after. */
export const regradeLog = pgTable(
  'regrade_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    questionVersion: integer('question_version').notNull(),
    oldScore: numeric('old_score', { precision: 8, scale: 2, mode: 'number' }),
    newScore: numeric('new_score', { precision: 8, scale: 2, mode: 'number' }),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('regrade_log_attempt_idx').on(t.attemptId, t.createdAt)],
);

/**
 * Files a student handed in for a task question of an attempt (issue 16 point 2, ADR 025). The bytes are kept in
 * the database like lesson attachments (every app process reads the same store); `storage_key` is their random,
 * unguessable name, which download addresses use. The attempt's answer lists the ids in `response.files`.
 */
export const submissionFiles = pgTable(
  'submission_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The uploader's file name, cleaned; offered as the download name. */
    name: text('name').notNull(),
    /** The type identified from the bytes. */
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    data: bytea('data').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('submission_files_attempt_idx').on(t.attemptId, t.questionId, t.createdAt)],
);

/**
 * A GIFT import being written (issue 55, ADR 040): the parsed questions wait here while the `questions.import` job
 * writes them in small transactions; `written` and `created_ids` advance with each, so a retried job resumes where
 * the last commit left it and the teacher's screen shows the progress. The questions are cleared once written.
 */
export const questionImports = pgTable(
  'question_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull(),
    written: integer('written').notNull().default(0),
    /** The bank's create inputs, in file order; emptied once written. */
    questions: jsonb('questions').$type<unknown[]>().notNull(),
    /** What the preview showed: every question parsed (line, type, title, points, tags) and every part refused. */
    report: jsonb('report').$type<{ questions: unknown[]; refused: unknown[] }>().notNull(),
    createdIds: uuid('created_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('question_imports_course_idx').on(t.courseId),
    check('question_imports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
