import type { Question, QuestionDetail } from '@lyceum/contract';
import { excerpt } from '@lyceum/contract/constants';
import { displayName, raiseEvent } from '#lib/events.js';
import { forbidden, notFound } from '#lib/errors.js';
import type { ForumContext } from './context.js';
import * as repo from './repository.js';
import { assertCanPost, FORUM_MESSAGES, type ForumViewer, type QuestionInput } from './rules.js';

/** Asking: a question posted, edited and deleted by its author (deleted by an admin too), one answer accepted. */
export function createAsking({ db, changed, requireQuestion, getQuestionDetail }: ForumContext) {
  return {
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
