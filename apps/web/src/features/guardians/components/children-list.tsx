import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useGuardianChildren } from '../api/guardians';
import { guardiansMessages as m } from '../messages';
import { ChildCard } from './child-overview';

/** The guardian's landing: a card per linked child (and only those), or how a child gets linked. */
export function ChildrenList() {
  const intl = useIntl();
  const children = useGuardianChildren();
  if (children.isError)
    return <LoadError title={intl.formatMessage(m.childrenFailed)} onRetry={() => void children.refetch()} />;
  if (!children.data)
    return (
      <div role="status">
        <Text c="dimmed" mb="xs">
          {intl.formatMessage(m.loading)}
        </Text>
        <Skeleton height={160} radius="md" />
      </div>
    );
  if (children.data.items.length === 0)
    return (
      <Paper withBorder radius="md" p="lg">
        <Text fw={700}>{intl.formatMessage(m.noChildren)}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {intl.formatMessage(m.noChildrenHint)}
        </Text>
      </Paper>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {children.data.items.map((child) => (
        <ChildCard key={child.id} child={child} />
      ))}
    </SimpleGrid>
  );
}
