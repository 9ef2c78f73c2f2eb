import { Text, type TextProps } from '@mantine/core';

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

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Nov 22, 2025", in the reader's time zone. */
export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Reviews changed after they were written say so. */
export function wasEdited(review: { createdAt: string; updatedAt: string }): boolean {
  return Date.parse(review.updatedAt) - Date.parse(review.createdAt) > 1_000;
}
