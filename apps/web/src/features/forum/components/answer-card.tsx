import type { Answer } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { IconCircleCheck, IconCircleCheckFilled } from '@tabler/icons-react';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useAcceptAnswer } from '../api/accept-answer';
import type { ForumViewer } from '../hooks/use-forum-viewer';
import { PlainText } from './plain-text';
import { PostActions } from './post-actions';
import { PostAuthor } from './post-author';
import { AnswerVote } from './post-vote';

export interface AnswerCardProps {
  answer: Answer;
  viewer: ForumViewer;
  /** The asker may accept one answer. */
  viewerIsAsker: boolean;
  onEdit: (answer: Answer) => void;
  onDelete: (answer: Answer) => void;
}

/** One answer: votes, author (teacher badge), date, text; the accepted one is marked; accept, edit, delete. */
export function AnswerCard({ answer, viewer, viewerIsAsker, onEdit, onDelete }: AnswerCardProps) {
  const accept = useAcceptAnswer();
  const isAuthor = viewer.isAuthor(answer.author);
  const canDelete = isAuthor || viewer.isAdmin;

  return (
    <Paper
      component="article"
      aria-label={`Answer by ${answer.author.username}${answer.accepted ? ', accepted' : ''}`}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      bg={answer.accepted ? 'teal.0' : undefined}
      style={answer.accepted ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <AnswerVote
          answerId={answer.id}
          questionId={answer.questionId}
          viewer={viewer}
          author={answer.author}
          score={answer.voteScore}
          myVote={answer.myVote}
        />
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <PostAuthor author={answer.author} role={answer.authorRole} date={answer.createdAt} dateLabel="Answered" />
            {answer.accepted ? (
              <Badge color="teal.9" variant="filled" leftSection={<IconCircleCheckFilled size={14} aria-hidden />}>
                Accepted answer
              </Badge>
            ) : null}
          </Group>
          <PlainText>{answer.answer}</PlainText>
          {viewerIsAsker || isAuthor || canDelete ? (
            <PostActions
              mt={4}
              edit={isAuthor ? { label: 'Edit this answer', onClick: () => onEdit(answer) } : undefined}
              remove={canDelete ? { label: 'Delete this answer', onClick: () => onDelete(answer) } : undefined}
            >
              {viewerIsAsker ? (
                <Button
                  size="xs"
                  variant="default"
                  c={answer.accepted ? 'teal.9' : undefined}
                  leftSection={<IconCircleCheck size={16} aria-hidden />}
                  loading={accept.isPending}
                  onClick={() =>
                    accept.mutate(
                      { questionId: answer.questionId, answerId: answer.accepted ? null : answer.id },
                      { onError: (error) => notifyError(toastMessageOf(error, MESSAGES.somethingWentWrong)) },
                    )
                  }
                >
                  {answer.accepted ? 'Unaccept' : 'Accept answer'}
                </Button>
              ) : null}
            </PostActions>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
