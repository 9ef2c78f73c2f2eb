import { LEARNER_CACHE, PWA_MESSAGES } from './constants';

/** At logout: the service worker forgets the lessons and outlines it kept for this user (and so does the page). */
export function forgetLearner(): void {
  if (typeof navigator !== 'undefined') {
    navigator.serviceWorker?.controller?.postMessage({ type: PWA_MESSAGES.forgetLearner });
  }
  if (typeof caches !== 'undefined') void caches.delete(LEARNER_CACHE).catch(() => undefined);
}
