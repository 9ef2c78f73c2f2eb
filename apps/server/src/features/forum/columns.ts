import { DELETED_USER, type Answer, type PublicUser, type Question, type Role } from '@lyceum/contract';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { forumAnswers, forumQuestions, forumVotes, images, users } from '#db/schema/index.js';

/*
 * The pieces every forum query selects: qualified column references, the correlated sub-queries of counts and
 * scores (evaluated for the rows of one page only, index-backed: forum_votes_target_idx,
 * forum_answers_question_idx), the author columns, and the mappers from a row to a contract shape.
 */

export const askers = alias(users, 'asker');
export const askerImages = alias(images, 'asker_image');

/**
 * A column as "table"."column". Drizzle leaves columns unqualified in the select list of a one-table
 * query, which would make a correlated sub-query bind to its own table; qualifying them is explicit.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

export const questionIdRef = qualified(forumQuestions.id);
export const answerIdRef = qualified(forumAnswers.id);

/** The full-text document: the stored, GIN-indexed column (forum_questions_search_idx), never recomputed per row. */
export const searchDocument = qualified(forumQuestions.searchVector);

/** Counts stop here: above it a list says "10,000+" (totalIsLowerBound) and its pages stop at the cap. */
export const COUNT_CAP = 10_000;
/** A search counts (and pages) at most this many matches: "1,000+" above it. */
export const SEARCH_CAP = 1_000;
/** A similar-questions lookup ranks at most this many matches (the newest). */
export const SIMILAR_CANDIDATES = 500;

/* Sub-queries alias their own tables (v for votes, a for answers) so they never capture outer columns. */

export function scoreOf(targetId: SQL) {
  return sql<number>`coalesce((select sum(v.value) from ${forumVotes} v where v.target_id = ${targetId}), 0)::int`;
}

export function myVoteOf(targetId: SQL, viewerId: string | null) {
  if (!viewerId) return sql<number>`0`;
  return sql<number>`coalesce((select v.value from ${forumVotes} v where v.user_id = ${viewerId} and v.target_id = ${targetId}), 0)::int`;
}

/** Stored on the question, kept by the forum_answers trigger (migration 0005). */
export const answerCount = sql<number>`${qualified(forumQuestions.answerCount)}`;
/** The question's vote score, stored and kept by the forum_votes trigger (migration 0005). */
export const questionScore = sql<number>`${qualified(forumQuestions.score)}`;

export const isAccepted = sql<boolean>`coalesce(${qualified(forumQuestions.acceptedAnswerId)} = ${answerIdRef}, false)`;

// ---------------------------------------------------------------------------------------------
// Authors
// ---------------------------------------------------------------------------------------------

export interface AuthorColumns {
  authorId: string;
  authorRole: Role;
  authorUserId: string | null;
  authorFirstname: string | null;
  authorLastname: string | null;
  authorUsername: string | null;
  authorUserRole: Role | null;
  authorImage: string | null;
}

export const authorColumns = {
  authorUserId: users.id,
  authorFirstname: users.firstname,
  authorLastname: users.lastname,
  authorUsername: users.username,
  authorUserRole: users.role,
  authorImage: images.name,
};

/** The author as PublicUser; an author row that is gone renders as "Deleted user" (v1-api §2.5). */
export function authorOf(row: AuthorColumns): PublicUser {
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

export function voteOf(value: number): -1 | 0 | 1 {
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------------------------

export function questionColumns(viewerId: string | null) {
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

export type QuestionRow = AuthorColumns & {
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

export function toQuestion(row: QuestionRow): Question {
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

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export function answerColumns(viewerId: string | null) {
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

export type AnswerRow = AuthorColumns & {
  id: string;
  questionId: string;
  answer: string;
  createdAt: Date;
  updatedAt: Date;
  voteScore: number;
  myVote: number;
  accepted: boolean;
};

export function toAnswer(row: AnswerRow): Answer {
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
