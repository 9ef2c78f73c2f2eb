/**
 * Server rendering of the public pages (ADR 014). The API server imports the build of this module
 * (`dist/ssr/entry-server.js`) and answers a visitor's first request for a page with its HTML and the data it
 * showed, which the browser then hydrates (main.tsx). Pages render as a logged-out visitor sees them.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Role } from '@lyceum/contract';
import type { UiLocale } from '@lyceum/contract/constants';
import { withDateLocale } from '@lyceum/contract/constants';
import { AppProviders } from './app/app';
import { RichTextSanitizerProvider } from './components/rich-text-view';
import { AREA_ROLES, paths } from './config/paths';
import { routes } from './app/router';
import { loadMessages } from './i18n/load-messages';
import { setApiTransport, type ApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import type { HtmlSanitizer } from './lib/sanitize-html';
import { SSR_STATE_ELEMENT_ID, type SsrState } from './ssr-state';

export { SSR_STATE_ELEMENT_ID };

export interface RenderedPage {
  /** 404 when the address matched no page, otherwise 200. */
  status: number;
  /** The markup for the root element. */
  html: string;
  /** What the browser needs to take over (`SsrState`), as JSON safe to put inside a `<script>` element. */
  stateJson: string;
}

/** The queries that rendered pages asked for and nobody has fetched yet (disabled ones stay unfetched). */
function unfetchedQueries(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      const { enabled } = query.options as { enabled?: boolean | ((q: typeof query) => boolean) };
      return typeof enabled === 'function' ? enabled(query) : enabled !== false;
    });
}

/** JSON that cannot end the script element it sits in, nor start a comment or a CDATA section there. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The role area a route path opens, if it is one of theirs (`/student`, `/teacher`, `/admin`). */
function areaOfRoutePath(path: string | undefined): Role | undefined {
  return AREA_ROLES.find((role) => paths[role].root.path === path);
}

/** Data-fetching rounds per page: a query may be enabled by the answer of another (e.g. a list, then its details). */
const MAX_ROUNDS = 3;

/**
 * `fetchApi` answers the API calls pages make while rendering (the server passes one that calls its own routes in
 * process, without a token). Returns a renderer; it resolves null when a page cannot be rendered faithfully on the
 * server (a redirect, or a failed API call, whose error state the browser's own cache could not reproduce) — the
 * caller then sends the plain app shell and the browser renders the page as before. `sanitizeHtml` is the server's
 * display sanitiser: rich text on a rendered page is checked again with it, as the browser checks it with DOMPurify
 * (docs/decisions/037); without one, rich text renders empty on the server.
 */
export function createRenderer(fetchApi: ApiTransport, sanitizeHtml: HtmlSanitizer = () => '') {
  setApiTransport(fetchApi);
  const handler = createStaticHandler(routes);

  /** `locale`: the language the page is rendered in (the server chose it: docs/i18n.md); English by default. */
  return async function render(url: string, locale: UiLocale = 'en'): Promise<RenderedPage | null> {
    const messages = await loadMessages(locale);
    const context = await handler.query(new Request(new URL(url, 'http://localhost')));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });

    // Dates and numbers in the page's language; renderToString is synchronous, so no other page sees it.
    const renderApp = () =>
      withDateLocale(locale, () =>
        renderToString(
          <StrictMode>
            <RichTextSanitizerProvider value={sanitizeHtml}>
              <AppProviders queryClient={queryClient} locale={locale} messages={messages}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </AppProviders>
            </RichTextSanitizerProvider>
          </StrictMode>,
        ),
      );

    try {
      let html = renderApp();
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const queries = unfetchedQueries(queryClient);
        if (queries.length === 0) break;
        await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
        if (
          queryClient
            .getQueryCache()
            .getAll()
            .some((query) => query.state.status === 'error')
        )
          return null;
        html = renderApp();
      }
      if (unfetchedQueries(queryClient).length > 0) return null;

      const leaf = context.matches.at(-1)?.route;
      const area = context.matches.map(({ route }) => areaOfRoutePath(route.path)).find(Boolean);
      const state: SsrState = {
        queries: dehydrate(queryClient),
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
        ...(area ? { area } : {}),
      };
      return { status: leaf?.path === '*' ? 404 : context.statusCode, html, stateJson: scriptSafeJson(state) };
    } finally {
      queryClient.clear();
    }
  };
}
