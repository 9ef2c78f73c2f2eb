import type { MyAnswer } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Anchor, Badge, Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheckFilled, IconMessages, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { LoadError } from '../../../components/load-error';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useMyAnswers } from '../api/get-my-answers';
import { useErrorToast } from '../hooks/use-error-toast';
import { AnswerEditor } from './answer-editor';
import { DeleteAnswerModal } from './delete-post-modals';
import { MyPostsSkeleton } from './my-questions';
import { PlainText } from './plain-text';

export interface MyAnswersProps {
  page: number;
  onPageChange: (page: number) => void;
}

/** The Answers tab: the viewer's answers with their question, its asker, the updated date; Edit and Delete. */
export function MyAnswers({ page, onPageChange }: MyAnswersProps) {
  const query = useMyAnswers(page);
  const [editing, setEditing] = useState<MyAnswer | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  useErrorToast(query.isError, MESSAGES.answerViewFailed, 'my-answers-failed');

  if (query.isPending) return <MyPostsSkeleton label="Loading your answers…" />;
  if (query.isError) {
    return (
      <LoadError
        title="Your answers could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  }
  const { items, total, pageSize } = query.data;
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <EmptyState
          variant="light"
          icon={<IconMessages size={28} aria-hidden />}
          title="You have not answered any questions yet"
          description="Help someone in the forum; your answers will be listed here."
        >
          <EmptyState.Actions>
            <Button component={Link} to={paths.forum.href()} variant="default">
              Go to the forum
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }

  return (
    <>
      <Stack gap="md" aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {items.map((answer) => (
          <Paper key={answer.id} component="article" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="sm">
              <Title order={2} fz="md" lh={1.4} style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={paths.forumDetails.href(answer.question.id)} inherit c="indigo.9">
                  {answer.question.question}
                </Anchor>
              </Title>
              <Group gap="sm" wrap="nowrap">
                <UserAvatar image={answer.asker.profileImage} size={32} />
                <Text size="sm" style={{ minWidth: 0 }}>
                  Asked by{' '}
                  <Text span fw={600}>
                    {answer.asker.username}
                  </Text>
                </Text>
              </Group>
              <PlainText size="sm">{answer.answer}</PlainText>
              <Group gap="sm">
                <Text size="xs" c="dimmed">
                  Updated <time dateTime={answer.updatedAt}>{formatDateTime(answer.updatedAt)}</time>
                </Text>
                {answer.accepted ? (
                  <Badge
                    size="sm"
                    color="teal.9"
                    variant="filled"
                    leftSection={<IconCircleCheckFilled size={12} aria-hidden />}
                  >
                    Accepted answer
                  </Badge>
                ) : null}
              </Group>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  aria-label={`Edit your answer to: ${answer.question.question}`}
                  onClick={() => setEditing(answer)}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  c="red.8"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={`Delete your answer to: ${answer.question.question}`}
                  onClick={() => setDeleting(answer.id)}
                >
                  Delete
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ListPagination
        page={page}
        pageSize={pageSize}
        total={total}
        onChange={onPageChange}
        label="Pages of your answers"
      />
      <AnswerEditor answer={editing} onClose={() => setEditing(null)} />
      <DeleteAnswerModal id={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
