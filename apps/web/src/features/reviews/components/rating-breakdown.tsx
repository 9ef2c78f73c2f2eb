import type { RatingSummary } from '@lyceum/contract';
import { RATING } from '@lyceum/contract/constants';
import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { StarRating } from '@/components/star-rating';
import { formatCount } from '@/lib/format';
import { useIntl } from '@/i18n/intl';
import { reviewsMessages as m } from '../messages';

const STARS_DESCENDING = Array.from({ length: RATING.max - RATING.min + 1 }, (_, i) => RATING.max - i);

/**
 * The course's real rating: the average to one decimal, its stars, the number of reviews and how many gave
 * each number of stars. Without reviews it says so, and shows no stars (never "0 stars").
 */
export function RatingBreakdown({ summary }: { summary: RatingSummary }) {
  const intl = useIntl();
  if (summary.count === 0 || summary.average === null) {
    return (
      <Box>
        <Text fw={700} fz="lg">
          {intl.formatMessage(m.noReviews)}
        </Text>
        <Text c="dimmed" size="sm">
          {intl.formatMessage(m.noReviewsHint)}
        </Text>
      </Box>
    );
  }
  const average = summary.average.toFixed(1);
  return (
    <Group align="center" gap="xl" wrap="wrap">
      <Stack gap={4} align="center" miw={130}>
        <Text fz={48} fw={800} lh={1} aria-hidden>
          {average}
        </Text>
        <StarRating value={summary.average} size={18} />
        <Text size="sm" c="dimmed">
          {intl.formatMessage(m.reviewCount, { count: summary.count })}
        </Text>
      </Stack>
      <Box
        component="ul"
        aria-label={intl.formatMessage(m.byStars)}
        m={0}
        p={0}
        style={{ listStyle: 'none', flex: '1 1 220px' }}
      >
        {STARS_DESCENDING.map((stars) => {
          const count = summary.distribution[stars as keyof typeof summary.distribution];
          const share = summary.count > 0 ? count / summary.count : 0;
          return (
            <Group component="li" key={stars} gap="sm" wrap="nowrap" py={3}>
              <Text size="sm" w={52} style={{ flexShrink: 0 }}>
                {intl.formatMessage(m.stars, { stars })}
              </Text>
              <Box aria-hidden h={8} bg="gray.2" style={{ flex: 1, borderRadius: 4, overflow: 'hidden', minWidth: 60 }}>
                <Box h="100%" bg="yellow.6" style={{ width: `${share * 100}%`, borderRadius: 4 }} />
              </Box>
              <Text size="sm" c="dimmed" w={40} ta="end" style={{ flexShrink: 0 }}>
                {formatCount(count)}
                <VisuallyHidden>{intl.formatMessage(m.reviewsSuffix, { count })}</VisuallyHidden>
              </Text>
            </Group>
          );
        })}
      </Box>
    </Group>
  );
}
