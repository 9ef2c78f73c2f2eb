import type { Role } from '@lyceum/contract';
import { forbidden } from '#lib/errors.js';

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

/** The roles a post may record (the `author_role` column): never a guardian (issue 52), who cannot post. */
export type ForumAuthorRole = Exclude<Role, 'guardian'>;

export function assertCanPost<V extends ForumViewer>(user: V): asserts user is V & { role: ForumAuthorRole } {
  if (!POSTING_ROLES.includes(user.role)) throw forbidden(FORUM_MESSAGES.postersOnly);
}

/** The words of a draft question: letters and digits only, so they are safe to join into a tsquery. */
export function draftWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}
