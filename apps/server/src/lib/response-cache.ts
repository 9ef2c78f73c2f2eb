import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { weakEtag } from './http-cache.js';
import type { InvalidationBus, Topic } from './invalidation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which callers of a public read (`httpCache: 'public-read'`) may be answered from the in-process response cache:
     * `anonymous` (the default) those without a token; `everyone` when the answer never depends on the caller (the
     * catalogue, the home shelves); `false` never.
     */
    responseCache?: 'anonymous' | 'everyone' | false;
    /**
     * How long this route's answers stay in the response cache when that is longer than the cache's own time: for
     * large answers that only a write through the API changes (and those writes drop them at once, in every
     * process), so that reading them again every few seconds would be work without a purpose.
     */
    responseCacheTtlMs?: number;
  }
}

/**
 * The answers of public reads, kept in process (issue 20, ADR 020): a catalogue page costs a few milliseconds of
 * database and Node time, and the same few addresses are asked for over and over. Kept per route and validated
 * input (unknown query parameters are dropped by the contract, so `?utm=…` lands on the same entry); dropped when a
 * write reports a change to what the answer shows (the same topics as the rendered-page cache, across processes),
 * and after `ttlMs` — the `max-age` public reads already promise, which bounds changes made outside the API. For
 * `staleMs` after that (the `stale-while-revalidate` they are sent with) an answer that no write has dropped is still
 * sent while one request made in process reads it again, so no visitor waits for the database on a popular address.
 */
export interface ResponseCacheOptions {
  ttlMs: number;
  /** How long after `ttlMs` an answer is still sent while it is read again in the background. */
  staleMs?: number;
  /** The time in ms (tests move it). */
  clock?: () => number;
  maxEntries: number;
  /** Upper bound of the answers' text and their compressed copies together. */
  maxBytes: number;
}

export type Encoding = 'br' | 'gzip';

interface Entry {
  body: string;
  etag: string;
  expires: number;
  topics: readonly Topic[];
  bytes: number;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** A miss under way: where its answer will be kept, and who waits for it. */
interface Miss {
  key: string;
  topics: readonly Topic[];
  /** How long its answer is kept. */
  ttlMs: number;
  /** The invalidation count when its database reads began: an answer read before a change is not kept. */
  generation: number;
  settle: (entry: Entry | null) => void;
}

/** Below this an answer is sent as it is (the compression plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
const REFRESH_HEADER = 'x-lyceum-cache-refresh';

/**
 * What an answer shows, from its route: a course's own reads (`/api/courses/:id…`) its course, the other course reads
 * the course lists, and the same for forum questions. Routes it cannot name are not cached.
 */
export function topicsOfRoute(routeUrl: string, params: unknown): Topic[] | null {
  const id = (params as { id?: unknown } | undefined)?.id;
  if (routeUrl.startsWith('/api/courses/:id')) return typeof id === 'string' ? [`course:${id}`] : null;
  if (routeUrl === '/api/courses' || routeUrl.startsWith('/api/courses/')) return ['courses'];
  if (routeUrl.startsWith('/api/forum/questions/:id')) return typeof id === 'string' ? [`question:${id}`] : null;
  if (routeUrl.startsWith('/api/forum/')) return ['forum'];
  return null;
}

/** The encoding to send: brotli, else gzip, else none (a `q=0` refuses one). */
function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
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

/**
 * Sends a JSON answer made before (`body`): as it is, or compressed in the encoding the request prefers by `encoded`,
 * which makes each encoding's copy once (the response cache's entries, the kept teacher pages).
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  encoded: (encoding: Encoding) => Buffer,
): FastifyReply {
  reply.header('content-type', JSON_TYPE);
  const encoding = body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(encoded(encoding));
}

/** A JSON answer made once and sent many times (kept by a service): its text and its compressed copies. */
export interface PreparedJson {
  body: string;
  /** The body in `encoding`, compressed on first use and kept with it. */
  encoded(encoding: Encoding): Buffer;
}

export function preparedJson(body: string): PreparedJson {
  const copies: Partial<Record<Encoding, Buffer>> = {};
  return { body, encoded: (encoding) => (copies[encoding] ??= compress(body, encoding)) };
}

/**
 * Sends the prepared answer a service keeps (`make`): when it has to make it, it writes the page with `write`, the
 * route's own serializer (the compiled one, compared with zod's in the tests).
 */
export async function sendKept<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  make: (write: (page: T) => string) => Promise<PreparedJson>,
): Promise<FastifyReply> {
  const answer = await make((page) => String(reply.serialize(page)));
  return sendJson(request, reply, answer.body, answer.encoded);
}

/** The same levels as the compression plugin uses for dynamic answers (ADR 020), once per entry. */
function compress(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      })
    : gzipSync(body, { level: 6 });
}

export function createResponseCache(options: ResponseCacheOptions, invalidation?: InvalidationBus) {
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Misses whose answer is being made, by key: later requests for the same key wait for it. */
  const pending = new Map<string, Promise<Entry | null>>();
  let bytes = 0;
  let generation = 0;

  function drop(key: string, entry: Entry) {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function grow(key: string, entry: Entry, size: number) {
    entry.bytes += size;
    bytes += size;
    // The least recently used go first (a hit moves an entry to the end), never the one just grown.
    for (const [oldKey, old] of entries) {
      if (bytes <= options.maxBytes && entries.size <= options.maxEntries) break;
      if (old !== entry) drop(oldKey, old);
    }
    if (bytes > options.maxBytes) drop(key, entry);
  }

  function store(miss: Miss, body: string, etag: string): Entry | null {
    if (miss.generation !== generation) return null;
    const entry: Entry = {
      body,
      etag,
      expires: clock() + miss.ttlMs,
      topics: miss.topics,
      bytes: 0,
      encoded: {},
    };
    const old = entries.get(miss.key);
    if (old) drop(miss.key, old);
    entries.set(miss.key, entry);
    grow(miss.key, entry, Buffer.byteLength(body));
    return entries.get(miss.key) === entry ? entry : null;
  }

  invalidation?.subscribe((changed) => {
    generation += 1;
    const everything = changed.includes('*');
    for (const [key, entry] of entries) {
      if (everything || entry.topics.some((topic) => changed.includes(topic))) drop(key, entry);
    }
  });

  return {
    /** An entry, moved to the most recently used end: fresh, or `stale` (past its time, within `staleMs`). */
    get(key: string): { entry: Entry; stale: boolean } | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const now = clock();
      if (entry.expires + (options.staleMs ?? 0) <= now) {
        drop(key, entry);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return { entry, stale: entry.expires <= now };
    },

    /** Whether the answer for `key` is being made now. */
    pending: (key: string) => pending.has(key),

    /**
     * Begins a miss; null when one for the same key is under way (then `waitFor` it). Its answer is kept for the
     * cache's time, or `ttlMs` when that is longer.
     */
    begin(key: string, topics: readonly Topic[], ttlMs = 0): Miss | null {
      if (pending.has(key)) return null;
      let settle!: (entry: Entry | null) => void;
      const promise = new Promise<Entry | null>((resolve) => (settle = resolve));
      pending.set(key, promise);
      return {
        key,
        topics,
        ttlMs: Math.max(options.ttlMs, ttlMs),
        generation,
        settle: (entry) => {
          if (pending.get(key) === promise) pending.delete(key);
          settle(entry);
        },
      };
    },

    waitFor(key: string): Promise<Entry | null> | undefined {
      return pending.get(key);
    },

    /**
     * Ends a miss with its answer: kept (and handed to those waiting for it), unless a change was reported while it
     * was being made or it is larger than the whole cache.
     */
    keep(miss: Miss, body: string, etag: string): Entry | null {
      const kept = store(miss, body, etag);
      miss.settle(kept);
      return kept;
    },

    /** The entry's body in `encoding`, compressed on first use and kept with it. */
    encoded(key: string, entry: Entry, encoding: Encoding): Buffer {
      let buffer = entry.encoded[encoding];
      if (!buffer) {
        buffer = compress(entry.body, encoding);
        entry.encoded[encoding] = buffer;
        if (entries.get(key) === entry) grow(key, entry, buffer.length);
      }
      return buffer;
    },

    stats: () => ({ entries: entries.size, bytes, pending: pending.size }),
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * Serves the routes that declare `config: PUBLIC_READ` from a response cache: a hit skips the handler, the database
 * and the serialisation (and the compression, once per encoding). Must be registered after the HTTP caching hook
 * (which reads the ETag kept here) and before @fastify/compress (answers are kept as JSON, then compressed once).
 */
export function registerResponseCache(
  app: FastifyInstance,
  options: ResponseCacheOptions,
  invalidation?: InvalidationBus,
): ResponseCache {
  const cache = createResponseCache(options, invalidation);
  const misses = new WeakMap<FastifyRequest, Miss>();
  // The in-process request that reads a stale answer again names itself with a secret of this process.
  const refreshSecret = randomUUID();
  const refresh = (url: string) =>
    void app
      .inject({ method: 'GET', url, headers: { accept: 'application/json', [REFRESH_HEADER]: refreshSecret } })
      .catch(() => undefined);

  function send(request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry) {
    // An ETag only for the anonymous (the HTTP caching hook keeps authenticated answers private, without one).
    if (!request.headers.authorization) reply.header('etag', entry.etag);
    return sendJson(request, reply, entry.body, (encoding) => cache.encoded(key, entry, encoding));
  }

  const lookup: preHandlerAsyncHookHandler = async function (request, reply) {
    if (request.method !== 'GET') return;
    const shared = request.routeOptions.config.responseCache === 'everyone';
    if (request.headers.authorization && !shared) return;
    const topics = topicsOfRoute(request.routeOptions.url ?? '', request.params);
    if (!topics) return;
    const key = `${request.routeOptions.url}\n${JSON.stringify(request.params ?? null)}\n${JSON.stringify(request.query ?? null)}`;
    const refreshing = request.headers[REFRESH_HEADER] === refreshSecret;
    const found = refreshing ? undefined : cache.get(key);
    if (found?.stale && !cache.pending(key)) refresh(request.url);
    let entry = found?.entry;
    if (!entry) {
      const miss = cache.begin(key, topics, request.routeOptions.config.responseCacheTtlMs);
      if (miss) {
        misses.set(request, miss);
        return;
      }
      if (refreshing) return;
      // The same answer is being made for another request: wait for it rather than ask the database again.
      entry = (await cache.waitFor(key)) ?? undefined;
      if (!entry) return;
    }
    return send(request, reply, key, entry);
  };

  const store: onSendHookHandler = async function (request, reply, payload) {
    const miss = misses.get(request);
    if (!miss) return payload;
    misses.delete(request);
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      miss.settle(null);
      return payload;
    }
    const etag = (reply.getHeader('etag') as string | undefined) ?? weakEtag(payload);
    cache.keep(miss, payload, etag);
    return payload;
  };

  // A miss that ends without an answer (an error before onSend, a client gone) lets its waiters ask for themselves.
  const abandon = async (request: FastifyRequest) => {
    const miss = misses.get(request);
    if (!miss) return;
    misses.delete(request);
    miss.settle(null);
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.httpCache !== 'public-read' || route.config.responseCache === false) return;
    const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : []);
    route.preHandler = [...asList(route.preHandler), lookup];
    route.onSend = [...asList(route.onSend), store];
    route.onResponse = [...asList(route.onResponse), abandon];
    route.onRequestAbort = [...asList(route.onRequestAbort), abandon];
  });
  return cache;
}
