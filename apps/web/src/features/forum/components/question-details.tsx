import type { Answer } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMessageCircleOff, IconMessageReply } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { SuccessModal } from '@/components/success-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { useQuestion } from '../api/get-question';
import { useErrorToast } from '../hooks/use-error-toast';
import { useForumViewer } from '../hooks/use-forum-viewer';
import { AnswerCard } from './answer-card';
import { DeletePostModal } from './delete-post-modal';
import { PlainText } from './plain-text';
import { PostActions } from './post-actions';
import { PostAuthor } from './post-author';
import { PostEditor } from './post-editor';
import { QuestionVote } from './post-vote';
import { ReplyForm } from './reply-form';
import { TagList } from './tag-list';

/** A bad or unknown id: nothing to retry. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * A question with its answers (spec §2 Forum details): votes, accepting, answering in a reply box,
 * editing and deleting one's own posts, and deleting any post as an admin.
 */
export function QuestionDetails({ id }: { id: string }) {
  const titleId = useId();
  const answersHeadingId = useId();
  const navigate = useNavigate();
  const viewer = useForumViewer();
  const query = useQuestion(id);
  const [replying, setReplying] = useState(false);
  const [answerPosted, setAnswerPosted] = useState(false);
  const answerButtonRef = useRef<HTMLButtonElement>(null);
  const [editingQuestion, setEditingQuestion] = useState(false);
  const [deletingQuestion, setDeletingQuestion] = useState(false);
  const [editingAnswer, setEditingAnswer] = useState<Answer | null>(null);
  const [deletingAnswer, setDeletingAnswer] = useState<string | null>(null);

  const missing = query.isError && isMissing(query.error);
  useErrorToast(query.isError && !missing, MESSAGES.forumDetailsFailed, 'forum-details-failed');
  usePageTitle(query.data?.question ?? 'Discussion');

  if (query.isPending) return <QuestionDetailsSkeleton />;
  if (missing) {
    return (
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <EmptyState
          variant="light"
          icon={<IconMessageCircleOff size={28} aria-hidden />}
          title={
            <Title order={1} fz="xl">
              This question does not exist
            </Title>
          }
          description="It may have been deleted by its author or a moderator."
        >
          <EmptyState.Actions>
            <Button component={Link} to={paths.forum.href()} variant="default">
              Browse the forum
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }
  if (query.isError) {
    return (
      <>
        <Title order={1} fz="xl" mb="md">
          Discussion
        </Title>
        <LoadError
          title="The question could not be loaded"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </LoadError>
      </>
    );
  }

  const question = query.data;
  const isAsker = viewer.isAuthor(question.author);
  const canDeleteQuestion = isAsker || viewer.isAdmin;
  const answerCount = question.answers.length;

  return (
    <>
      <Paper component="article" aria-labelledby={titleId} withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Group align="flex-start" wrap="nowrap" gap="md">
          <QuestionVote
            questionId={question.id}
            viewer={viewer}
            author={question.author}
            score={question.voteScore}
            myVote={question.myVote}
          />
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
            <Title order={1} id={titleId} fz={{ base: 22, sm: 28 }} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
              {question.question}
            </Title>
            <PostAuthor
              author={question.author}
              role={question.authorRole}
              date={question.createdAt}
              dateLabel="Asked"
              avatarSize={40}
            />
            <PlainText>{question.description}</PlainText>
            <TagList tags={question.tags} />
            {isAsker || canDeleteQuestion ? (
              <PostActions
                edit={isAsker ? { label: 'Edit this question', onClick: () => setEditingQuestion(true) } : undefined}
                remove={{ label: 'Delete this question', onClick: () => setDeletingQuestion(true) }}
              />
            ) : null}
          </Stack>
        </Group>
      </Paper>

      <section aria-labelledby={answersHeadingId}>
        <Group justify="space-between" align="center" mt="xl" mb="md">
          <Title order={2} fz="xl" id={answersHeadingId}>
            {formatCount(answerCount)} {answerCount === 1 ? 'Answer' : 'Answers'}
          </Title>
          {viewer.canPost && !replying ? (
            <Button
              ref={answerButtonRef}
              leftSection={<IconMessageReply size={18} aria-hidden />}
              onClick={() => setReplying(true)}
            >
              Answer
            </Button>
          ) : null}
        </Group>
        {replying ? (
          <Stack mb="lg">
            <ReplyForm
              questionId={question.id}
              onCancel={() => setReplying(false)}
              onPosted={() => {
                setReplying(false);
                setAnswerPosted(true);
              }}
            />
          </Stack>
        ) : null}
        {answerCount === 0 ? (
          <Text c="dimmed">
            No answers yet.{viewer.canPost && !replying ? ' Know the answer? Share it with the Answer button.' : ''}
          </Text>
        ) : (
          <Stack gap="md">
            {question.answers.map((answer) => (
              <AnswerCard
                key={answer.id}
                answer={answer}
                viewer={viewer}
                viewerIsAsker={isAsker}
                onEdit={setEditingAnswer}
                onDelete={(target) => setDeletingAnswer(target.id)}
              />
            ))}
          </Stack>
        )}
      </section>

      <PostEditor
        variant="question"
        post={editingQuestion ? question : null}
        onClose={() => setEditingQuestion(false)}
      />
      <DeletePostModal
        variant="question"
        id={deletingQuestion ? question.id : null}
        onClose={() => setDeletingQuestion(false)}
        onDeleted={() => void navigate(paths.forum.href(), { replace: true })}
      />
      <PostEditor variant="answer" post={editingAnswer} onClose={() => setEditingAnswer(null)} />
      <DeletePostModal variant="answer" id={deletingAnswer} onClose={() => setDeletingAnswer(null)} />
      <SuccessModal
        opened={answerPosted}
        title={MESSAGES.answerPostedTitle}
        message={MESSAGES.postedBody}
        onContinue={() => setAnswerPosted(false)}
        returnFocusRef={answerButtonRef}
      />
    </>
  );
}

function QuestionDetailsSkeleton() {
  return (
    <div role="status">
      <VisuallyHidden>Loading the question…</VisuallyHidden>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} aria-hidden>
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Stack gap={8} align="center">
            <Skeleton height={34} circle />
            <Skeleton height={16} width={20} />
            <Skeleton height={34} circle />
          </Stack>
          <Stack gap="md" style={{ flex: 1 }}>
            <Skeleton height={26} width="80%" />
            <Group gap="sm">
              <Skeleton height={40} circle />
              <Skeleton height={12} width={140} />
            </Group>
            <Skeleton height={12} />
            <Skeleton height={12} />
            <Skeleton height={12} width="70%" />
          </Stack>
        </Group>
      </Paper>
      <Skeleton height={22} width={120} mt="xl" mb="md" aria-hidden />
      <Paper withBorder radius="md" p="lg" aria-hidden>
        <Skeleton height={12} />
        <Skeleton height={12} mt="sm" width="60%" />
      </Paper>
    </div>
  );
}
