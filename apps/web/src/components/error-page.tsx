import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodConfuzed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';

export interface ErrorPageProps {
  /** The heading: the routing layer's fallback (spec §8) unless the page is simply missing. */
  title?: string;
  /** A short, user-facing explanation under the heading. */
  detail?: string;
}

/** The routing layer's fallback for failing screens (spec §8), and the not-found page with its own heading. */
export function ErrorPage({
  title = MESSAGES.unexpectedError,
  detail = 'The page you were looking for could not be shown.',
}: ErrorPageProps) {
  usePageTitle(title);
  return (
    <Center mih="60vh" px="md" py={64}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconMoodConfuzed size={40} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed">{detail}</Text>
        <Button component={Link} to={paths.home.href()} size="md">
          Back to the home page
        </Button>
      </Stack>
    </Center>
  );
}
