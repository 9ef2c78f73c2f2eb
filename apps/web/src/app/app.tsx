import { MESSAGES, UI } from '@lyceum/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { paths } from '../config/paths';
import { AuthProvider } from '../lib/auth/auth-context';
import { notifyInfo } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);

  // An authenticated call answered 401: the session is already cleared; forget its data and ask for a login.
  const onSessionRejected = useCallback(() => {
    queryClient.clear();
    notifyInfo(MESSAGES.pleaseLoginFirst, 'please-login-first');
    const { pathname, search, hash } = router.state.location;
    void router.navigate(paths.login.href(), { replace: true, state: { from: `${pathname}${search}${hash}` } });
  }, [queryClient, router]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position={UI.toastPosition} autoClose={UI.toastAutoCloseMs} />
      <QueryClientProvider client={queryClient}>
        <AuthProvider onSessionRejected={onSessionRejected}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
