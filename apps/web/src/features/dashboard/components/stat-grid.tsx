import { Alert, Button, SimpleGrid, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { StatCard, StatCardSkeleton, type StatCardProps } from '@/components/stat-card';
import { useIntl } from '@/i18n/intl';
import { dashboardMessages as messages } from '../messages';

export interface StatGridProps<T> {
  query: UseQueryResult<T>;
  /** The cards for loaded data. */
  cards: (data: T) => StatCardProps[];
  /** How many skeletons to show while loading. */
  placeholderCount: number;
}

const COLS = { base: 1, xs: 2, lg: 3 } as const;

/** Loading skeletons, an error with a retry, or the cards: the three states of a dashboard. */
export function StatGrid<T>({ query, cards, placeholderCount }: StatGridProps<T>) {
  const intl = useIntl();
  if (query.isPending) {
    return (
      <div role="status">
        <VisuallyHidden>{intl.formatMessage(messages.loading)}</VisuallyHidden>
        <SimpleGrid cols={COLS} spacing="lg">
          {Array.from({ length: placeholderCount }, (_, index) => (
            <StatCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        title={intl.formatMessage(messages.loadFailed)}
        icon={<IconAlertTriangle aria-hidden />}
      >
        {query.error.message}
        <Button
          display="block"
          mt="sm"
          size="xs"
          variant="white"
          color="red"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          {intl.formatMessage(messages.tryAgain)}
        </Button>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={COLS} spacing="lg">
      {cards(query.data).map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </SimpleGrid>
  );
}
