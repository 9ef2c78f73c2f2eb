import type { Answer, Question, QuestionDetail } from '@lyceum/contract';
import type { Db } from '#db/client.js';
import { notFound } from '#lib/errors.js';
import { topics, type InvalidationBus } from '#lib/invalidation.js';
import * as repo from './repository.js';
import { FORUM_MESSAGES, type ForumViewer, type InQuestion } from './rules.js';

export type ForumContext = ReturnType<typeof createForumContext>;

/** What the forum's use cases share: the database, the cache invalidation, and the reads that answer 404. */
export function createForumContext(db: Db, { invalidation }: { invalidation?: InvalidationBus } = {}) {
  /** Tells the caches which question changed (its page, and the forum lists that show it). */
  const changed = (questionId: string) => invalidation?.publish(topics.question(questionId));

  async function requireQuestion(id: string, viewer: ForumViewer | null): Promise<Question> {
    const question = await repo.findQuestion(db, id, viewer?.id ?? null);
    if (!question) throw notFound(FORUM_MESSAGES.questionNotFound);
    return question;
  }

  async function requireAnswer(id: string, viewer: ForumViewer | null): Promise<Answer> {
    const answer = await repo.findAnswer(db, id, viewer?.id ?? null);
    if (!answer) throw notFound(FORUM_MESSAGES.answerNotFound);
    return answer;
  }

  /** Locks the answer and checks it exists (and, when asked, that it belongs to the named question). */
  async function lockAnswerIn(tx: Db, answerId: string, where: InQuestion, strength: 'update' | 'share') {
    if (where.questionId) {
      const question = await repo.lockQuestion(tx, where.questionId, 'share');
      if (!question) throw notFound(FORUM_MESSAGES.questionNotFound);
    }
    const answer = await repo.lockAnswer(tx, answerId, strength);
    if (!answer || (where.questionId && answer.questionId !== where.questionId)) {
      throw notFound(FORUM_MESSAGES.answerNotFound);
    }
    return answer;
  }

  /** A question with all its answers (accepted first, then oldest first). */
  async function getQuestionDetail(id: string, viewer: ForumViewer | null): Promise<QuestionDetail> {
    const question = await requireQuestion(id, viewer);
    const answers = await repo.answersOfQuestions(db, [id], viewer?.id ?? null);
    return { ...question, answers: answers.get(id) ?? [] };
  }

  return { db, changed, requireQuestion, requireAnswer, lockAnswerIn, getQuestionDetail };
}
