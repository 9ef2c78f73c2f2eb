/**
 * Lyceum's service worker (issue 49.5, ADR 071), built by vite-plugin-pwa (injectManifest) from Workbox's modules:
 * - the app shell (index.html, boot.js, icons, stylesheets) is precached: a page opens offline;
 * - pages: network first, the copy of the last visit when offline, else the shell;
 * - built assets (immutable names): cache first, filled as pages load them;
 * - the lesson being read and its course's outline: network first, kept per signed-in user (the key carries a
 *   digest of the request's bearer token, so one user's copy never answers another's request) and dropped at logout.
 * Nothing else of the API is kept.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { LEARNER_CACHE, PWA_MESSAGES } from './constants';

interface ServiceWorkerScope {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown; waitUntil?: (p: Promise<unknown>) => void }) => void,
  ): void;
}
const sw = self as unknown as ServiceWorkerScope;

// Written as `self.__WB_MANIFEST`: the build replaces that text with the list of files to precache.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once (a later one waits for the user: UpdatePrompt).
clientsClaim();

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'lyceum-pages',
      networkTimeoutSeconds: 6,
      plugins: [new ExpirationPlugin({ maxEntries: 40 })],
    }),
  ),
);

registerRoute(
  ({ url }) => url.origin === sw.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'lyceum-assets', plugins: [new ExpirationPlugin({ maxEntries: 400 })] }),
);

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The cache key of a learner's request: its URL and whose it is. No bearer token, nothing kept. */
const perUser: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const authorization = request.headers.get('authorization');
    const url = new URL(request.url);
    url.searchParams.set('lyceum-user', authorization ? await digest(authorization) : 'none');
    return url.href;
  },
  cacheWillUpdate: async ({ request, response }) =>
    request.headers.get('authorization') && response.status === 200 ? response : null,
};

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === sw.location.origin &&
    /^\/api\/courses\/[^/]+\/(?:curriculum|lessons\/[^/]+)$/.test(url.pathname),
  new NetworkFirst({
    cacheName: LEARNER_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [perUser, new ExpirationPlugin({ maxEntries: 60 })],
  }),
);

// Offline, a page never visited opens as the app shell.
setCatchHandler(async ({ request }) =>
  request.destination === 'document' ? ((await matchPrecache('/index.html')) ?? Response.error()) : Response.error(),
);

sw.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === PWA_MESSAGES.skipWaiting) void sw.skipWaiting();
  if (type === PWA_MESSAGES.forgetLearner) event.waitUntil?.(caches.delete(LEARNER_CACHE));
});
