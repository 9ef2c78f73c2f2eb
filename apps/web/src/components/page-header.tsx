import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

export interface PageHeaderProps {
  /** The page's one h1, also used for the tab title. */
  title: string;
  description?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="xl">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" maw={640}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions}
    </Group>
  );
}
