import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users.js';

export const forumQuestions = pgTable(
  'forum_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The author's role when posting (spec §6: posts record the author's role). */
    authorRole: text('author_role', { enum: ['student', 'teacher', 'admin'] }).notNull(),
    question: text('question').notNull(),
    description: text('description').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    acceptedAnswerId: uuid('accepted_answer_id'),
    ...timestamps,
  },
  (t) => [
    index('forum_questions_created_idx').on(t.createdAt),
    index('forum_questions_author_idx').on(t.authorId),
    index('forum_questions_tags_idx').using('gin', t.tags),
    index('forum_questions_search_idx').using(
      'gin',
      sql`to_tsvector('english', ${t.question} || ' ' || ${t.description})`,
    ),
    check('forum_questions_tags_check', sql`coalesce(array_length(${t.tags}, 1), 0) <= 10`),
  ],
);

export const forumAnswers = pgTable(
  'forum_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => forumQuestions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: text('author_role', { enum: ['student', 'teacher', 'admin'] }).notNull(),
    answer: text('answer').notNull(),
    ...timestamps,
  },
  (t) => [
    index('forum_answers_question_idx').on(t.questionId, t.createdAt),
    index('forum_answers_author_idx').on(t.authorId),
  ],
);

/** One vote per user per question or answer; exactly one target is set. */
export const forumVotes = pgTable(
  'forum_votes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The question or answer id. */
    targetId: uuid('target_id').notNull(),
    targetType: text('target_type', { enum: ['question', 'answer'] }).notNull(),
    value: smallint('value').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetId] }),
    index('forum_votes_target_idx').on(t.targetId),
    check('forum_votes_value_check', sql`${t.value} in (-1, 1)`),
    check('forum_votes_target_type_check', sql`${t.targetType} in ('question', 'answer')`),
  ],
);
