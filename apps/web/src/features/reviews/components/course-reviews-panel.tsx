import type { Review } from '@lyceum/contract';
import { Alert, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { StarRating } from '@/components/star-rating';
import { toastMessageOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCount } from '@/lib/format';
import { useCourseReviews } from '../api/get-course-reviews';
import { useMyCourseReview } from '../api/get-my-course-review';
import { CourseReviewItem, studentName } from './course-review-item';
import { DeleteReviewModal } from './delete-review-modal';
import { EditReviewModal } from './edit-review-modal';
import { RatingBreakdown } from './rating-breakdown';
import type { ReviewDraft } from './review-fields';
import { ReviewText } from './review-text';
import { WriteReviewForm } from './write-review-form';
import { useIntl } from '@/i18n/intl';
import { reviewsMessages as m } from '../messages';

export interface CourseReviewsPanelProps {
  courseId: string;
  /**
   * Called after the viewer added, edited or deleted their review, e.g. to refresh the course header's rating
   * (the panel refreshes its own summary and list).
   */
  onReviewsChange?: () => void;
}

/**
 * The Reviews tab of a course (spec §2): the real rating summary, "Write a review" for students enrolled in the
 * course (nobody else sees the form; the server enforces it too), and the reviews, newest first, ten at a time.
 */
export function CourseReviewsPanel({ courseId, onReviewsChange }: CourseReviewsPanelProps) {
  const intl = useIntl();
  const { state } = useAuth();
  const isStudent = state.user?.role === 'student';
  const isAdmin = state.user?.role === 'admin';
  const reviews = useCourseReviews(courseId);
  // Admins moderate: any review can be deleted from the course page, after a confirmation.
  const [moderating, setModerating] = useState<string | null>(null);
  // Shares its cache with StudentReviewBox: the section is "Your review" once the student has written one.
  const mine = useMyCourseReview(courseId);
  const summaryHeadingId = useId();
  const writeHeadingId = useId();
  const listHeadingId = useId();

  const firstPage = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const total = firstPage?.total ?? 0;

  return (
    <Stack gap="xl">
      <section aria-labelledby={summaryHeadingId}>
        <Title order={2} id={summaryHeadingId} fz="xl" mb="md">
          {intl.formatMessage(m.courseRating)}
        </Title>
        {reviews.isPending ? (
          <Skeleton h={96} radius="md" aria-hidden />
        ) : reviews.isError ? (
          <LoadError
            title={intl.formatMessage(m.loadFailed)}
            onRetry={() => void reviews.refetch()}
            retrying={reviews.isRefetching}
          >
            {toastMessageOf(reviews.error, intl.formatMessage(m.tryAgain))}
          </LoadError>
        ) : firstPage ? (
          <RatingBreakdown summary={firstPage.summary} />
        ) : null}
      </section>

      {isStudent ? (
        <section aria-labelledby={writeHeadingId}>
          <Title order={2} id={writeHeadingId} fz="xl" mb="md">
            {intl.formatMessage(mine.data?.review ? m.yourReview : m.writeReview)}
          </Title>
          <StudentReviewBox courseId={courseId} labelledBy={writeHeadingId} onChange={onReviewsChange} />
        </section>
      ) : null}

      {reviews.isSuccess && total > 0 ? (
        <section aria-labelledby={listHeadingId}>
          <Title order={2} id={listHeadingId} fz="xl" mb="md">
            {intl.formatMessage(m.listTitle, { count: formatCount(total) })}
          </Title>
          <Stack gap="lg">
            {items.map((review, index) => (
              <Stack key={review.id} gap="lg">
                {index > 0 ? <Divider /> : null}
                <CourseReviewItem
                  review={review}
                  actions={
                    isAdmin ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red.9"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={intl.formatMessage(m.deleteBy, { name: studentName(review.student) })}
                        onClick={() => setModerating(review.id)}
                      >
                        {intl.formatMessage(m.delete)}
                      </Button>
                    ) : undefined
                  }
                />
              </Stack>
            ))}
          </Stack>
          {isAdmin ? (
            <DeleteReviewModal reviewId={moderating} onClose={() => setModerating(null)} onDeleted={onReviewsChange} />
          ) : null}
          {reviews.hasNextPage ? (
            <Group justify="center" mt="xl">
              <Button
                variant="default"
                onClick={() => void reviews.fetchNextPage()}
                loading={reviews.isFetchingNextPage}
              >
                {intl.formatMessage(m.showMore)}
              </Button>
            </Group>
          ) : null}
        </section>
      ) : null}
    </Stack>
  );
}

interface StudentReviewBoxProps {
  courseId: string;
  labelledBy: string;
  onChange?: () => void;
}

/** A student's side of the tab: the form, or once they have reviewed the course, their review with Edit/Delete. */
function StudentReviewBox({ courseId, labelledBy, onChange }: StudentReviewBoxProps) {
  const intl = useIntl();
  const mine = useMyCourseReview(courseId);
  const [editing, setEditing] = useState<Review | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  // The draft of a submit that met an existing review (409): offered in the editor so nothing typed is lost.
  const [conflictDraft, setConflictDraft] = useState<ReviewDraft | null>(null);

  if (mine.isPending) return <Skeleton h={160} radius="md" aria-hidden />;
  if (mine.isError) {
    return (
      <LoadError
        title={intl.formatMessage(m.mineLoadFailed)}
        onRetry={() => void mine.refetch()}
        retrying={mine.isRefetching}
      >
        {toastMessageOf(mine.error, intl.formatMessage(m.tryAgain))}
      </LoadError>
    );
  }

  const own = mine.data.review;
  if (!own && !mine.data.enrolled) {
    // Only students enrolled in the course may review it (the server refuses the others with 403).
    return (
      <Text c="dimmed" size="sm">
        {intl.formatMessage(m.onlyEnrolled)}
      </Text>
    );
  }
  if (!own) {
    return (
      <WriteReviewForm courseId={courseId} labelledBy={labelledBy} onCreated={onChange} onConflict={setConflictDraft} />
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        {conflictDraft ? (
          <Alert color="yellow" variant="light" title={intl.formatMessage(m.alreadyReviewed)}>
            {intl.formatMessage(m.alreadyReviewedText)}
          </Alert>
        ) : (
          <Text fw={600}>{intl.formatMessage(m.youReviewed)}</Text>
        )}
        <StarRating value={own.rating} size={18} />
        <ReviewText size="sm">{own.text}</ReviewText>
        <Group gap="sm" mt="xs">
          <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(own)}>
            {intl.formatMessage(m.editYourReview)}
          </Button>
          <Button
            variant="default"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDeleting(own.id)}
          >
            {intl.formatMessage(m.delete)}
          </Button>
        </Group>
      </Stack>
      <EditReviewModal
        review={editing}
        initial={conflictDraft ?? undefined}
        onClose={() => setEditing(null)}
        onUpdated={() => {
          setConflictDraft(null);
          onChange?.();
        }}
      />
      <DeleteReviewModal
        reviewId={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setConflictDraft(null);
          onChange?.();
        }}
      />
    </Paper>
  );
}
