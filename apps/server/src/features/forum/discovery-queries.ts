import { HOT_LIMIT, HOT_WINDOW_HOURS, SIMILAR_LIMIT, type HotQuestion, type SimilarQuestion } from '@lyceum/contract';
import { desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { forumAnswers, forumQuestions, forumVotes } from '#db/schema/index.js';
import { answerCount, qualified, questionIdRef, questionScore, searchDocument, SIMILAR_CANDIDATES } from './columns.js';

/* Finding questions beside the lists: the hot ones of the day and the look-alikes of a draft. */

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
