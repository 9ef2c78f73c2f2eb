import type { PublicUser, VoteValue } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useVoteOnAnswer } from '../api/vote-on-answer';
import { useVoteOnQuestion } from '../api/vote-on-question';
import type { ForumViewer } from '../hooks/use-forum-viewer';
import { VoteControl } from './vote-control';

export const OWN_POST_REASON = 'You cannot vote on your own post';
export const LOGGED_OUT_REASON = 'Log in to vote';

/** Why the viewer cannot vote on a post, or null. The server refuses the same cases. */
export function voteDisabledReason(viewer: ForumViewer, author: Pick<PublicUser, 'id'>): string | null {
  if (!viewer.user) return LOGGED_OUT_REASON;
  if (viewer.isAuthor(author)) return OWN_POST_REASON;
  return null;
}

interface PostVoteProps {
  viewer: ForumViewer;
  author: Pick<PublicUser, 'id'>;
  score: number;
  myVote: VoteValue;
}

export function QuestionVote({ questionId, ...props }: PostVoteProps & { questionId: string }) {
  const vote = useVoteOnQuestion();
  return (
    <VoteControl
      target="question"
      score={props.score}
      myVote={props.myVote}
      disabledReason={voteDisabledReason(props.viewer, props.author)}
      pending={vote.isPending}
      onVote={(value) =>
        vote.mutate(
          { questionId, value },
          { onError: (error) => notifyError(toastMessageOf(error, MESSAGES.somethingWentWrong)) },
        )
      }
    />
  );
}

export function AnswerVote({
  answerId,
  questionId,
  ...props
}: PostVoteProps & { answerId: string; questionId: string }) {
  const vote = useVoteOnAnswer();
  return (
    <VoteControl
      target="answer"
      score={props.score}
      myVote={props.myVote}
      disabledReason={voteDisabledReason(props.viewer, props.author)}
      pending={vote.isPending}
      onVote={(value) =>
        vote.mutate(
          { answerId, questionId, value },
          { onError: (error) => notifyError(toastMessageOf(error, MESSAGES.somethingWentWrong)) },
        )
      }
    />
  );
}
