import type { RubricCriterion, RubricSelections } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
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
import { assessments, attempts, questions } from './assessments.js';
import { courses } from './courses.js';
import { timestamps, users } from './users.js';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A teacher's comment bank (docs/decisions/032-grading.md): saved comments to insert while grading. */
export const commentBank = pgTable(
  'comment_bank',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    html: text('html').notNull(),
    ...timestamps,
  },
  (t) => [index('comment_bank_teacher_idx').on(t.teacherId, t.updatedAt, t.id)],
);

/**
 * A rubric of a course: criteria × levels with points (JSON, validated by the contract on every write), attached
 * to at most one essay question or one assignment, each of which has at most one rubric.
 */
export const rubrics = pgTable(
  'rubrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    criteria: jsonb('criteria').$type<RubricCriterion[]>().notNull(),
    maxPoints: numeric('max_points', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    assessmentId: uuid('assessment_id').references(() => assessments.itemId, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('rubrics_course_idx').on(t.courseId, t.updatedAt, t.id),
    uniqueIndex('rubrics_question_key')
      .on(t.questionId)
      .where(sql`question_id is not null`),
    uniqueIndex('rubrics_assessment_key')
      .on(t.assessmentId)
      .where(sql`assessment_id is not null`),
    check('rubrics_one_target_check', sql`${t.questionId} is null or ${t.assessmentId} is null`),
  ],
);

/** The rubric scoring of one answer (attempt, question): the level chosen per criterion and their total. */
export const answerRubricScores = pgTable(
  'answer_rubric_scores',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    rubricId: uuid('rubric_id')
      .notNull()
      .references(() => rubrics.id, { onDelete: 'cascade' }),
    selections: jsonb('selections').$type<RubricSelections>().notNull(),
    total: numeric('total', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    graderId: uuid('grader_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/**
 * Every manual grade given to an answer (the history behind "a released grade that changed"): score and comment
 * before and after, who and when.
 */
export const answerGradeLog = pgTable(
  'answer_grade_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    oldScore: numeric('old_score', { precision: 8, scale: 2, mode: 'number' }),
    newScore: numeric('new_score', { precision: 8, scale: 2, mode: 'number' }),
    graderId: uuid('grader_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('answer_grade_log_attempt_idx').on(t.attemptId, t.questionId, t.createdAt)],
);

/**
 * Gradebook overrides, as a history: each row sets (points) or clears (null) the override of one learner's cell;
 * the newest row per (assessment, student) is in force. The reason is required.
 */
export const gradeOverrides = pgTable(
  'grade_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.itemId, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: numeric('points', { precision: 10, scale: 2, mode: 'number' }),
    reason: text('reason').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('grade_overrides_cell_idx').on(t.assessmentId, t.studentId, t.createdAt),
    check('grade_overrides_points_check', sql`${t.points} is null or ${t.points} >= 0`),
  ],
);

/** The mistake notebook: an FSRS card per (student, question) the student got wrong (lib: features/grading/fsrs). */
export const mistakeCards = pgTable(
  'mistake_cards',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    due: tstz('due').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: text('state', { enum: ['new', 'learning', 'review', 'relearning'] }).notNull(),
    lastReview: tstz('last_review'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.questionId] }),
    index('mistake_cards_due_idx').on(t.studentId, t.due),
    check('mistake_cards_state_check', sql`${t.state} in ('new', 'learning', 'review', 'relearning')`),
  ],
);

/** Per course: the weight (percent) of each assessment kind in the course total; no row = points-weighted total. */
export const gradebookSettings = pgTable('gradebook_settings', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  weights: jsonb('weights').$type<Partial<Record<'quiz' | 'exam' | 'assignment', number>>>().notNull(),
  ...timestamps,
});
