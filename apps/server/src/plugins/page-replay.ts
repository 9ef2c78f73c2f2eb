import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { etagMatches } from '../lib/http-cache.js';
import { preferredEncoding, type CachedPage } from './page-cache.js';

/**
 * Rendered pages replayed ahead of the request lifecycle (issue 20, ADR 020 session 13). A cached page's hit used to
 * run every hook of the app — security headers, CORS, the request gate, the HTTP and response caches, compression,
 * the route's handler — about 25 µs a request that produced, for the same page and the same request headers, the
 * same response each time: `/` ran at 25 % of a bare hello-world where bare Fastify sending the same bytes ran at
 * 39 %. The first response of each variant of a page (brotli, gzip, none, 304) goes through the whole app as before;
 * its status, headers and body are recorded, and a later request for the same page that would get that variant is
 * answered with them from the first `onRequest` hook. What the app would send is what is replayed: the record is of
 * the bytes and headers the app sent, and it lives exactly as long as the cached page it was made from (a change
 * that drops the page, or its expiry, drops its replays with it).
 *
 * Only plain navigations are replayed: a GET that asks for HTML without an Origin (CORS answers those) and, for the
 * uncompressed variant, without any Accept-Encoding. Everything else goes through the app, and nothing is replayed
 * while requests are logged one by one (LOG_LEVEL=debug or trace), so that every request stays in the log.
 */

type Variant = 'br' | 'gzip' | 'identity' | 'not-modified';

interface Replay {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer | null;
}

/**
 * Where the page cache is read without rendering: the page kept under a key (a language and a normalised address),
 * if it is still fresh, and the key a request's page has.
 */
export interface PageLookup {
  peek(key: string): CachedPage | null;
  keyOf(request: FastifyRequest): string;
}

export interface PageReplay {
  /** Registered before every other hook. */
  onRequest: onRequestHookHandler;
  /** Set once the web app is registered with a page cache. */
  attach(pages: PageLookup): void;
  /**
   * Called by the page route as it sends `page` (a cached one) with `body` as the variant the request asked for: once
   * the response has gone out as expected, the variant is recorded for replay.
   */
  record(request: FastifyRequest, reply: FastifyReply, page: CachedPage, body: Buffer | null): void;
}

/** Headers Node writes itself on every response; the recorded ones leave them to it. */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function isPlainNavigation(request: FastifyRequest): boolean {
  const headers = request.headers;
  return (
    request.method === 'GET' &&
    headers.origin === undefined &&
    (headers.accept ?? '').toLowerCase().includes('text/html')
  );
}

/** The variant the page route sends for these request headers, or null when it is not one that is replayed. */
function variantOf(request: FastifyRequest, page: CachedPage): Variant | null {
  const { headers } = request;
  if (etagMatches(headers['if-none-match'], page.etag)) return 'not-modified';
  if (headers['accept-encoding'] === undefined) return 'identity';
  return preferredEncoding(headers['accept-encoding']);
}

export function createPageReplay(options: { enabled: boolean }): PageReplay {
  let pages: PageLookup | null = null;
  // By page: a page dropped from the cache is no longer reachable, and its replays go with it.
  const replays = new WeakMap<CachedPage, Map<Variant, Replay>>();

  return {
    onRequest(request, reply, done) {
      if (!options.enabled || !pages || !isPlainNavigation(request)) return done();
      const page = pages.peek(pages.keyOf(request));
      const variant = page && variantOf(request, page);
      const replay = variant && replays.get(page)?.get(variant);
      if (!replay) return done();
      reply.hijack();
      reply.raw.writeHead(replay.status, replay.headers);
      reply.raw.end(replay.body ?? undefined);
      // The lifecycle stops here: Fastify runs no further hook for a reply that is sent.
      done();
    },
    attach(lookup) {
      pages = lookup;
    },
    record(request, reply, page, body) {
      if (!options.enabled || !isPlainNavigation(request)) return;
      const variant = variantOf(request, page);
      if (!variant) return;
      const expectedStatus = variant === 'not-modified' ? 304 : page.status;
      const expectedEncoding = variant === 'br' || variant === 'gzip' ? variant : undefined;
      // Fastify writes its headers in one `writeHead(status, headers)` call, which leaves them out of `getHeaders()`:
      // this one response's call is seen on the way, so that what is recorded is what went out.
      const raw = reply.raw;
      let written: { status: number; headers: OutgoingHttpHeaders } | null = null;
      const writeHead = raw.writeHead;
      raw.writeHead = function recordingWriteHead(this: ServerResponse, status: number, ...rest: unknown[]) {
        const last = rest.at(-1);
        const passed = last && typeof last === 'object' && !Array.isArray(last) ? (last as OutgoingHttpHeaders) : {};
        written = { status, headers: { ...raw.getHeaders(), ...passed } };
        return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
      } as ServerResponse['writeHead'];
      raw.once('finish', () => {
        raw.writeHead = writeHead;
        // Recorded only when what went out is what a replay would send (no hook changed the status or the encoding).
        if (!written || written.status !== expectedStatus) return;
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(written.headers)) {
          const key = name.toLowerCase();
          if (!PER_RESPONSE_HEADERS.has(key) && value !== undefined) headers[key] = value;
        }
        if (headers['content-encoding'] !== expectedEncoding) return;
        if (body && Number(headers['content-length']) !== body.length) return;
        let byVariant = replays.get(page);
        if (!byVariant) replays.set(page, (byVariant = new Map()));
        byVariant.set(variant, { status: expectedStatus, headers, body: variant === 'not-modified' ? null : body });
      });
    },
  };
}
