import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { UiLocale } from '@lyceum/contract/constants';
import { theme } from '../app/theme';
import type { Messages } from '../i18n/catalogue';
import { LocaleProvider } from '../i18n/locale-provider';
import { LOGGED_OUT, type AuthState } from '../lib/auth/auth-reducer';
import { AuthProvider } from '../lib/auth/auth-context';

export interface RenderOptions {
  /** The URL to start at. */
  route?: string;
  /** The session to start with (default: logged out). */
  auth?: AuthState;
  /** Extra routes next to the one rendering `ui` at `path`. */
  routes?: RouteObject[];
  /** The route pattern `ui` is mounted at (default: the `route`'s path). */
  path?: string;
  /** The page's language (default: English) and the catalogue to show it in, e.g. a folder's `locales/es.json`. */
  locale?: UiLocale;
  messages?: Messages;
}

/** Renders `ui` inside the app's providers and an in-memory router. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  const { route = '/', auth = LOGGED_OUT, routes = [], path, locale = 'en', messages = {} } = options;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: path ?? route.split('?')[0], element: ui }, ...routes], {
    initialEntries: [route],
  });
  const result = render(
    <LocaleProvider locale={locale} messages={messages}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <AuthProvider initialState={auth}>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </LocaleProvider>,
  );
  return { ...result, router, queryClient };
}
