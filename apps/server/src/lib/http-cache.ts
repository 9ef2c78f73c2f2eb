import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'public-read': an answer that is the same for every anonymous caller (catalogue, course, reviews, forum).
     * Without a token it carries an ETag (If-None-Match → 304 without a body) and may be kept by shared caches for a
     * few seconds; with one it is private and never stored.
     */
    httpCache?: 'public-read';
  }
}

/** Route config of an anonymous public read. */
/** An anonymous public read: anyone may call it (the security suite checks so) and caches may keep it. */
export const PUBLIC_READ = { httpCache: 'public-read', access: { who: 'public' } } as const;
/**
 * A public read whose answer never depends on the caller (the catalogue, the home shelves): the response cache
 * serves it to callers with a token too (still `private, no-store` for them).
 */
export const PUBLIC_READ_FOR_ALL = { ...PUBLIC_READ, responseCache: 'everyone' } as const;

/**
 * Fresh for 5 s, then served stale for up to 30 s while a cache revalidates it. Writes show on the site at once
 * (rendered pages are invalidated on the server); a browser or CDN may show an anonymous visitor the answer of a few
 * seconds ago.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match against our (weak) ETag: weak comparison, as RFC 9110 §13.1.2 asks. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

const publicRead: onSendHookHandler = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  if (request.headers.authorization) {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return payload;
  }
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  // An answer from the response cache (lib/response-cache.ts) carries the ETag worked out when it was kept.
  const etag = (reply.getHeader('etag') as string | undefined) ?? weakEtag(payload);
  // A shared cache must not hand this anonymous answer to a request that carries a token.
  const vary = reply.getHeader('vary');
  reply
    .header('etag', etag)
    .header('cache-control', PUBLIC_READ_CACHE_CONTROL)
    .header('vary', vary ? `${String(vary)}, authorization` : 'authorization');
  if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return null;
};

/**
 * Adds the public-read hook to the routes that declare `config: PUBLIC_READ` only (no cost for the others). Must be
 * registered before @fastify/compress: the ETag is of the JSON, and a 304 is decided before anything is compressed.
 */
export function registerHttpCaching(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.httpCache !== 'public-read') return;
    const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [...existing, publicRead];
  });
}
