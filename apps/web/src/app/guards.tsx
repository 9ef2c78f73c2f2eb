import type { Role } from '@lyceum/contract';
import { MESSAGES, UI } from '@lyceum/contract/constants';
import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { areaHref, paths } from '../config/paths';
import { useAuth } from '../lib/auth/auth-context';
import { notifySessionNotice } from '../lib/notify';
import { useHydrated } from '../lib/use-hydrated';
import { usePageTitle } from '../lib/use-page-title';
import { PublicFrame } from './layouts/public-layout';

/** DESIGN §7: no session → toast, then the login screen after a second (remembering where the visitor was headed). */
function LoginRequired() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  usePageTitle('Please log in');

  useEffect(() => {
    // The session notice's one id: no second toast when the effect runs twice or a 401 has already said why.
    notifySessionNotice(MESSAGES.pleaseLoginFirst);
    const timer = window.setTimeout(
      () => void navigate(paths.login.href(), { replace: true, state: { from } }),
      UI.unauthenticatedRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, from]);

  return (
    <PublicFrame>
      <Center mih="60vh" px="md">
        <Stack align="center" gap="sm" ta="center" role="status">
          <Loader size="sm" />
          <Title order={1} fz={26}>
            Please log in first
          </Title>
          <Text c="dimmed">Taking you to the login page…</Text>
          <Anchor component={Link} to={paths.login.href()} state={{ from }} fw={600}>
            Go to login now
          </Anchor>
        </Stack>
      </Center>
    </PublicFrame>
  );
}

/**
 * A role area: only for a logged-in user of that role; anyone else is sent where they belong. The server renders a
 * landing's shell without knowing who will see it (ADR 014): until hydrated, the area's user-free shell is shown, and
 * the check runs in the render right after.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { state } = useAuth();
  const hydrated = useHydrated();
  if (!hydrated) return children;
  if (!state.isAuthenticated || !state.user) {
    return state.endedByUser ? <Navigate to={paths.home.href()} replace /> : <LoginRequired />;
  }
  if (state.user.role !== role) return <Navigate to={areaHref(state.user.role)} replace />;
  return children;
}

/**
 * A page of every signed-in user outside the role areas (e.g. /notifications). It brings its own frame: the
 * signed-in user's area layout, with its sidebar (issue 46.12).
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (!state.isAuthenticated || !state.user) {
    return state.endedByUser ? <Navigate to={paths.home.href()} replace /> : <LoginRequired />;
  }
  return children;
}

/**
 * /login and /register: a visitor who arrives with a valid session goes to their area.
 * Decided on arrival only, so logging in on this screen keeps the spec's one-second pause before the redirect.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const [arrivedLoggedIn] = useState(state.isAuthenticated);
  if (arrivedLoggedIn && state.isAuthenticated && state.user) {
    return <Navigate to={areaHref(state.user.role)} replace />;
  }
  return children;
}
