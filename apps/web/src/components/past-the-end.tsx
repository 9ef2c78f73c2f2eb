import { Anchor, Paper, Text } from '@mantine/core';

export interface PastTheEndProps {
  /** The list's real last page (the API's `lastPage`). */
  lastPage: number;
  onGo: (page: number) => void;
}

/**
 * What a list shows on a page past its end (an old link, an edited URL, items deleted meanwhile): says so and offers
 * the last page, instead of "Showing 1,177–1,176 of 14" over an empty state.
 */
export function PastTheEnd({ lastPage, onGo }: PastTheEndProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} bg="gray.0">
      <Text ta="center">
        This page is past the end —{' '}
        <Anchor component="button" type="button" onClick={() => onGo(lastPage)} fz="inherit">
          go to the last page
        </Anchor>{' '}
        (page {lastPage}).
      </Text>
    </Paper>
  );
}

/** True when a page of a list came back empty because it lies past the list's last page. */
export function isPastTheEnd(data: { items: unknown[]; page: number; lastPage: number } | undefined): boolean {
  // lastPage is checked too: a cached answer from before the field existed has none.
  return Boolean(data && data.items.length === 0 && typeof data.lastPage === 'number' && data.page > data.lastPage);
}
