import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users.js';

/** A PostgreSQL full-text document; read only through SQL (`@@`). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** The full-text document, stored so that a search never recomputes it per row (GIN-indexed). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', question || ' ' || description)`,
    ),
    /** Denormalised, kept by triggers on forum_answers and forum_votes (migration 0005), whoever writes. */
    answerCount: integer('answer_count').notNull().default(0),
    score: integer('score').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // One index per list order, column for column its ORDER BY.
    index('forum_questions_newest_idx').on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast()),
    index('forum_questions_score_idx').on(
      t.score.desc().nullsLast(),
      t.createdAt.desc().nullsLast(),
      t.id.desc().nullsLast(),
    ),
    index('forum_questions_unanswered_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`answer_count = 0`),
    index('forum_questions_author_idx').on(t.authorId),
    index('forum_questions_tags_idx').using('gin', t.tags),
    index('forum_questions_search_idx').using('gin', t.searchVector),
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
