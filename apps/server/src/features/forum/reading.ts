import {
  SIMILAR_MIN_WORDS,
  type Answer,
  type HotQuestion,
  type ListQuestionsInput,
  type MyAnswer,
  type PageQuery,
  type Question,
  type SimilarQuestion,
} from '@lyceum/contract';
import { pageResult, type Page } from '#lib/pages.js';
import type { ForumContext } from './context.js';
import * as repo from './repository.js';
import { draftWords, type ForumViewer } from './rules.js';

/** Reading the forum: the lists (all, the caller's own), hot and similar questions, one question or answer. */
export function createForumReading({ db, requireQuestion, requireAnswer, getQuestionDetail }: ForumContext) {
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
  };
}
