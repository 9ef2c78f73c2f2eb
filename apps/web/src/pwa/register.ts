import { Workbox } from 'workbox-window';
import { UPDATE_READY_EVENT } from './constants';

let workbox: Workbox | null = null;

/**
 * Registers the service worker (production builds, browsers that have them). On its first activation it is handed
 * the files this page already loaded, so the next visit opens offline too. A later deploy's worker waits until the
 * user accepts the update (UpdatePrompt), then takes over and the page reloads into the new version.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  workbox = wb;
  wb.addEventListener('activated', (event) => {
    if (event.isUpdate) return;
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: [window.location.href, ...loaded] } }).catch(
      () => undefined,
    );
  });
  wb.addEventListener('waiting', () => window.dispatchEvent(new Event(UPDATE_READY_EVENT)));
  // Where service workers are refused (a blocked or private window, some managed browsers) the app works as before:
  // registering fails quietly instead of reporting an error on every page.
  wb.register().catch(() => undefined);
}

/** The user chose to update: the waiting worker takes over, then the page reloads once into it. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
