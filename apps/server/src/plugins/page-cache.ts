import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import {
  languageFromAcceptLanguage,
  localeFromCookieHeader,
  type Language,
  type UiLocale,
} from '@lyceum/contract/constants';
import type { InvalidationBus, Topic } from '../lib/invalidation.js';

/**
 * The rendered-page cache (ADR 014, ADR 020): whole pages by normalised address, shared by every visitor (server
 * rendering never sees a token). Each page remembers what it showed — the API reads its render made — and is dropped
 * when a write reports a change to that (`InvalidationBus`), or after `ttlMs` (changes made outside the API). A page
 * is compressed once per encoding, when a visitor first asks for that encoding, not on every hit.
 */

export type Encoding = 'br' | 'gzip';

export interface PageDocument {
  status: number;
  html: string;
  /**
   * What the page's ETag is computed from, when not `html` itself: the page with what changes on every render but
   * not what it shows left out (the page state's fetch times), so that a page rendered again after its copy expired
   * or was dropped for a change elsewhere still answers a browser's `If-None-Match` with 304.
   */
  etagSource?: string;
}

export interface CachedPage {
  status: number;
  /**
   * The page as UTF-8 bytes: outside the JS heap and counted exactly (a page's text held as a string takes twice its
   * size in V8 once it has any character beyond Latin-1).
   */
  body: Buffer;
  /** Weak: the same page is sent with several encodings. */
  etag: string;
  /** The page in `encoding`, compressed once (and kept while the page is). */
  encoded(encoding: Encoding): Promise<Buffer>;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Upper bound of the pages' text and their compressed copies together. */
  maxBytes: number;
}

/** Compression of pages: brotli 5 and gzip 6, chosen by measurement (ADR 020); asynchronous, off the event loop. */
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
export const PAGE_BROTLI_QUALITY = 5;
export const PAGE_GZIP_LEVEL = 6;

export function compressPage(input: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(input, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      })
    : gzipAsync(input, { level: PAGE_GZIP_LEVEL });
}

export function weakEtagOf(text: Buffer): string {
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** The encoding to send: brotli, else gzip, else none (a `q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let gzipOk = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipOk = true;
  }
  return gzipOk ? 'gzip' : null;
}

/** What a page showed, from the API reads of its render: the course and question pages, and the lists. */
export function topicsOfApiRead(url: string): Topic[] {
  const pathname = url.split('?')[0] ?? '';
  const course = /^\/api\/courses\/([\w-]+)(?:\/|$)/.exec(pathname)?.[1];
  if (course && !['popular', 'featured', 'recommended'].includes(course)) return [`course:${course}`];
  if (pathname === '/api/courses' || pathname.startsWith('/api/courses/')) return ['courses'];
  const question = /^\/api\/forum\/questions\/([\w-]+)(?:\/|$)/.exec(pathname)?.[1];
  if (question) return [`question:${question}`];
  if (pathname.startsWith('/api/forum')) return ['forum'];
  return [];
}

/** The API reads of the render under way, wherever its awaits lead (the renderer's fetch adds to it). */
const renderReads = new AsyncLocalStorage<Set<Topic>>();

export function recordApiRead(url: string): void {
  const reads = renderReads.getStore();
  if (reads) for (const topic of topicsOfApiRead(url)) reads.add(topic);
}

/** The query parameters each page reads; any other parameter is dropped from the cache key and from the render. */
const PAGE_PARAMS: Record<string, readonly string[]> = {
  '/courses': ['q', 'category', 'sort', 'page'],
  '/forum': ['q', 'tag', 'sort', 'page'],
  '/blog': ['topic'],
  '/register': ['role'],
  '/reset-password': ['token'],
};
/** Longer values are cut: no page reads more (a search text is at most a few hundred characters). */
const MAX_PARAM_LENGTH = 200;

/**
 * The address a page is rendered and cached under: its path, and only the parameters the page reads, first value
 * of each, in a fixed order — `?x=1`, `?utm_source=…` or a reordered query land on the same page.
 */
export function normalisePageUrl(url: string): string {
  const question = url.indexOf('?');
  const pathname = question === -1 ? url : url.slice(0, question);
  const known = PAGE_PARAMS[pathname];
  if (!known || question === -1) return pathname;
  const search = new URLSearchParams(url.slice(question + 1));
  const kept = new URLSearchParams();
  for (const name of known) {
    const value = search.get(name);
    if (value) kept.set(name, value.slice(0, MAX_PARAM_LENGTH));
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The language a page is rendered in for this request (issue 47, docs/i18n.md): the visitor's kept choice (the
 * language cookie, which the web app also sets from a signed-in user's My Account setting), else the first language
 * of Accept-Language that Lyceum speaks, else the school's default.
 */
export function pageLocaleOf(headers: IncomingHttpHeaders, defaultLanguage: Language): UiLocale {
  const acceptLanguage = headers['accept-language'];
  return (
    localeFromCookieHeader(headers.cookie) ??
    languageFromAcceptLanguage(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage) ??
    defaultLanguage
  );
}

/** The page cache's key: one entry per language of each normalised address. */
export function pageCacheKey(url: string, locale: UiLocale): string {
  return `${locale} ${normalisePageUrl(url)}`;
}

/** The language and address a page cache key stands for (`pageCacheKey`). */
export function pageOfCacheKey(key: string): { locale: UiLocale; url: string } {
  const space = key.indexOf(' ');
  return { locale: key.slice(0, space) as UiLocale, url: key.slice(space + 1) };
}

/** A page that never changes (the app shell): its compressed copies are made once, on first use. */
export function fixedPage(document: PageDocument): CachedPage {
  const encodings = new Map<Encoding, Promise<Buffer>>();
  const body = Buffer.from(document.html);
  return {
    status: document.status,
    body,
    etag: weakEtagOf(body),
    encoded(encoding) {
      let encoded = encodings.get(encoding);
      if (!encoded) {
        encoded = compressPage(body, encoding);
        encodings.set(encoding, encoded);
      }
      return encoded;
    },
  };
}

interface Entry {
  expires: number;
  page: Promise<CachedPage | null>;
  /** Set once the render has finished and its page is kept. */
  done: { topics: Set<Topic>; page: CachedPage } | null;
  bytes: number;
}

export function createPageCache(
  render: (url: string) => Promise<PageDocument | null>,
  options: PageCacheOptions,
  invalidation?: InvalidationBus,
) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function drop(key: string, entry: Entry) {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function grow(key: string, entry: Entry, size: number) {
    if (entries.get(key) !== entry) return;
    entry.bytes += size;
    bytes += size;
    // The oldest go first (a hit moves a page to the end), never the page just grown.
    for (const [oldKey, old] of entries) {
      if (bytes <= options.maxBytes && entries.size <= options.maxEntries) break;
      if (old !== entry) drop(oldKey, old);
    }
  }

  function keep(key: string, entry: Entry, document: PageDocument, topics: Set<Topic>): CachedPage {
    const encodings = new Map<Encoding, Promise<Buffer>>();
    const body = Buffer.from(document.html);
    const page: CachedPage = {
      status: document.status,
      body,
      etag: document.etagSource === undefined ? weakEtagOf(body) : weakEtagOf(Buffer.from(document.etagSource)),
      encoded(encoding) {
        let encoded = encodings.get(encoding);
        if (!encoded) {
          encoded = compressPage(body, encoding);
          encodings.set(encoding, encoded);
          void encoded.then((buffer) => grow(key, entry, buffer.length)).catch(() => drop(key, entry));
        }
        return encoded;
      },
    };
    // Only whole pages are kept: a failed render, or one that is not a 200, is tried again next time.
    if (document.status === 200 && entries.get(key) === entry) {
      entry.done = { topics, page };
      grow(key, entry, body.length);
    } else {
      drop(key, entry);
    }
    return page;
  }

  invalidation?.subscribe((changed) => {
    const everything = changed.includes('*');
    for (const [key, entry] of entries) {
      // A render under way may have read the data before the change: it is not kept (its waiters still get it).
      if (everything || !entry.done || changed.some((topic) => entry.done!.topics.has(topic))) drop(key, entry);
    }
  });

  return {
    /** The page kept for a normalised address while it is fresh, without rendering (plugins/page-replay.ts). */
    peek(key: string): CachedPage | null {
      const kept = entries.get(key);
      return kept?.done && kept.expires > Date.now() ? kept.done.page : null;
    },
    /** The page for a normalised address: kept, being rendered, or rendered now. */
    get(key: string): Promise<CachedPage | null> {
      const now = Date.now();
      const kept = entries.get(key);
      if (kept && kept.expires > now) {
        // Most recently used last: the byte and entry bounds drop the least recently used.
        entries.delete(key);
        entries.set(key, kept);
        return kept.page;
      }
      if (kept) drop(key, kept);
      const topics = new Set<Topic>();
      const entry: Entry = { expires: now + options.ttlMs, page: Promise.resolve(null), done: null, bytes: 0 };
      entry.page = renderReads
        .run(topics, () => render(key))
        .then(
          (document) => (document ? keep(key, entry, document, topics) : (drop(key, entry), null)),
          (error: unknown) => {
            drop(key, entry);
            throw error;
          },
        );
      entries.set(key, entry);
      grow(key, entry, 0);
      return entry.page;
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
