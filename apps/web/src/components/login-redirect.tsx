import { UI } from '@lyceum/contract/constants';
import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { notifySessionNotice } from '../lib/notify';
import { usePageTitle } from '../lib/use-page-title';

export interface LoginRedirectProps {
  /** The toast, from the message catalogue (e.g. MESSAGES.loginFirst). */
  message: string;
  /** The heading shown during the short wait. */
  title: string;
}

/**
 * A page that needs a session, opened without one: toast, then the login screen after the spec's delay,
 * remembering this page so login returns here. Renders inside the page's own layout.
 */
export function LoginRedirect({ message, title }: LoginRedirectProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  usePageTitle(title);

  useEffect(() => {
    // The session notice's one id: StrictMode's second effect run, or a 401 that already said why, shows no second.
    notifySessionNotice(message);
    const timer = window.setTimeout(
      () => void navigate(paths.login.href(), { replace: true, state: { from } }),
      UI.unauthenticatedRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, from, message]);

  return (
    <Center mih="50vh" px="md">
      <Stack align="center" gap="sm" ta="center" role="status">
        <Loader size="sm" />
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">Taking you to the login page…</Text>
        <Anchor component={Link} to={paths.login.href()} state={{ from }} fw={600}>
          Go to login now
        </Anchor>
      </Stack>
    </Center>
  );
}
