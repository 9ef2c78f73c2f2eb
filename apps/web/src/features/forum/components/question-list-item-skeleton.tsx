import { Group, Paper, Skeleton, Stack } from '@mantine/core';

export function QuestionListItemSkeleton() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-hidden>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap={8} w={96} align="flex-end" visibleFrom="xs">
          <Skeleton height={12} width={56} />
          <Skeleton height={12} width={72} />
        </Stack>
        <Stack gap={10} style={{ flex: 1 }}>
          <Skeleton height={18} width="75%" />
          <Skeleton height={12} width="95%" />
          <Skeleton height={12} width="60%" />
          <Group justify="space-between" mt={4}>
            <Group gap={6}>
              <Skeleton height={18} width={56} radius="sm" />
              <Skeleton height={18} width={48} radius="sm" />
            </Group>
            <Group gap="xs">
              <Skeleton height={32} circle />
              <Skeleton height={12} width={96} />
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
