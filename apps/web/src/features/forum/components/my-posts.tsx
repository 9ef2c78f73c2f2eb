import type { MyAnswer, Question } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import {
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheckFilled, IconMessageQuestion, IconMessages } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { UserAvatar } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime } from '@/lib/format';
import { useMyAnswers } from '../api/get-my-answers';
import { useMyQuestions } from '../api/get-my-questions';
import { useErrorToast } from '../hooks/use-error-toast';
import { DeletePostModal } from './delete-post-modal';
import { PlainText } from './plain-text';
import { PostActions } from './post-actions';
import { PostEditor } from './post-editor';
import { TagList } from './tag-list';

/** What differs between the Questions and the Answers tab; loading, errors, the empty state and paging are shared. */
interface MyPostKind<Post extends { id: string }> {
  useMine: (page: number) => UseQueryResult<{ items: Post[]; total: number; pageSize: number }>;
  /** "questions" | "answers": "Loading your …", "Your … could not be loaded", "Pages of your …". */
  plural: string;
  failedToast: string;
  empty: { icon: ReactNode; title: string; description: string };
  /** The question the post belongs to: its title links to it. */
  question: (post: Post) => { id: string; question: string };
  details: (post: Post) => ReactNode;
  editLabel: (post: Post) => string;
  deleteLabel: (post: Post) => string;
  modals: (
    editing: Post | null,
    stopEditing: () => void,
    deleting: string | null,
    stopDeleting: () => void,
  ) => ReactNode;
}

const QUESTIONS: MyPostKind<Question> = {
  useMine: useMyQuestions,
  plural: 'questions',
  failedToast: MESSAGES.forumViewFailed,
  empty: {
    icon: <IconMessageQuestion size={28} aria-hidden />,
    title: 'You have not asked any questions yet',
    description: 'Ask the community in the forum; your questions will be listed here.',
  },
  question: (question) => question,
  details: (question) => (
    <>
      <TagList tags={question.tags} />
      <Text size="xs" c="dimmed">
        Asked <time dateTime={question.createdAt}>{formatDateTime(question.createdAt)}</time> ·{' '}
        {formatCount(question.answerCount)} {question.answerCount === 1 ? 'answer' : 'answers'} ·{' '}
        {formatCount(question.voteScore)} {question.voteScore === 1 ? 'vote' : 'votes'}
      </Text>
    </>
  ),
  editLabel: (question) => `Edit question: ${question.question}`,
  deleteLabel: (question) => `Delete question: ${question.question}`,
  modals: (editing, stopEditing, deleting, stopDeleting) => (
    <>
      <PostEditor variant="question" post={editing} onClose={stopEditing} />
      <DeletePostModal variant="question" id={deleting} onClose={stopDeleting} />
    </>
  ),
};

const ANSWERS: MyPostKind<MyAnswer> = {
  useMine: useMyAnswers,
  plural: 'answers',
  failedToast: MESSAGES.answerViewFailed,
  empty: {
    icon: <IconMessages size={28} aria-hidden />,
    title: 'You have not answered any questions yet',
    description: 'Help someone in the forum; your answers will be listed here.',
  },
  question: (answer) => answer.question,
  details: (answer) => (
    <>
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
    </>
  ),
  editLabel: (answer) => `Edit your answer to: ${answer.question.question}`,
  deleteLabel: (answer) => `Delete your answer to: ${answer.question.question}`,
  modals: (editing, stopEditing, deleting, stopDeleting) => (
    <>
      <PostEditor variant="answer" post={editing} onClose={stopEditing} />
      <DeletePostModal variant="answer" id={deleting} onClose={stopDeleting} />
    </>
  ),
};

export interface MyPostsProps {
  /** The Questions tab (the viewer's questions, each linking to its page) or the Answers tab (their answers with
   * their question, its asker and the updated date); Edit and Delete on each. */
  variant: 'questions' | 'answers';
  page: number;
  onPageChange: (page: number) => void;
}

/** One tab of "Questions & Answer": the viewer's own questions or answers, a page at a time. */
export function MyPosts({ variant, ...props }: MyPostsProps) {
  return variant === 'questions' ? (
    <MyPostList kind={QUESTIONS} {...props} />
  ) : (
    <MyPostList kind={ANSWERS} {...props} />
  );
}

function MyPostList<Post extends { id: string }>({
  kind,
  page,
  onPageChange,
}: Omit<MyPostsProps, 'variant'> & { kind: MyPostKind<Post> }) {
  const query = kind.useMine(page);
  const [editing, setEditing] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  useErrorToast(query.isError, kind.failedToast, `my-${kind.plural}-failed`);

  if (query.isPending) return <MyPostsSkeleton label={`Loading your ${kind.plural}…`} />;
  if (query.isError) {
    return (
      <LoadError
        title={`Your ${kind.plural} could not be loaded`}
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
          icon={kind.empty.icon}
          title={kind.empty.title}
          description={kind.empty.description}
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
        {items.map((post) => {
          const question = kind.question(post);
          return (
            <Paper key={post.id} component="article" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="sm">
                <Title order={2} fz="md" lh={1.4} style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={paths.forumDetails.href(question.id)} inherit c="indigo.9">
                    {question.question}
                  </Anchor>
                </Title>
                {kind.details(post)}
                <PostActions
                  edit={{ label: kind.editLabel(post), onClick: () => setEditing(post) }}
                  remove={{ label: kind.deleteLabel(post), onClick: () => setDeleting(post.id) }}
                />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <ListPagination
        page={page}
        pageSize={pageSize}
        total={total}
        onChange={onPageChange}
        label={`Pages of your ${kind.plural}`}
      />
      {kind.modals(
        editing,
        () => setEditing(null),
        deleting,
        () => setDeleting(null),
      )}
    </>
  );
}

function MyPostsSkeleton({ label }: { label: string }) {
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
