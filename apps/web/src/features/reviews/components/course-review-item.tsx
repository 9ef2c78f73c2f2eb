import type { Review } from '@lyceum/contract';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { StarRating } from '@/components/star-rating';
import { UserAvatar } from '@/components/user-avatar';
import { formatReviewDate, ReviewText, wasEdited } from './review-text';
import { useIntl } from '@/i18n/intl';
import { reviewsMessages as m } from '../messages';

export function studentName(student: Review['student']): string {
  return `${student.firstname} ${student.lastname}`.trim() || student.username;
}

/**
 * One review on a course: the student's picture and name, the stars, the date and the text (as text), and any
 * `actions` the viewer may take on it (an admin's Delete).
 */
export function CourseReviewItem({ review, actions }: { review: Review; actions?: ReactNode }) {
  const intl = useIntl();
  return (
    <Group
      component="article"
      align="flex-start"
      wrap="nowrap"
      gap="md"
      aria-label={intl.formatMessage(m.reviewBy, { name: studentName(review.student) })}
    >
      <UserAvatar image={review.student.profileImage} size={44} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} dir="auto">
            {studentName(review.student)}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
            {wasEdited(review) ? intl.formatMessage(m.edited) : null}
          </Text>
        </Group>
        <StarRating value={review.rating} size={15} />
        <ReviewText size="sm" mt={4}>
          {review.text}
        </ReviewText>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Stack>
    </Group>
  );
}
