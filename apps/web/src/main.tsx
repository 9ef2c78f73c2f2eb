import './app/styles.css';
import './app/global.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isUiLocale, localeFromCookieHeader, type UiLocale } from '@lyceum/contract/constants';
import { App } from './app/app';
import { startLandingQueries } from './app/landing-queries';
import { createAppRouter, resolveLazyRoutes } from './app/router';
import { applyDocumentLocale } from './i18n/locale-provider';
import { loadMessages } from './i18n/load-messages';
import { getStoredToken } from './lib/auth/token';
import { createQueryClient } from './lib/query-client';
import { SSR_STATE_ELEMENT_ID, type SsrState } from './ssr-state';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The state of a page the server rendered, or null for the plain app shell. */
function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}

/**
 * A rendered page inlines only the CSS its own markup uses; boot.js links the app's whole stylesheet after the first
 * paint (ADR 014). The app waits for it before rendering anything the server did not, so nothing shows unstyled.
 */
function appStylesheetLoaded(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-stylesheet]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * The page's language: the visitor's kept choice, else the one the server rendered the page in (it chose from the
 * choice, Accept-Language and the school's default the same way), else English.
 */
function initialLocale(): UiLocale {
  const rendered = document.documentElement.lang;
  return localeFromCookieHeader(document.cookie) ?? (isUiLocale(rendered) ? rendered : 'en');
}

async function start(root: HTMLElement) {
  const locale = initialLocale();
  applyDocumentLocale(locale);
  // Its catalogue arrives with the stylesheet: the first render is already in the page's language.
  const messagesLoaded = loadMessages(locale);
  const ssrState = readSsrState();
  const queryClient = createQueryClient();
  // A role landing's data requests leave now, while its code is still arriving (issue 15).
  startLandingQueries(queryClient, window.location.pathname);
  await appStylesheetLoaded();
  const messages = await messagesLoaded;
  // The server renders public pages as a logged-out visitor sees them: a signed-in visitor's page is rendered afresh.
  // A role landing's shell is nobody's: it is hydrated whoever is signed in, then filled in (ADR 014).
  if (!ssrState || (getStoredToken() && !ssrState.area)) {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} locale={locale} messages={messages} />
      </StrictMode>,
    );
    return;
  }
  hydrate(queryClient, ssrState.queries);
  await resolveLazyRoutes(window.location.pathname);
  const router = createAppRouter(ssrState.router);
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient} router={router} locale={locale} messages={messages} />
    </StrictMode>,
  );
}

void start(container);

// The installable app (issue 49.5, ADR 071): its service worker, once the page has loaded (production builds). A
// server-rendered page starts the app after its first paint (boot.js), often after the load event.
if (import.meta.env.PROD) {
  const register = () => void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
