import { Text, type TextProps } from '@mantine/core';
import { formatDate } from '@lyceum/contract/constants';
import { displayTimeZone } from '@/lib/time-zone';

/**
 * A review's text exactly as written: never parsed as HTML (React escapes it, so `<script>` shows as those
 * characters), line breaks kept, long words wrapped instead of overflowing on a phone.
 */
export function ReviewText({ children, ...props }: TextProps & { children: string }) {
  return (
    <Text {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** "22 Nov 2025", in the reader's time zone (the one date helper, issue 46.9). */
export function formatReviewDate(iso: string): string {
  return formatDate(iso, { style: 'medium', timeZone: displayTimeZone() });
}

/** Reviews changed after they were written say so. */
export function wasEdited(review: { createdAt: string; updatedAt: string }): boolean {
  return Date.parse(review.updatedAt) - Date.parse(review.createdAt) > 1_000;
}
