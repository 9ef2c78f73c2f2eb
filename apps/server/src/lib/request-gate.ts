import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { busy } from './errors.js';

export const DATABASE_BUSY = 'The server is busy; try again in a moment';

/** Set while the server renders a page: its in-process API reads belong to the page request, not to the queue. */
const pageRendering = new AsyncLocalStorage<true>();

/** Runs `render` so that the API reads it makes in process are not counted (nor refused) by the request gate. */
export function runUngated<T>(render: () => Promise<T>): Promise<T> {
  return pageRendering.run(true, render);
}

export interface RequestGate {
  /** Requests admitted and not yet answered. */
  readonly pending: number;
}

/**
 * Bounds the requests waiting for the database (issue 13.10, ADR 031). The embedded PGlite runs one statement at a
 * time on the main thread; beyond what it can serve, requests used to queue until clients timed out (205 timeouts in
 * 30 s at 100 connections) and health probes failed with them. Past `maxPending` requests in flight, a database
 * route is answered at once with 503 + Retry-After. Exempt: `GET /api/health` (so probes still see a live server),
 * the web app's files, and the API reads a page render makes in process.
 */
export function registerRequestGate(
  app: FastifyInstance,
  options: { maxPending: number; retryAfterSeconds: number; isDatabaseRoute: (routeUrl: string) => boolean },
): RequestGate {
  let pending = 0;
  // Released on the response's 'close', which Node emits once for every response: after it is sent, or when its
  // connection ends first. Fastify's onResponse and onRequestAbort both miss one case — a client that leaves after
  // its request body arrived but before the answer is written (`req.aborted` is false then, and 'finish' never
  // comes) — and each such request kept its place for good: under a bench's writes 380 places were lost and the
  // 1,000-student exam met 503s.
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === undefined || !options.isDatabaseRoute(route) || pageRendering.getStore()) return;
    if (pending >= options.maxPending) throw busy(DATABASE_BUSY, options.retryAfterSeconds);
    pending += 1;
    // `on`, not `once`: 'close' comes once, and the response is dropped after it. `once` removed its wrapper from
    // the response's listeners at every close, 4 % of the main thread on a cheap read under load (ADR 019, session
    // 18); the flag still keeps a second 'close' from releasing twice.
    let released = false;
    reply.raw.on('close', () => {
      if (released) return;
      released = true;
      pending -= 1;
    });
  });
  return {
    get pending() {
      return pending;
    },
  };
}

/** The routes whose answer needs the database: the API except health and its documentation, v1, stored images. */
export function databaseRoute(isV1Route: (path: string) => boolean) {
  return (route: string): boolean => {
    if (route === '/api/health' || route === '/api/docs' || route.startsWith('/api/docs/')) return false;
    // A live stream stays "in flight" for as long as its tab is open: counted, a few hundred open tabs would turn
    // every other request away. Its database work is one count at open (and it has its own per-user cap).
    if (route === '/api/notifications/stream') return false;
    return route.startsWith('/api/') || route.startsWith('/uploads/') || isV1Route(route);
  };
}
