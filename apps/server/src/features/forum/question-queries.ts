import type { Question } from '@lyceum/contract';
import type { ForumAuthorRole } from './rules.js';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { forumAnswers, forumQuestions, forumVotes, images, users } from '#db/schema/index.js';
import {
  answerCount,
  COUNT_CAP,
  qualified,
  questionColumns,
  questionIdRef,
  questionScore,
  searchDocument,
  SEARCH_CAP,
  toQuestion,
} from './columns.js';

/*
 * The questions' statements: a page (one page query plus one count query, whatever the page size), by id, locked,
 * written and deleted.
 */

export interface QuestionFilter {
  /** Full-text search (web-search syntax) over question and description. */
  q?: string;
  /** A normalised tag the question must carry. */
  tag?: string;
  /** Only questions without any answer. */
  unanswered?: boolean;
  /** Only questions written by this user. */
  authorId?: string;
  /** Only questions this user has answered. */
  answeredBy?: string;
}

export type QuestionOrder = 'newest' | 'votes';

function questionWhere(filter: QuestionFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(sql`${searchDocument} @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.tag) conditions.push(sql`${forumQuestions.tags} @> array[${filter.tag}]::text[]`);
  if (filter.unanswered) {
    conditions.push(sql`${answerCount} = 0`);
  }
  if (filter.authorId) conditions.push(eq(forumQuestions.authorId, filter.authorId));
  if (filter.answeredBy) {
    conditions.push(
      sql`exists (select 1 from ${forumAnswers} a where a.question_id = ${questionIdRef} and a.author_id = ${filter.answeredBy})`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of questions and the count: two queries, whatever the page. The page's ids are chosen over the order's
 * index alone (forum_questions_newest_idx, _score_idx, _unanswered_idx; a search may use the GIN index on the
 * stored document) with an OFFSET bounded by COUNT_CAP, then only those ids are joined with their authors.
 */
export async function listQuestions(
  db: Db,
  options: { filter: QuestionFilter; order: QuestionOrder; limit: number; offset: number; viewerId: string | null },
): Promise<{ items: Question[]; total: number; totalIsLowerBound: boolean }> {
  const where = questionWhere(options.filter);
  const newest = [sql`${qualified(forumQuestions.createdAt)} desc nulls last`, sql`${questionIdRef} desc nulls last`];
  const order = options.order === 'votes' ? [sql`${questionScore} desc nulls last`, ...newest] : newest;
  const cap = options.filter.q ? SEARCH_CAP : COUNT_CAP;
  const limit = Math.max(0, Math.min(options.limit, cap - options.offset));
  const pageIds = db
    .select({ id: forumQuestions.id })
    .from(forumQuestions)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(Math.min(options.offset, cap));
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(forumQuestions)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [rows, [counted]] = await Promise.all([
    db
      .select(questionColumns(options.viewerId))
      .from(forumQuestions)
      .leftJoin(users, eq(users.id, forumQuestions.authorId))
      .leftJoin(images, eq(images.id, users.profileImageId))
      .where(inArray(forumQuestions.id, pageIds))
      .orderBy(...order),
    db.select({ total: sql<number>`count(*)::int` }).from(matches),
  ]);
  const n = counted?.total ?? 0;
  return { items: rows.map(toQuestion), total: Math.min(n, cap), totalIsLowerBound: n > cap };
}

export async function findQuestion(db: Db, id: string, viewerId: string | null): Promise<Question | undefined> {
  const [question] = await findQuestions(db, [id], viewerId);
  return question;
}

/** Questions by id, in no particular order; one query whatever the count. */
export async function findQuestions(db: Db, ids: readonly string[], viewerId: string | null): Promise<Question[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(questionColumns(viewerId))
    .from(forumQuestions)
    .leftJoin(users, eq(users.id, forumQuestions.authorId))
    .leftJoin(images, eq(images.id, users.profileImageId))
    .where(inArray(forumQuestions.id, [...ids]));
  return rows.map(toQuestion);
}

/**
 * The question's owner, locked for the rest of the transaction (`update` to change it, `share` to add to it).
 * `share` takes FOR KEY SHARE: it still keeps the question from being deleted, and it lets the answer and vote
 * triggers update the question's counters (FOR SHARE would deadlock two concurrent voters on those updates).
 */
export async function lockQuestion(
  db: Db,
  id: string,
  strength: 'update' | 'share',
): Promise<{ id: string; authorId: string; acceptedAnswerId: string | null; question: string } | undefined> {
  const [row] = await db
    .select({
      id: forumQuestions.id,
      authorId: forumQuestions.authorId,
      acceptedAnswerId: forumQuestions.acceptedAnswerId,
      question: forumQuestions.question,
    })
    .from(forumQuestions)
    .where(eq(forumQuestions.id, id))
    .for(strength === 'share' ? 'key share' : 'update');
  return row;
}

export async function insertQuestion(
  db: Db,
  values: { authorId: string; authorRole: ForumAuthorRole; question: string; description: string; tags: string[] },
): Promise<string> {
  const [row] = await db.insert(forumQuestions).values(values).returning({ id: forumQuestions.id });
  return row!.id;
}

export async function updateQuestion(
  db: Db,
  id: string,
  values: { question?: string; description?: string; tags?: string[] },
): Promise<void> {
  await db.update(forumQuestions).set(values).where(eq(forumQuestions.id, id));
}

/** Sets or clears the accepted answer without touching updatedAt (accepting is not an edit). */
export async function setAcceptedAnswer(db: Db, questionId: string, answerId: string | null): Promise<void> {
  await db
    .update(forumQuestions)
    .set({ acceptedAnswerId: answerId, updatedAt: sql`${forumQuestions.updatedAt}` })
    .where(eq(forumQuestions.id, questionId));
}

/**
 * Deletes a question, its answers, and every vote on them. Votes reference their target without a
 * foreign key (one table for two target types), so they are deleted here, in the caller's transaction.
 */
export async function deleteQuestionCascade(db: Db, id: string): Promise<void> {
  const answers = await db
    .delete(forumAnswers)
    .where(eq(forumAnswers.questionId, id))
    .returning({ id: forumAnswers.id });
  await db.delete(forumVotes).where(inArray(forumVotes.targetId, [id, ...answers.map((a) => a.id)]));
  await db.delete(forumQuestions).where(eq(forumQuestions.id, id));
}
