import type { CourseRating } from '@lyceum/contract';
import { RATING } from '@lyceum/contract/constants';
import { Group, Text, type MantineSize } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useIntl } from '../i18n/intl';
import { formatCount, formatRating } from '../lib/format';
import { cardMessages as m } from './messages';
import classes from './star-rating.module.css';

/** Five stars, gold to `value` rounded to the nearest half; announced as "Rated 4.5 out of 5". */
export function StarRating({ value, size = 16 }: { value: number; size?: number }) {
  const intl = useIntl();
  const halves = Math.min(Math.max(Math.round(value * 2), 0), RATING.max * 2);
  const style = {
    '--star-size': `${size}px`,
    '--full-stars': Math.floor(halves / 2),
    '--half-star': halves % 2,
  } as CSSProperties;
  return (
    <span
      className={classes.stars}
      style={style}
      role="img"
      aria-label={intl.formatMessage(m.rated, { rating: formatRating(value), max: RATING.max })}
      data-halves={halves}
    />
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
  const intl = useIntl();
  if (rating.count === 0 || rating.average === null) return null;
  const reviews = intl.formatMessage(m.reviews, { count: rating.count, n: formatCount(rating.count) });
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
