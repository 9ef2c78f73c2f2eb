import type { SessionEndReason } from '@lyceum/contract';
import { MESSAGES, SESSION_END_MESSAGES, type UiLocale } from '@lyceum/contract/constants';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { paths } from '../config/paths';
import type { Messages } from '../i18n/catalogue';
import { LocaleProvider } from '../i18n/locale-provider';
import { AuthProvider } from '../lib/auth/auth-context';
import { notifySessionNotice, Toasts } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { UpdatePrompt } from '../pwa/update-prompt';
import { createAppRouter, type AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  onSessionRejected?: (reason: SessionEndReason | undefined) => void;
  /** The page's language and its catalogue, loaded before the first render (docs/i18n.md). */
  locale?: UiLocale;
  messages?: Messages;
  children: ReactNode;
}

/**
 * Language, theme, toasts, data cache and session around the router: the same tree in the browser and on the
 * server.
 */
export function AppProviders({
  queryClient,
  onSessionRejected,
  locale = 'en',
  messages = {},
  children,
}: AppProvidersProps) {
  return (
    <LocaleProvider locale={locale} messages={messages}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Toasts />
        <UpdatePrompt />
        <QueryClientProvider client={queryClient}>
          <AuthProvider onSessionRejected={onSessionRejected}>{children}</AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </LocaleProvider>
  );
}

export interface AppProps {
  /** A cache already filled by the server's render (hydration); a fresh one otherwise. */
  queryClient?: QueryClient;
  /** A router already created for hydration; a fresh browser router otherwise. */
  router?: AppRouter;
  locale?: UiLocale;
  messages?: Messages;
}

export function App(props: AppProps) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [router] = useState(() => props.router ?? createAppRouter());

  // An authenticated call answered 401: the session is already cleared; forget its data, say once why (the server's
  // reason, when it gave one) and ask for a login that returns to where the user was.
  const onSessionRejected = useCallback(
    (reason: SessionEndReason | undefined) => {
      notifySessionNotice(reason ? SESSION_END_MESSAGES[reason] : MESSAGES.pleaseLoginFirst);
      queryClient.clear();
      const { pathname, search, hash } = router.state.location;
      void router.navigate(paths.login.href(), { replace: true, state: { from: `${pathname}${search}${hash}` } });
    },
    [queryClient, router],
  );

  // The page answers input from here on (a server-rendered page is visible, but inert, before): end-to-end tests
  // wait for this mark instead of clicking a button whose handler is not attached yet.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);

  return (
    <AppProviders
      queryClient={queryClient}
      onSessionRejected={onSessionRejected}
      locale={props.locale}
      messages={props.messages}
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
}
