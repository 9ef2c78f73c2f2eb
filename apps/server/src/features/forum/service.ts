import {
  SIMILAR_MIN_WORDS,
  type Answer,
  type HotQuestion,
  type ListQuestionsInput,
  type MyAnswer,
  type PageQuery,
  type Question,
  type QuestionDetail,
  type Role,
  type SimilarQuestion,
  type VoteResult,
  type VoteValue,
} from '@lyceum/contract';
import { excerpt } from '@lyceum/contract/constants';
import type { Db } from '#db/client.js';
import { displayName, personName, raiseEvent } from '#lib/events.js';
import { badRequest, forbidden, notFound } from '#lib/errors.js';
import { topics, type InvalidationBus } from '#lib/invalidation.js';
import * as repo from './repository.js';
import { pageResult, type Page } from '#lib/pages.js';

/** Who is asking: the session user on authenticated routes, null for anonymous reads. */
export interface ForumViewer {
  id: string;
  role: Role;
}

/** Validated, normalised question fields (tags already normalised by the contract). */
export interface QuestionInput {
  question: string;
  description: string;
  tags: string[];
}

/** Where the v1 API names a question next to an answer, the answer must belong to it. */
export interface InQuestion {
  questionId?: string;
}

export const FORUM_MESSAGES = {
  questionNotFound: 'Question not found',
  answerNotFound: 'Answer not found',
  notYourQuestion: 'Forbidden: not your question',
  notYourAnswer: 'Forbidden: not your answer',
  postersOnly: 'Forbidden: students, teachers only',
  ownVote: 'You cannot vote on your own post',
  onlyAskerAccepts: 'Forbidden: only the asker can accept an answer',
} as const;

/** Students and teachers write; admins moderate (delete) but cannot post, since v1 cannot show an admin author. */
const POSTING_ROLES: readonly Role[] = ['student', 'teacher'];

function assertCanPost(user: ForumViewer): void {
  if (!POSTING_ROLES.includes(user.role)) throw forbidden(FORUM_MESSAGES.postersOnly);
}

/** The words of a draft question: letters and digits only, so they are safe to join into a tsquery. */
export function draftWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}

/**
 * The forum's rules and reads. Every function takes already-validated input and the caller, and
 * answers contract shapes, so the /api routes and the v1 adapters share it.
 */
export function createForumService(db: Db, { invalidation }: { invalidation?: InvalidationBus } = {}) {
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

  /** A page of questions; `sort: 'unanswered'` keeps only questions without answers, newest first. */
  async function listQuestions(
    query: ListQuestionsInput & { authorId?: string; answeredBy?: string },
    viewer: ForumViewer | null,
  ): Promise<Page<Question>> {
    const { page, pageSize } = query;
    const { items, total, totalIsLowerBound } = await repo.listQuestions(db, {
      filter: {
        q: query.q || undefined,
        tag: query.tag || undefined,
        unanswered: query.sort === 'unanswered',
        authorId: query.authorId,
        answeredBy: query.answeredBy,
      },
      order: query.sort === 'votes' ? 'votes' : 'newest',
      limit: pageSize,
      offset: (page - 1) * pageSize,
      viewerId: viewer?.id ?? null,
    });
    return pageResult(items, { page, pageSize }, total, totalIsLowerBound);
  }

  /** A question with all its answers (accepted first, then oldest first). */
  async function getQuestionDetail(id: string, viewer: ForumViewer | null): Promise<QuestionDetail> {
    const question = await requireQuestion(id, viewer);
    const answers = await repo.answersOfQuestions(db, [id], viewer?.id ?? null);
    return { ...question, answers: answers.get(id) ?? [] };
  }

  return {
    listQuestions,

    /** The caller's own questions, newest first. */
    async listMyQuestions(user: ForumViewer, page: PageQuery): Promise<Page<Question>> {
      return listQuestions({ ...page, sort: 'newest', authorId: user.id }, user);
    },

    /** The caller's own answers, newest first, with their question and its asker. */
    async listMyAnswers(user: ForumViewer, { page, pageSize }: PageQuery): Promise<Page<MyAnswer>> {
      const { items, total } = await repo.listAnswersBy(db, {
        authorId: user.id,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return pageResult(items, { page, pageSize }, total);
    },

    hotQuestions(): Promise<HotQuestion[]> {
      return repo.hotQuestions(db);
    },

    /** Up to 5 look-alikes of a draft of 3 or more words; shorter drafts get none. */
    async similarQuestions(draft: string): Promise<SimilarQuestion[]> {
      if (draft.trim().split(/\s+/).filter(Boolean).length < SIMILAR_MIN_WORDS) return [];
      return repo.similarQuestions(db, draftWords(draft));
    },

    getQuestion: requireQuestion,

    /** The existing ones among these questions, in the order of `ids`; one query (for lists such as v1's). */
    async questionsByIds(ids: readonly string[], viewer: ForumViewer | null): Promise<Question[]> {
      const byId = new Map((await repo.findQuestions(db, ids, viewer?.id ?? null)).map((q) => [q.id, q]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    getQuestionDetail,

    /** Answers of many questions in one query (for lists that embed answers, such as v1's). */
    answersOfQuestions(questionIds: readonly string[], viewer: ForumViewer | null): Promise<Map<string, Answer[]>> {
      return repo.answersOfQuestions(db, questionIds, viewer?.id ?? null);
    },

    getAnswer: requireAnswer,

    async createQuestion(user: ForumViewer, input: QuestionInput): Promise<Question> {
      assertCanPost(user);
      const id = await repo.insertQuestion(db, { authorId: user.id, authorRole: user.role, ...input });
      changed(id);
      return requireQuestion(id, user);
    },

    /** Only the author edits (admins included: they may delete, not rewrite). */
    async updateQuestion(user: ForumViewer, id: string, changes: Partial<QuestionInput>): Promise<Question> {
      await db.transaction(async (tx) => {
        const question = await repo.lockQuestion(tx, id, 'update');
        if (!question) throw notFound(FORUM_MESSAGES.questionNotFound);
        if (question.authorId !== user.id) throw forbidden(FORUM_MESSAGES.notYourQuestion);
        const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
        if (Object.keys(values).length > 0) await repo.updateQuestion(tx, id, values);
      });
      changed(id);
      return requireQuestion(id, user);
    },

    /** The author or an admin; answers and all votes on the question and its answers go with it. */
    async deleteQuestion(user: ForumViewer, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const question = await repo.lockQuestion(tx, id, 'update');
        if (!question) throw notFound(FORUM_MESSAGES.questionNotFound);
        if (question.authorId !== user.id && user.role !== 'admin') throw forbidden(FORUM_MESSAGES.notYourQuestion);
        await repo.deleteQuestionCascade(tx, id);
      });
      changed(id);
    },

    /** One user may answer a question several times; each is a separate answer. */
    async createAnswer(user: ForumViewer, questionId: string, text: string): Promise<Answer> {
      assertCanPost(user);
      const answer = await db.transaction(async (tx) => {
        const question = await repo.lockQuestionToAnswer(tx, questionId, user.id);
        if (!question) throw notFound(FORUM_MESSAGES.questionNotFound);
        const added = await repo.insertAnswer(
          tx,
          { questionId, authorId: user.id, authorRole: user.role, answer: text },
          question,
        );
        if (question.authorId !== user.id) {
          await raiseEvent(tx, {
            type: 'forum.answer',
            recipients: [question.authorId],
            data: {
              questionId,
              questionTitle: excerpt(question.question, 120),
              authorName: personName(question.authorFirstname ?? '', question.authorLastname ?? ''),
              excerpt: excerpt(text),
            },
          });
        }
        return added;
      });
      changed(questionId);
      return answer;
    },

    async updateAnswer(user: ForumViewer, answerId: string, text: string, where: InQuestion = {}): Promise<Answer> {
      await db
        .transaction(async (tx) => {
          const answer = await lockAnswerIn(tx, answerId, where, 'update');
          if (answer.authorId !== user.id) throw forbidden(FORUM_MESSAGES.notYourAnswer);
          await repo.updateAnswerText(tx, answerId, text);
          return answer.questionId;
        })
        .then(changed);
      return requireAnswer(answerId, user);
    },

    /** The author or an admin; its votes go with it and it stops being the accepted answer. */
    async deleteAnswer(user: ForumViewer, answerId: string, where: InQuestion = {}): Promise<void> {
      await db
        .transaction(async (tx) => {
          const answer = await lockAnswerIn(tx, answerId, where, 'update');
          if (answer.authorId !== user.id && user.role !== 'admin') throw forbidden(FORUM_MESSAGES.notYourAnswer);
          await repo.deleteAnswerCascade(tx, answerId, answer.questionId);
          return answer.questionId;
        })
        .then(changed);
    },

    /** 1 / -1 casts or changes the caller's vote, 0 withdraws it; repeating a vote changes nothing. */
    async vote(
      user: ForumViewer,
      targetType: repo.VoteTarget,
      targetId: string,
      value: VoteValue,
    ): Promise<VoteResult> {
      const { result, questionId } = await db.transaction(async (tx) => {
        // The share lock keeps the target from being deleted under the vote (votes have no foreign key).
        const target =
          targetType === 'question'
            ? await repo.lockQuestion(tx, targetId, 'share')
            : await repo.lockAnswer(tx, targetId, 'share');
        if (!target) {
          throw notFound(targetType === 'question' ? FORUM_MESSAGES.questionNotFound : FORUM_MESSAGES.answerNotFound);
        }
        if (target.authorId === user.id) throw badRequest(FORUM_MESSAGES.ownVote);
        await repo.putVote(tx, { userId: user.id, targetId, targetType, value });
        const questionId = 'questionId' in target ? target.questionId : targetId;
        return { result: await repo.voteState(tx, targetId, user.id), questionId };
      });
      changed(questionId);
      return result;
    },

    /** Only the asker marks one of the question's answers as accepted, or clears it with null. */
    async acceptAnswer(user: ForumViewer, questionId: string, answerId: string | null): Promise<QuestionDetail> {
      await db.transaction(async (tx) => {
        const question = await repo.lockQuestion(tx, questionId, 'update');
        if (!question) throw notFound(FORUM_MESSAGES.questionNotFound);
        if (question.authorId !== user.id) throw forbidden(FORUM_MESSAGES.onlyAskerAccepts);
        if (answerId) {
          const answer = await repo.lockAnswer(tx, answerId, 'share');
          if (!answer || answer.questionId !== questionId) throw notFound(FORUM_MESSAGES.answerNotFound);
          if (answer.authorId !== user.id && question.acceptedAnswerId !== answerId) {
            await raiseEvent(tx, {
              type: 'forum.accepted',
              recipients: [answer.authorId],
              data: {
                questionId,
                questionTitle: excerpt(question.question, 120),
                askerName: await displayName(tx, user.id),
              },
            });
          }
        }
        await repo.setAcceptedAnswer(tx, questionId, answerId);
      });
      changed(questionId);
      return getQuestionDetail(questionId, user);
    },
  };
}

export type ForumService = ReturnType<typeof createForumService>;
