import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LIMITS } from '@lyceum/contract';
import Fastify, { LogController, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import type { Core } from '../core.js';
import type { Database } from '../db/client.js';
import { postgresTransport } from '../db/notify.js';
import { systemClock } from '../lib/attempt-counter.js';
import { serializerCompiler } from '../lib/compiled-json.js';
import { HttpError } from '../lib/errors.js';
import { registerHttpCaching } from '../lib/http-cache.js';
import {
  courseWriteInvalidation,
  createInvalidationBus,
  redisTransport,
  type InvalidationTransport,
} from '../lib/invalidation.js';
import { createKeyedLimit } from '../lib/keyed-limit.js';
import { rejectNulBytes } from '../lib/nul.js';
import { openApiTransform } from '../lib/openapi.js';
import { resilientRateLimitStore } from '../lib/rate-limit-store.js';
import { connectRedis, type SharedRedis } from '../lib/redis.js';
import { databaseRoute, registerRequestGate } from '../lib/request-gate.js';
import { registerResponseCache } from '../lib/response-cache.js';
import { registerSecurityHeaders } from '../lib/security-headers.js';
import { isV1RoutePath, rewriteV1Url } from '../v1/index.js';
import { registerErrorHandling, sendApiError } from './errors.js';
import { createPageReplay } from './page-replay.js';

/**
 * The app's plugins, in the order `buildApp` registers them: the Fastify instance itself, the cross-cutting hooks
 * and plugins, the API documentation, and the /api scope every feature's routes are registered in.
 */
/** Invalidations reach the other app processes through Redis when configured, else PostgreSQL; PGlite has one. */
function invalidationTransport(redis: SharedRedis | null, database: Database): InvalidationTransport | null {
  if (redis) return redisTransport(redis.client);
  if (database.kind === 'postgres' && database.url) return postgresTransport(database.url);
  return null;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The public reads kept in memory (for RESPONSE_CACHE_MS, by default the 5 s of `max-age` they are sent with, then
 * sent for up to 30 s more — their `stale-while-revalidate` — while read again in the background; a write through the
 * API drops them at once): 2,000 answers and 32 MB (JSON and compressed copies) at most, least recently used first.
 * 32 MB holds the outlines of 100 large courses (600 lessons: 150 KB of JSON and 18 KB of brotli each), which 16 MB
 * did not: read round-robin, each was dropped before it was asked for again (ADR 020, session 11).
 */
const RESPONSE_CACHE_BOUNDS = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 };

/** The Fastify instance with the contract's validation and serialization; its first hook replays cached pages. */
export function createFastify(deps: AppDeps) {
  const { config } = deps;
  // A hop count trusts that many proxies in front of the app, whoever they are (Fastify itself treats a number as
  // "trust nothing"); an address list trusts only those peers.
  const hops = config.trustProxy;
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const requestLogging = ['debug', 'trace'].includes(config.logLevel);
  const app = Fastify({
    logger: deps.logger ?? false,
    // Two log lines per request, written synchronously, cost about a quarter of a cheap route's throughput at info
    // (issue 20): they are written at LOG_LEVEL=debug or trace only. Errors are logged at any level.
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    bodyLimit: LIMITS.jsonBodyBytes,
    // Only configured proxies may name the client (X-Forwarded-For); per-client limits key on request.ip.
    trustProxy,
    // v1 paths are case-insensitive and tolerate a trailing slash (v1-api.md §2.1).
    rewriteUrl: (request) => rewriteV1Url(request),
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Zod's for every answer but the large ones a route marks with compiledJson (lib/compiled-json.ts).
  app.setSerializerCompiler(serializerCompiler({ check: deps.checkSerializers ?? false }));
  app.decorateRequest('sessionUser', null);
  // JSON only (multipart where a route registers it): any other body type is a 415.
  app.removeContentTypeParser('text/plain');
  // 0. A cached rendered page's repeat answered before any other hook, as the app answered it the first time (ADR 020).
  const pageReplay = createPageReplay({ enabled: !requestLogging });
  app.addHook('onRequest', pageReplay.onRequest);
  return { app, pageReplay };
}

export type App = ReturnType<typeof createFastify>['app'];

/** Errors, security headers, CORS, the request gate, Redis and the invalidation bus, caching, compression, rate limits. */
export async function registerCrossCutting(app: App, deps: AppDeps) {
  const { config, database } = deps;
  registerErrorHandling(app, sendApiError);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for the pictures About Course may show (v1-api.md E11 lets it hold http(s) images).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // @fastify/cors answers preflights on a catch-all `OPTIONS *` route of its own: public by nature.
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*') route.config = { ...route.config, access: { who: 'public' } };
  });
  // Pictures under /uploads are public and load in v1 clients served from another origin (v1-api.md X2), so they
  // allow cross-origin embedding; every other response keeps helmet's same-origin policy.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/uploads/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, Boolean(origin && config.corsOrigins.includes(origin))),
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
    credentials: false,
  });
  // Requests waiting for the database are bounded: beyond, 503 + Retry-After at once instead of a timeout (ADR 031).
  registerRequestGate(app, {
    maxPending: config.dbMaxPendingRequests,
    retryAfterSeconds: 1,
    isDatabaseRoute: databaseRoute(isV1RoutePath),
  });
  // Redis (when configured) shares the limits between nodes; while it is down each node counts on its own.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log, { timeoutMs: config.redisTimeoutMs }) : null;
  if (redis) app.addHook('onClose', async () => redis.close());
  const invalidation = deps.invalidation ?? createInvalidationBus(invalidationTransport(redis, database), app.log);
  if (!deps.invalidation) app.addHook('onClose', () => invalidation.close());
  // Before compression: the ETag is of the answer itself, and a 304 is decided before anything is compressed.
  registerHttpCaching(app);
  // Public reads answered from memory until a write changes what they show (ADR 020); after the ETag hook, before
  // compression (answers are kept as JSON and compressed once per encoding).
  if (config.responseCacheMs > 0) {
    registerResponseCache(
      app,
      { ...RESPONSE_CACHE_BOUNDS, ttlMs: config.responseCacheMs, staleMs: 30_000, clock: deps.clock ?? systemClock },
      invalidation,
    );
  }
  await app.register(compress, {
    threshold: 1024,
    // Measured on a catalogue page and a rendered page (ADR 020): brotli at its default quality (11) cost more than
    // half a rendered page's throughput; quality 4 is ~20x faster and ~10 % larger. Answers compressed here are made
    // for one request (cached pages and public reads are compressed once, at quality 4, when kept): quality 1 costs
    // 18-27 us instead of 51-80 us on a 4.6-13.7 KB list, for 8-18 % more bytes (ADR 020, session 14).
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 6 },
    // Answers up to 64 KB compressed in one call on the event loop, not through a zlib stream on the threadpool:
    // on 2 cores the stream's setup and hand-off cost more than the compression (teacher's courses, 13.7 KB:
    // 415-515 -> 584-724 req/s; ADR 020, session 11). The plugin's default for 2 cores is 8 KB.
    syncThreshold: 65536,
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: resilientRateLimitStore(redis) } : {}),
    errorResponseBuilder: () => new HttpError(429, 'Too many requests'),
  });
  return { redis, invalidation };
}

/** API documentation generated from the contract's schemas, at /api/docs. */
export async function registerApiDocs(app: App) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lyceum API', version: '1.0.0', description: 'The REST API of the Lyceum web app.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform,
  });
  // The documentation pages are public; the plugin takes no route config, so they are declared as they are added.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: { who: 'public' } };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
}

/**
 * The /api scope: a NUL the contract did not catch is a 400, every authenticated write is counted per user, and a
 * course teacher's write drops the course's public copies. `features` are registered in it, in order.
 */
export function apiScope(core: Core, features: { routes: FastifyPluginAsync }[]): FastifyPluginAsync {
  const { config, invalidation } = core;
  return async (api) => {
    // After authentication and schema validation: a NUL the contract did not catch is still a 400.
    api.addHook('preHandler', rejectNulBytes);
    // Every authenticated write is counted per user, after the route's own guards have named the caller
    // (public writes — login, registration, reset — have their per-client limits instead). ADR 031.
    const limitWrites = createKeyedLimit(
      api,
      'api-write',
      config.apiWriteRateLimitPerMinute,
      (request) => request.sessionUser?.id ?? null,
    );
    const courseWritten = courseWriteInvalidation(invalidation);
    api.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((method) => WRITE_METHODS.has(method))) return;
      const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      route.preHandler = [...own, limitWrites];
      // A course teacher's write under /courses/:id drops that course's cached public copies (its outline).
      if (route.config?.access?.scope === 'course-teacher' && /\/courses\/:id(\/|$)/.test(route.url)) {
        const sends = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
        route.onSend = [...sends, courseWritten];
      }
    });
    for (const feature of features) await api.register(feature.routes);
  };
}
