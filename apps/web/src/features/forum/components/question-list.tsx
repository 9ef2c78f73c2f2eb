import { MESSAGES } from '@lyceum/contract/constants';
import { Button, EmptyState, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMessageQuestion, IconSearchOff } from '@tabler/icons-react';
import { useId } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { PastTheEnd, isPastTheEnd } from '@/components/past-the-end';
import { formatCount } from '@/lib/format';
import { useQuestions } from '../api/get-questions';
import type { QuestionListParams } from '../api/query-keys';
import { useErrorToast } from '../hooks/use-error-toast';
import { QuestionListItem } from './question-list-item';
import { QuestionListItemSkeleton } from './question-list-item-skeleton';

export interface QuestionListProps {
  params: QuestionListParams;
  onPageChange: (page: number) => void;
  /** Set when a search or tag narrows the list: the empty state then offers to clear them. */
  onClearFilters?: () => void;
}

/** The forum's questions: skeletons while loading, an error with a retry, an empty state, or the page of items. */
export function QuestionList({ params, onPageChange, onClearFilters }: QuestionListProps) {
  const headingId = useId();
  const query = useQuestions(params);
  useErrorToast(query.isError, MESSAGES.forumViewFailed, 'forum-list-failed');

  let content;
  if (query.isPending) {
    content = (
      <div role="status">
        <VisuallyHidden>Loading questions…</VisuallyHidden>
        <Stack gap="md">
          {Array.from({ length: 4 }, (_, index) => (
            <QuestionListItemSkeleton key={index} />
          ))}
        </Stack>
      </div>
    );
  } else if (query.isError) {
    content = (
      <LoadError
        title="The questions could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  } else if (isPastTheEnd(query.data)) {
    content = <PastTheEnd lastPage={query.data.lastPage} onGo={onPageChange} />;
  } else if (query.data.items.length === 0) {
    const filtered = Boolean(params.q || params.tag || params.sort === 'unanswered');
    content = (
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <EmptyState
          variant="light"
          icon={filtered ? <IconSearchOff size={28} aria-hidden /> : <IconMessageQuestion size={28} aria-hidden />}
          title={filtered ? 'No questions match' : 'No questions yet'}
          description={
            filtered
              ? 'Try other words, another tag or another order.'
              : 'Be the first to ask: the community is here to help.'
          }
        >
          {filtered && onClearFilters ? (
            <EmptyState.Actions>
              <Button variant="default" onClick={onClearFilters}>
                Clear search and filters
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      </Paper>
    );
  } else {
    const { items, total, page, pageSize } = query.data;
    content = (
      <>
        <Stack gap="md" aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((question) => (
            <QuestionListItem key={question.id} question={question} />
          ))}
        </Stack>
        <ListPagination page={page} pageSize={pageSize} total={total} onChange={onPageChange} label="Question pages" />
      </>
    );
  }

  const total = query.data?.total;
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden>
        <h2 id={headingId}>Questions</h2>
      </VisuallyHidden>
      <Text size="sm" c="dimmed" mb="sm" aria-live="polite" mih={22}>
        {total === undefined
          ? ''
          : `${formatCount(total)}${query.data?.totalIsLowerBound ? '+' : ''} ${total === 1 ? 'question' : 'questions'}`}
      </Text>
      {content}
    </section>
  );
}
