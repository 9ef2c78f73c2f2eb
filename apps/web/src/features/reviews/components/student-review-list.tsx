import type { StudentReview } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Anchor, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessageStar, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { StarRating } from '@/components/star-rating';
import { paths } from '@/config/paths';
import { notifyError } from '@/lib/notify';
import { useStudentReviews } from '../api/get-student-reviews';
import { DeleteReviewModal } from './delete-review-modal';
import { EditReviewModal } from './edit-review-modal';
import { formatReviewDate, ReviewText, wasEdited } from './review-text';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { reviewsMessages as m } from '../messages';

/** One of the student's reviews: the course (linking to its page), the stars out of 5, the text, Edit and Delete. */
function StudentReviewCard({
  review,
  onEdit,
  onDelete,
}: {
  review: StudentReview;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  return (
    <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        <Title order={2} fz="lg" lh={1.35} style={{ overflowWrap: 'anywhere' }} dir="auto">
          <Anchor component={Link} to={paths.courseDetails.href(review.course.id)} inherit c="indigo.9">
            {review.course.title}
          </Anchor>
        </Title>
        <Group gap="xs">
          <StarRating value={review.rating} size={18} />
          <Text size="sm" c="dimmed" aria-hidden>
            {review.rating} / 5
          </Text>
        </Group>
        <ReviewText>{review.text}</ReviewText>
        <Group justify="space-between" align="center" gap="sm" mt={4}>
          <Text size="xs" c="dimmed">
            <FormattedMessage
              {...m.reviewedOn}
              values={{ date: () => <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time> }}
            />
            {wasEdited(review) ? intl.formatMessage(m.edited) : null}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={intl.formatMessage(m.editOf, { title: review.course.title })}
            >
              {intl.formatMessage(m.edit)}
            </Button>
            <Button
              size="xs"
              variant="default"
              c="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={intl.formatMessage(m.deleteOf, { title: review.course.title })}
            >
              {intl.formatMessage(m.delete)}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The student's reviews, newest first, with the edit and delete modals; both reload the list (spec §2, §4). */
export interface StudentReviewListProps {
  /** After a review was edited or deleted, e.g. to refresh the dashboard's counters. */
  onChange?: () => void;
}

export function StudentReviewList({ onChange }: StudentReviewListProps = {}) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const query = useStudentReviews(page);
  const [editing, setEditing] = useState<StudentReview | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const { data } = query;

  useEffect(() => {
    if (query.isError) notifyError(MESSAGES.viewReviewsFailed, 'view-reviews-failed');
  }, [query.isError]);

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={intl.formatMessage(m.loadingMine)}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={150} radius="md" />
        ))}
      </Stack>
    );
  }

  if (query.isError && !data) {
    return (
      <LoadError title={MESSAGES.viewReviewsFailed} onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {intl.formatMessage(m.mineListFailed)}
      </LoadError>
    );
  }

  if (!data || data.total === 0) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconMessageStar size={32} aria-hidden />}
          title={MESSAGES.emptyReviews}
          description={intl.formatMessage(m.emptyHint)}
        >
          <EmptyState.Actions>
            <Button component={Link} to={paths.courses.href()} variant="default">
              {intl.formatMessage(m.browse)}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }

  return (
    <>
      <Stack gap="md">
        {data.items.map((review) => (
          <StudentReviewCard
            key={review.id}
            review={review}
            onEdit={() => setEditing(review)}
            onDelete={() => setDeleting(review.id)}
          />
        ))}
      </Stack>
      <ListPagination
        page={page}
        pageSize={data.pageSize}
        total={data.total}
        onChange={setPage}
        label={intl.formatMessage(m.pages)}
      />
      <EditReviewModal review={editing} onClose={() => setEditing(null)} onUpdated={onChange} />
      <DeleteReviewModal
        reviewId={deleting}
        onClose={() => setDeleting(null)}
        // The last review of a later page is gone: show the page before it.
        onDeleted={() => {
          if (data.items.length === 1 && page > 1) setPage(page - 1);
          onChange?.();
        }}
      />
    </>
  );
}
