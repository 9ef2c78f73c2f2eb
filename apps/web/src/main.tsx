import './app/styles.css';
import './app/global.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, resolveLazyRoutes } from './app/router';
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

async function start(root: HTMLElement) {
  const ssrState = readSsrState();
  // The server renders pages as a logged-out visitor sees them: a signed-in visitor's page is rendered afresh.
  if (!ssrState || getStoredToken()) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  const queryClient = createQueryClient();
  hydrate(queryClient, ssrState.queries);
  await resolveLazyRoutes(window.location.pathname);
  const router = createAppRouter(ssrState.router);
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void start(container);
