import type { Answer, AnsweredQuestion, MyAnswer } from '@lyceum/contract';
import type { ForumAuthorRole } from './rules.js';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { forumAnswers, forumQuestions, forumVotes, images, users } from '#db/schema/index.js';
import {
  answerColumns,
  askerImages,
  askers,
  authorColumns,
  authorOf,
  isAccepted,
  myVoteOf,
  scoreOf,
  toAnswer,
  voteOf,
  type AuthorColumns,
} from './columns.js';

/** What a vote is cast on. */
export type VoteTarget = 'question' | 'answer';

/* The answers' statements (read, locked, written, the caller's own) and the votes'. */

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
  values: { questionId: string; authorId: string; authorRole: ForumAuthorRole; answer: string },
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
