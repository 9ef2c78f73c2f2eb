import { RATING, type CourseRating } from '@lyceum/contract';
import { Group, Text, type MantineSize } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { formatCount, formatRating } from '../lib/format';

const STAR_COLOR = 'var(--mantine-color-yellow-6)';

/** Five stars showing `value` to the nearest half; announced as "Rated 4.5 out of 5". */
export function StarRating({ value, size = 16 }: { value: number; size?: number }) {
  const halves = Math.round(value * 2);
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={`Rated ${formatRating(value)} out of ${RATING.max}`}>
      {Array.from({ length: RATING.max }, (_, index) => {
        const filled = halves - index * 2;
        const Star = filled >= 2 ? IconStarFilled : filled === 1 ? IconStarHalfFilled : IconStar;
        return <Star key={index} size={size} color={STAR_COLOR} aria-hidden />;
      })}
    </Group>
  );
}

export interface RatingSummaryProps {
  rating: CourseRating;
  size?: MantineSize;
  starSize?: number;
}

/**
 * The real average and number of reviews ("★★★★½ 4.5 (12 reviews)"). Nothing at all while a course
 * has no reviews: an empty rating is not a zero rating.
 */
export function RatingSummary({ rating, size = 'sm', starSize = 16 }: RatingSummaryProps) {
  if (rating.count === 0 || rating.average === null) return null;
  const reviews = `${formatCount(rating.count)} ${rating.count === 1 ? 'review' : 'reviews'}`;
  return (
    <Group gap={6} wrap="nowrap" data-testid="rating-summary">
      <StarRating value={rating.average} size={starSize} />
      <Text size={size} fw={700} aria-hidden>
        {formatRating(rating.average)}
      </Text>
      <Text size={size} c="dimmed">
        ({reviews})
      </Text>
    </Group>
  );
}
