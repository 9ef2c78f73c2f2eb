import { Box, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';

export interface PasswordHelpCardProps {
  /** The page's h1 and tab title. */
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** The frame of the forgot- and reset-password pages: one centred card, like the login screen. */
export function PasswordHelpCard({ title, description, children }: PasswordHelpCardProps) {
  usePageTitle(title);
  return (
    <Box bg="gray.0" mih="calc(100dvh - var(--site-header-height, 0px))">
      <Container size={520} py={{ base: 24, sm: 64 }}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }}>
          <Stack gap="xs" mb="xl">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <IconKey size={26} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            <Text c="dimmed">{description}</Text>
          </Stack>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
