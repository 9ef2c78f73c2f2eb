import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LIMITS } from '@lyceum/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createGuards } from './auth/guards.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createPasswordResetService } from './features/accounts/password-reset.js';
import { adminRoutes } from './features/admin/routes.js';
import { createAdminService } from './features/admin/service.js';
import { passwordResetRoutes } from './features/accounts/password-reset-routes.js';
import { profileImageRoutes } from './features/accounts/profile-image-routes.js';
import { accountRoutes } from './features/accounts/routes.js';
import { createAccountService } from './features/accounts/service.js';
import { courseRoutes } from './features/courses/routes.js';
import { createCourseService } from './features/courses/service.js';
import { dashboardRoutes } from './features/dashboards/routes.js';
import { createDashboardService } from './features/dashboards/service.js';
import { forumRoutes } from './features/forum/routes.js';
import { createForumService } from './features/forum/service.js';
import { healthRoutes } from './features/health/routes.js';
import { reviewRoutes } from './features/reviews/routes.js';
import { createReviewService } from './features/reviews/service.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { createImageService } from './features/uploads/service.js';
import { errorBody, registerErrorHandling, sendApiError } from './plugins/errors.js';
import { registerWebApp } from './plugins/web.js';
import { openApiTransform } from './lib/openapi.js';
import { HttpError } from './lib/errors.js';
import { isV1Path, rewriteV1Url, sendV1Error, sendV1NotFound, v1Routes } from './v1/index.js';
import {
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
  systemClock,
  type Clock,
} from './lib/attempt-counter.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { resilientRateLimitStore } from './lib/rate-limit-store.js';
import { connectRedis } from './lib/redis.js';

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  logger?: FastifyServerOptions['logger'];
  /** Outgoing mail; default: SMTP with SMTP_URL, else the outbox in DATA_DIR. */
  mailer?: Mailer;
  /** Time for throttle windows and reset-link expiry; tests pass a fake one to move time without sleeping. */
  clock?: Clock;
}

export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app.ts and dist/server.js both sit one level below apps/server.
  return path.resolve(here, '..', '..', 'web', 'dist');
}

/** The whole HTTP app, registered explicitly in order. Tests build it too. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, tokens } = deps;
  // A hop count trusts that many proxies in front of the app, whoever they are (Fastify itself treats a number as
  // "trust nothing"); an address list trusts only those peers.
  const hops = config.trustProxy;
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: LIMITS.jsonBodyBytes,
    // Only configured proxies may name the client (X-Forwarded-For); per-client limits key on request.ip.
    trustProxy,
    // v1 paths are case-insensitive and tolerate a trailing slash (v1-api.md §2.1).
    rewriteUrl: (request) => rewriteV1Url(request),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('sessionUser', null);
  // JSON only (multipart where a route registers it): any other body type is a 415.
  app.removeContentTypeParser('text/plain');

  // 1. Cross-cutting: errors, security headers, CORS, compression, rate limits.
  registerErrorHandling(app, sendApiError);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
  await app.register(cors, {
    origin: (origin, callback) => callback(null, Boolean(origin && config.corsOrigins.includes(origin))),
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
    credentials: false,
  });
  await app.register(compress, { threshold: 1024 });
  // Redis (when configured) shares the limits between nodes; while it is down each node counts on its own.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => redis.close());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: resilientRateLimitStore(redis) } : {}),
    errorResponseBuilder: () => new HttpError(429, 'Too many requests'),
  });

  // 2. API documentation generated from the contract's schemas.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lyceum API', version: '1.0.0', description: 'The REST API of the Lyceum web app.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // 3. Services, each built once and handed to the routes that need them.
  const guards = createGuards(database.db, tokens);
  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? createMailer(config, app.log);
  if (!deps.mailer) app.addHook('onClose', async () => mailer.close());
  const attempts = redis
    ? createRedisAttemptCounter(redis, createMemoryAttemptCounter(clock))
    : createMemoryAttemptCounter(clock);
  const images = createImageService(database.db);
  const accounts = createAccountService(database.db, tokens, {
    images,
    attempts,
    mailer,
    clock,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  const passwordResets = createPasswordResetService(database.db, {
    mailer,
    attempts,
    clock,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const dashboards = createDashboardService(database.db, { clock });
  const admin = createAdminService(database.db, { passwordResets });
  const courses = createCourseService(database.db);
  const forum = createForumService(database.db);
  const reviews = createReviewService(database.db);

  // 4. Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, redis });
      await api.register(accountRoutes, { accounts, guards, authRateLimit: config.authRateLimitPerMinute });
      await api.register(passwordResetRoutes, { passwordResets, authRateLimit: config.authRateLimitPerMinute });
      await api.register(async (scope) => {
        // multipart/form-data is parsed in this scope only: every other route answers it with 415.
        await scope.register(multipart, { limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 0 } });
        await scope.register(profileImageRoutes, { accounts, guards });
      });
      await api.register(dashboardRoutes, { dashboards, guards });
      await api.register(adminRoutes, { admin, guards });
      await api.register(forumRoutes, { forum, guards });
      await api.register(courseRoutes, { courses, guards });
      await api.register(reviewRoutes, { reviews, guards });
    },
    { prefix: '/api' },
  );
  // /uploads is also X2 of the v1 API, whose clients read its errors: they use the v1 envelope (v1-api.md §2.2).
  await app.register(async (files) => {
    registerErrorHandling(files, sendV1Error);
    await files.register(uploadRoutes, { images });
  });
  await app.register(v1Routes, {
    db: database.db,
    tokens,
    accounts,
    courses,
    forum,
    reviews,
    authRateLimit: config.authRateLimitPerMinute,
    writeRateLimit: config.writeRateLimitPerMinute,
  });

  // 5. The web app: its files, and its pages for a browser's navigation to any other address.
  await registerWebApp(app, config.webDistDir ?? defaultWebDistDir());
  app.setNotFoundHandler((request, reply) => {
    if (isV1Path(request.url)) return sendV1NotFound(reply);
    const pathname = request.url.split('?')[0];
    return reply.code(404).send(errorBody(404, `Route ${request.method} ${pathname} not found`));
  });

  return app;
}
