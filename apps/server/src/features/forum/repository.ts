import {
  DELETED_USER,
  HOT_LIMIT,
  HOT_WINDOW_HOURS,
  SIMILAR_LIMIT,
  type Answer,
  type AnsweredQuestion,
  type HotQuestion,
  type MyAnswer,
  type PublicUser,
  type Question,
  type Role,
  type SimilarQuestion,
} from '@lyceum/contract';
import { and, asc, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.js';
import { forumAnswers, forumQuestions, forumVotes, images, users } from '#db/schema/index.js';

/*
 * Every query of the forum. Counts and scores are correlated sub-queries evaluated for the rows of
 * one page only (index-backed: forum_votes_target_idx, forum_answers_question_idx), so a list is
 * one page query plus one count query, whatever the page size.
 */

export type VoteTarget = 'question' | 'answer';

const askers = alias(users, 'asker');
const askerImages = alias(images, 'asker_image');

/**
 * A column as "table"."column". Drizzle leaves columns unqualified in the select list of a one-table
 * query, which would make a correlated sub-query bind to its own table; qualifying them is explicit.
 */
function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

const questionIdRef = qualified(forumQuestions.id);
const answerIdRef = qualified(forumAnswers.id);

/** The full-text document: the stored, GIN-indexed column (forum_questions_search_idx), never recomputed per row. */
const searchDocument = qualified(forumQuestions.searchVector);

/** Counts stop here: above it a list says "10,000+" (totalIsLowerBound) and its pages stop at the cap. */
const COUNT_CAP = 10_000;
/** A search counts (and pages) at most this many matches: "1,000+" above it. */
const SEARCH_CAP = 1_000;
/** A similar-questions lookup ranks at most this many matches (the newest). */
const SIMILAR_CANDIDATES = 500;

/* Sub-queries alias their own tables (v for votes, a for answers) so they never capture outer columns. */

function scoreOf(targetId: SQL) {
  return sql<number>`coalesce((select sum(v.value) from ${forumVotes} v where v.target_id = ${targetId}), 0)::int`;
}

function myVoteOf(targetId: SQL, viewerId: string | null) {
  if (!viewerId) return sql<number>`0`;
  return sql<number>`coalesce((select v.value from ${forumVotes} v where v.user_id = ${viewerId} and v.target_id = ${targetId}), 0)::int`;
}

/** Stored on the question, kept by the forum_answers trigger (migration 0005). */
const answerCount = sql<number>`${qualified(forumQuestions.answerCount)}`;
/** The question's vote score, stored and kept by the forum_votes trigger (migration 0005). */
const questionScore = sql<number>`${qualified(forumQuestions.score)}`;

const isAccepted = sql<boolean>`coalesce(${qualified(forumQuestions.acceptedAnswerId)} = ${answerIdRef}, false)`;

// ---------------------------------------------------------------------------------------------
// Authors
// ---------------------------------------------------------------------------------------------

interface AuthorColumns {
  authorId: string;
  authorRole: Role;
  authorUserId: string | null;
  authorFirstname: string | null;
  authorLastname: string | null;
  authorUsername: string | null;
  authorUserRole: Role | null;
  authorImage: string | null;
}

const authorColumns = {
  authorUserId: users.id,
  authorFirstname: users.firstname,
  authorLastname: users.lastname,
  authorUsername: users.username,
  authorUserRole: users.role,
  authorImage: images.name,
};

/** The author as PublicUser; an author row that is gone renders as "Deleted user" (v1-api §2.5). */
function authorOf(row: AuthorColumns): PublicUser {
  if (!row.authorUserId) {
    return { id: row.authorId, ...DELETED_USER, profileImage: null, role: row.authorRole };
  }
  return {
    id: row.authorUserId,
    firstname: row.authorFirstname ?? '',
    lastname: row.authorLastname ?? '',
    username: row.authorUsername ?? '',
    profileImage: row.authorImage ?? null,
    role: row.authorUserRole ?? row.authorRole,
  };
}

function voteOf(value: number): -1 | 0 | 1 {
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------------------------

function questionColumns(viewerId: string | null) {
  return {
    id: forumQuestions.id,
    question: forumQuestions.question,
    description: forumQuestions.description,
    tags: forumQuestions.tags,
    authorId: forumQuestions.authorId,
    authorRole: forumQuestions.authorRole,
    acceptedAnswerId: forumQuestions.acceptedAnswerId,
    createdAt: forumQuestions.createdAt,
    updatedAt: forumQuestions.updatedAt,
    ...authorColumns,
    voteScore: questionScore,
    myVote: myVoteOf(questionIdRef, viewerId),
    answerCount,
  };
}

type QuestionRow = AuthorColumns & {
  id: string;
  question: string;
  description: string;
  tags: string[];
  acceptedAnswerId: string | null;
  createdAt: Date;
  updatedAt: Date;
  voteScore: number;
  myVote: number;
  answerCount: number;
};

function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    question: row.question,
    description: row.description,
    tags: row.tags,
    author: authorOf(row),
    authorRole: row.authorRole,
    voteScore: row.voteScore,
    myVote: voteOf(row.myVote),
    answerCount: row.answerCount,
    acceptedAnswerId: row.acceptedAnswerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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
  values: { authorId: string; authorRole: Role; question: string; description: string; tags: string[] },
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

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

function answerColumns(viewerId: string | null) {
  return {
    id: forumAnswers.id,
    questionId: forumAnswers.questionId,
    answer: forumAnswers.answer,
    authorId: forumAnswers.authorId,
    authorRole: forumAnswers.authorRole,
    createdAt: forumAnswers.createdAt,
    updatedAt: forumAnswers.updatedAt,
    ...authorColumns,
    voteScore: scoreOf(answerIdRef),
    myVote: myVoteOf(answerIdRef, viewerId),
    accepted: isAccepted,
  };
}

type AnswerRow = AuthorColumns & {
  id: string;
  questionId: string;
  answer: string;
  createdAt: Date;
  updatedAt: Date;
  voteScore: number;
  myVote: number;
  accepted: boolean;
};

function toAnswer(row: AnswerRow): Answer {
  return {
    id: row.id,
    questionId: row.questionId,
    answer: row.answer,
    author: authorOf(row),
    authorRole: row.authorRole,
    voteScore: row.voteScore,
    myVote: voteOf(row.myVote),
    accepted: row.accepted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The answers of several questions in one query: per question, the accepted one first, then oldest first. */
export async function answersOfQuestions(
  db: Db,
  questionIds: readonly string[],
  viewerId: string | null,
): Promise<Map<string, Answer[]>> {
  const byQuestion = new Map<string, Answer[]>(questionIds.map((id) => [id, []]));
  if (questionIds.length === 0) return byQuestion;
  const rows = await db
    .select(answerColumns(viewerId))
    .from(forumAnswers)
    .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
    .leftJoin(users, eq(users.id, forumAnswers.authorId))
    .leftJoin(images, eq(images.id, users.profileImageId))
    .where(inArray(forumAnswers.questionId, [...questionIds]))
    .orderBy(forumAnswers.questionId, desc(isAccepted), asc(forumAnswers.createdAt), asc(forumAnswers.id));
  for (const row of rows) byQuestion.get(row.questionId)?.push(toAnswer(row));
  return byQuestion;
}

export async function findAnswer(db: Db, id: string, viewerId: string | null): Promise<Answer | undefined> {
  const [row] = await db
    .select(answerColumns(viewerId))
    .from(forumAnswers)
    .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
    .leftJoin(users, eq(users.id, forumAnswers.authorId))
    .leftJoin(images, eq(images.id, users.profileImageId))
    .where(eq(forumAnswers.id, id))
    .limit(1);
  return row ? toAnswer(row) : undefined;
}

/** The answer's owner and question, locked for the rest of the transaction. */
export async function lockAnswer(
  db: Db,
  id: string,
  strength: 'update' | 'share',
): Promise<{ id: string; questionId: string; authorId: string } | undefined> {
  const [row] = await db
    .select({ id: forumAnswers.id, questionId: forumAnswers.questionId, authorId: forumAnswers.authorId })
    .from(forumAnswers)
    .where(eq(forumAnswers.id, id))
    .for(strength);
  return row;
}

/**
 * A question about to get an answer, locked as `lockQuestion(…, 'share')` locks it, with the answer's author (the
 * caller) read in the same statement: the new answer is told from them and its insert, with no read-back.
 */
export async function lockQuestionToAnswer(db: Db, id: string, authorId: string) {
  const [row] = await db
    .select({
      id: forumQuestions.id,
      authorId: forumQuestions.authorId,
      question: forumQuestions.question,
      ...authorColumns,
    })
    .from(forumQuestions)
    .leftJoin(users, eq(users.id, authorId))
    .leftJoin(images, eq(images.id, users.profileImageId))
    .where(eq(forumQuestions.id, id))
    .for('key share', { of: forumQuestions });
  return row;
}

/** Adds an answer and answers it as `findAnswer` would read it back: no votes yet, not accepted. */
export async function insertAnswer(
  db: Db,
  values: { questionId: string; authorId: string; authorRole: Role; answer: string },
  author: Omit<AuthorColumns, 'authorId' | 'authorRole'>,
): Promise<Answer> {
  const [row] = await db
    .insert(forumAnswers)
    .values(values)
    .returning({ id: forumAnswers.id, createdAt: forumAnswers.createdAt, updatedAt: forumAnswers.updatedAt });
  return toAnswer({ ...values, ...author, ...row!, voteScore: 0, myVote: 0, accepted: false });
}

export async function updateAnswerText(db: Db, id: string, answer: string): Promise<void> {
  await db.update(forumAnswers).set({ answer }).where(eq(forumAnswers.id, id));
}

/** Deletes an answer and its votes, and clears it as its question's accepted answer. */
export async function deleteAnswerCascade(db: Db, id: string, questionId: string): Promise<void> {
  await db.delete(forumAnswers).where(eq(forumAnswers.id, id));
  await db.delete(forumVotes).where(eq(forumVotes.targetId, id));
  await db
    .update(forumQuestions)
    .set({ acceptedAnswerId: null, updatedAt: sql`${forumQuestions.updatedAt}` })
    .where(and(eq(forumQuestions.id, questionId), eq(forumQuestions.acceptedAnswerId, id)));
}

/** The caller's answers, newest first, each with its question and the asker. */
export async function listAnswersBy(
  db: Db,
  options: { authorId: string; limit: number; offset: number },
): Promise<{ items: MyAnswer[]; total: number }> {
  const where = eq(forumAnswers.authorId, options.authorId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...answerColumns(options.authorId),
        questionTitle: forumQuestions.question,
        questionTags: forumQuestions.tags,
        questionUpdatedAt: forumQuestions.updatedAt,
        askerId: forumQuestions.authorId,
        askerRole: forumQuestions.authorRole,
        askerUserId: askers.id,
        askerFirstname: askers.firstname,
        askerLastname: askers.lastname,
        askerUsername: askers.username,
        askerUserRole: askers.role,
        askerImage: askerImages.name,
      })
      .from(forumAnswers)
      .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
      .leftJoin(users, eq(users.id, forumAnswers.authorId))
      .leftJoin(images, eq(images.id, users.profileImageId))
      .leftJoin(askers, eq(askers.id, forumQuestions.authorId))
      .leftJoin(askerImages, eq(askerImages.id, askers.profileImageId))
      .where(where)
      .orderBy(desc(forumAnswers.createdAt), desc(forumAnswers.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(forumAnswers)
      .where(where),
  ]);
  const items = rows.map((row): MyAnswer => {
    const question: AnsweredQuestion = {
      id: row.questionId,
      question: row.questionTitle,
      tags: row.questionTags,
      updatedAt: row.questionUpdatedAt.toISOString(),
    };
    const asker = authorOf({
      authorId: row.askerId,
      authorRole: row.askerRole,
      authorUserId: row.askerUserId,
      authorFirstname: row.askerFirstname,
      authorLastname: row.askerLastname,
      authorUsername: row.askerUsername,
      authorUserRole: row.askerUserRole,
      authorImage: row.askerImage,
    });
    return { ...toAnswer(row), question, asker };
  });
  return { items, total: counted?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Votes
// ---------------------------------------------------------------------------------------------

/** Casts, changes (1 / -1) or withdraws (0) a vote; the primary key makes concurrent repeats one row. */
export async function putVote(
  db: Db,
  vote: { userId: string; targetId: string; targetType: VoteTarget; value: -1 | 0 | 1 },
): Promise<void> {
  if (vote.value === 0) {
    await db.delete(forumVotes).where(and(eq(forumVotes.userId, vote.userId), eq(forumVotes.targetId, vote.targetId)));
    return;
  }
  await db
    .insert(forumVotes)
    .values({ userId: vote.userId, targetId: vote.targetId, targetType: vote.targetType, value: vote.value })
    .onConflictDoUpdate({
      target: [forumVotes.userId, forumVotes.targetId],
      set: { value: vote.value, updatedAt: sql`now()` },
    });
}

export async function voteState(
  db: Db,
  targetId: string,
  userId: string,
): Promise<{ voteScore: number; myVote: -1 | 0 | 1 }> {
  const [row] = await db
    .select({
      voteScore: scoreOf(sql`${targetId}::uuid`),
      myVote: myVoteOf(sql`${targetId}::uuid`, userId),
    })
    .from(sql`(select 1) as one`);
  return { voteScore: row?.voteScore ?? 0, myVote: voteOf(row?.myVote ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Hot and similar
// ---------------------------------------------------------------------------------------------

/**
 * Questions with the most activity in the last 24 hours: answers posted plus votes cast or changed
 * on the question and on its answers. Questions without activity in the window are left out.
 */
export async function hotQuestions(db: Db): Promise<HotQuestion[]> {
  const since = sql`now() - ${sql.raw(`interval '${HOT_WINDOW_HOURS} hours'`)}`;
  const activity = sql<number>`(
    (select count(*) from ${forumAnswers} a where a.question_id = ${questionIdRef} and a.created_at >= ${since})
    + (select count(*) from ${forumVotes} v where v.target_id = ${questionIdRef} and v.updated_at >= ${since})
    + (select count(*) from ${forumVotes} v join ${forumAnswers} a on a.id = v.target_id
        where a.question_id = ${questionIdRef} and v.updated_at >= ${since})
  )::int`;
  const active = sql`(
    select a.question_id from ${forumAnswers} a where a.created_at >= ${since}
    union
    select v.target_id from ${forumVotes} v where v.target_type = 'question' and v.updated_at >= ${since}
    union
    select a.question_id from ${forumVotes} v join ${forumAnswers} a on a.id = v.target_id
      where v.target_type = 'answer' and v.updated_at >= ${since}
  )`;
  const rows = await db
    .select({
      id: forumQuestions.id,
      question: forumQuestions.question,
      tags: forumQuestions.tags,
      createdAt: forumQuestions.createdAt,
      activity,
      answerCount,
      voteScore: questionScore,
    })
    .from(forumQuestions)
    .where(sql`${questionIdRef} in ${active}`)
    .orderBy(desc(activity), desc(forumQuestions.createdAt), desc(forumQuestions.id))
    .limit(HOT_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Up to 5 questions sharing the most words with a draft: any-word full-text match ranked by
 * ts_rank, then answered questions (accepted answer, then any answer) before unanswered ones.
 */
export async function similarQuestions(db: Db, words: readonly string[]): Promise<SimilarQuestion[]> {
  if (words.length === 0) return [];
  const query = sql`to_tsquery('english', ${words.join(' | ')})`;
  // Only the newest SIMILAR_CANDIDATES matches are ranked: an any-word query can match most of the forum.
  const candidates = db
    .select({ id: forumQuestions.id })
    .from(forumQuestions)
    .where(sql`${searchDocument} @@ ${query}`)
    .orderBy(sql`${qualified(forumQuestions.createdAt)} desc nulls last`, sql`${questionIdRef} desc nulls last`)
    .limit(SIMILAR_CANDIDATES);
  const rank = sql`ts_rank(${searchDocument}, ${query})`;
  const rows = await db
    .select({
      id: forumQuestions.id,
      question: forumQuestions.question,
      tags: forumQuestions.tags,
      createdAt: forumQuestions.createdAt,
      answerCount,
      hasAcceptedAnswer: sql<boolean>`${qualified(forumQuestions.acceptedAnswerId)} is not null`,
    })
    .from(forumQuestions)
    .where(inArray(forumQuestions.id, candidates))
    .orderBy(desc(rank), desc(forumQuestions.createdAt), desc(forumQuestions.id))
    .limit(SIMILAR_LIMIT);
  const answeredRank = (q: { answerCount: number; hasAcceptedAnswer: boolean }) =>
    q.hasAcceptedAnswer ? 2 : q.answerCount > 0 ? 1 : 0;
  // A stable sort keeps the text rank within each group.
  return rows
    .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
    .sort((a, b) => answeredRank(b) - answeredRank(a));
}
