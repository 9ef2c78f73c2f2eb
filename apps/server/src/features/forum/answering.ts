import type { Answer, VoteResult, VoteValue } from '@lyceum/contract';
import { excerpt } from '@lyceum/contract/constants';
import { personName, raiseEvent } from '#lib/events.js';
import { badRequest, forbidden, notFound } from '#lib/errors.js';
import type { ForumContext } from './context.js';
import * as repo from './repository.js';
import { assertCanPost, FORUM_MESSAGES, type ForumViewer, type InQuestion } from './rules.js';

/** Answering and voting: an answer posted, edited and deleted; a vote cast, changed or withdrawn. */
export function createAnswering({ db, changed, requireAnswer, lockAnswerIn }: ForumContext) {
  return {
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
  };
}
