import type { Question } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Anchor, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMessageQuestion, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../config/paths';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useMyQuestions } from '../api/get-my-questions';
import { useErrorToast } from '../hooks/use-error-toast';
import { DeleteQuestionModal } from './delete-post-modals';
import { QuestionEditor } from './question-editor';
import { TagList } from './tag-list';

export interface MyQuestionsProps {
  page: number;
  onPageChange: (page: number) => void;
}

/** The Questions tab: the viewer's questions, each linking to its page, with Edit and Delete. */
export function MyQuestions({ page, onPageChange }: MyQuestionsProps) {
  const query = useMyQuestions(page);
  const [editing, setEditing] = useState<Question | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  useErrorToast(query.isError, MESSAGES.forumViewFailed, 'my-questions-failed');

  if (query.isPending) return <MyPostsSkeleton label="Loading your questions…" />;
  if (query.isError) {
    return (
      <LoadError
        title="Your questions could not be loaded"
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
          icon={<IconMessageQuestion size={28} aria-hidden />}
          title="You have not asked any questions yet"
          description="Ask the community in the forum; your questions will be listed here."
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
        {items.map((question) => (
          <Paper key={question.id} component="article" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="sm">
              <Title order={2} fz="md" lh={1.4} style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={paths.forumDetails.href(question.id)} inherit c="indigo.9">
                  {question.question}
                </Anchor>
              </Title>
              <TagList tags={question.tags} />
              <Text size="xs" c="dimmed">
                Asked <time dateTime={question.createdAt}>{formatDateTime(question.createdAt)}</time> ·{' '}
                {formatCount(question.answerCount)} {question.answerCount === 1 ? 'answer' : 'answers'} ·{' '}
                {formatCount(question.voteScore)} {question.voteScore === 1 ? 'vote' : 'votes'}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  aria-label={`Edit question: ${question.question}`}
                  onClick={() => setEditing(question)}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  c="red.8"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={`Delete question: ${question.question}`}
                  onClick={() => setDeleting(question.id)}
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
        label="Pages of your questions"
      />
      <QuestionEditor question={editing} onClose={() => setEditing(null)} />
      <DeleteQuestionModal id={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export function MyPostsSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="md" aria-hidden>
        {Array.from({ length: 3 }, (_, index) => (
          <Paper key={index} withBorder radius="md" p="lg">
            <Skeleton height={16} width="70%" />
            <Group gap={6} mt="sm">
              <Skeleton height={18} width={56} radius="sm" />
              <Skeleton height={18} width={48} radius="sm" />
            </Group>
            <Skeleton height={10} width={220} mt="sm" />
          </Paper>
        ))}
      </Stack>
    </div>
  );
}
