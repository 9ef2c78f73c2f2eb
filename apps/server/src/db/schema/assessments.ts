import type { QuestionContent, QuestionFeedback, QuestionType } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses.js';
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
      sql`${t.type} in ('multiple_choice', 'true_false', 'fill_blank', 'short_answer', 'essay', 'matching', 'ordering', 'numeric')`,
    ),
    check('questions_points_check', sql`${t.points} >= 0`),
  ],
);
