import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CURRICULUM_LIMITS, LIMITS, QUESTION_LIMITS, SUBMISSION_FILE_LIMITS } from '@lyceum/contract';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './lib/compiled-json.js';
import { keptGradebookFrames } from './lib/gradebook.js';
import { createGuards } from './auth/guards.js';
import { createSessionCache } from './auth/session-cache.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import { SESSION_CHANNEL, type Database } from './db/client.js';
import { createPasswordResetService } from './features/accounts/password-reset.js';
import { adminRoutes } from './features/admin/routes.js';
import { classRoutes } from './features/classes/routes.js';
import { createClassService } from './features/classes/service.js';
import { assessmentRoutes } from './features/assessments/assessment-routes.js';
import { createAttemptInspection } from './features/assessments/attempt-inspection.js';
import { attemptInspectionRoutes } from './features/assessments/attempt-inspection-routes.js';
import { submissionFileRoutes, submissionUploadRoutes } from './features/assessments/submission-file-routes.js';
import { createSubmissionFileService } from './features/assessments/submission-files.js';
import { autoSubmitOverdueAttempts, createAssessmentService } from './features/assessments/assessment-service.js';
import { registerGradingWaitingJob } from './features/assessments/grading.js';
import { questionBankRoutes } from './features/assessments/routes.js';
import { createFeedbackService } from './features/grading/feedback-service.js';
import { feedbackRoutes } from './features/grading/routes.js';
import { createGradingService } from './features/grading/grading-service.js';
import { gradingRoutes } from './features/grading/grading-routes.js';
import { createMistakesService } from './features/grading/mistakes-service.js';
import { gradeQuestion } from './features/assessments/question-types/index.js';
import { correctResponse, questionForTaking } from './features/assessments/taking.js';
import { createQuestionBankService } from './features/assessments/service.js';
import { createAdminService } from './features/admin/service.js';
import { passwordResetRoutes } from './features/accounts/password-reset-routes.js';
import { profileImageRoutes } from './features/accounts/profile-image-routes.js';
import { accountRoutes } from './features/accounts/routes.js';
import { createAccountService } from './features/accounts/service.js';
import { courseRoutes } from './features/courses/routes.js';
import { createCourseService } from './features/courses/service.js';
import { certificateRoutes } from './features/certificates/routes.js';
import { createCertificateService } from './features/certificates/service.js';
import { attachmentUploadRoutes, curriculumRoutes } from './features/curriculum/routes.js';
import { createCurriculumService } from './features/curriculum/service.js';
import { dashboardRoutes } from './features/dashboards/routes.js';
import { createDashboardService } from './features/dashboards/service.js';
import { forumRoutes } from './features/forum/routes.js';
import { createForumService } from './features/forum/service.js';
import { progressGridRoutes } from './features/progress-grid/routes.js';
import { createProgressGridService } from './features/progress-grid/service.js';
import { healthRoutes } from './features/health/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { createNotificationService } from './features/notifications/service.js';
import { createStreamHub } from './features/notifications/stream.js';
import { reviewRoutes } from './features/reviews/routes.js';
import { createReviewService } from './features/reviews/service.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { createImageService } from './features/uploads/service.js';
import { errorBody, registerErrorHandling, sendApiError } from './plugins/errors.js';
import { createPageReplay } from './plugins/page-replay.js';
import { registerWebApp } from './plugins/web.js';
import { openApiTransform } from './lib/openapi.js';
import { HttpError } from './lib/errors.js';
import { refreshProgress } from './lib/progress.js';
import { rejectNulBytes } from './lib/nul.js';
import { createKeyedLimit } from './lib/keyed-limit.js';
import { databaseRoute, registerRequestGate } from './lib/request-gate.js';
import { isV1Path, isV1RoutePath, rewriteV1Url, sendV1Error, sendV1NotFound, v1Routes } from './v1/index.js';
import {
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
  systemClock,
  type Clock,
} from './lib/attempt-counter.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { resilientRateLimitStore } from './lib/rate-limit-store.js';
import { connectRedis, type SharedRedis } from './lib/redis.js';
import { registerHttpCaching } from './lib/http-cache.js';
import { registerResponseCache } from './lib/response-cache.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import {
  courseWriteInvalidation,
  createInvalidationBus,
  redisTransport,
  type InvalidationBus,
  type InvalidationTransport,
} from './lib/invalidation.js';
import { postgresTransport } from './db/notify.js';
import { NOTIFICATIONS_CHANNEL } from './lib/events.js';
import { createJobRunner, type JobRunner } from './lib/jobs.js';
import { setDefaultTimeZone } from './lib/time-zones.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner of this app (started on listen when JOB_RUNNER is on); tests drain it. */
    jobs: JobRunner;
  }
}

export interface AppDeps {
  config: Config;
  /** The tests: each answer of a compiled serializer is compared with zod's (lib/compiled-json.ts). */
  checkSerializers?: boolean;
  database: Database;
  tokens: TokenService;
  logger?: FastifyServerOptions['logger'];
  /** Outgoing mail; default: SMTP with SMTP_URL, else the outbox in DATA_DIR. */
  mailer?: Mailer;
  /** Time for throttle windows and reset-link expiry; tests pass a fake one to move time without sleeping. */
  clock?: Clock;
  /** Sees every route as it is added (the security suite reads each route's `config.access` from here). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Where writes report what they changed, for the caches; default: this process, and the other app processes on
   * the same data through Redis (REDIS_URL) or PostgreSQL LISTEN/NOTIFY.
   */
  invalidation?: InvalidationBus;
}

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

export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app.ts and dist/server.js both sit one level below apps/server.
  return path.resolve(here, '..', '..', 'web', 'dist');
}

/** The whole HTTP app, registered explicitly in order. Tests build it too. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, tokens } = deps;
  // Dates for users who have no time zone yet are written in the school's (issue 46.9, ADR 050).
  setDefaultTimeZone(config.defaultTimeZone);
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

  // 1. Cross-cutting: errors, security headers, CORS, compression, rate limits.
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

  // 2. API documentation generated from the contract's schemas.
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

  // 3. Services, each built once and handed to the routes that need them.
  // Sessions kept for a moment, dropped by the database's word at commit (auth/session-cache.ts, migration 0030).
  const sessionCache = createSessionCache();
  const stopWatchingSessions = database.watchSessions((userId) =>
    userId === '*' ? sessionCache.clear() : sessionCache.forgetUser(userId),
  );
  app.addHook('onClose', async () => stopWatchingSessions());
  const guards = createGuards(database.db, tokens, undefined, sessionCache);
  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? createMailer(config, app.log);
  if (!deps.mailer) app.addHook('onClose', async () => mailer.close());
  const attempts = redis
    ? createRedisAttemptCounter(redis, createMemoryAttemptCounter(clock))
    : createMemoryAttemptCounter(clock);
  const images = createImageService(database.db, { jobs: config.imageJobs });
  const accounts = createAccountService(database.db, tokens, {
    images,
    attempts,
    mailer,
    clock,
    log: app.log,
    invalidation,
    publicUrl: config.publicUrl,
  });
  const passwordResets = createPasswordResetService(database.db, {
    mailer,
    attempts,
    clock,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const dashboards = createDashboardService(database.db, {
    clock,
    watchStudents: database.watchStudents,
    watchTeachers: database.watchTeachers,
  });
  app.addHook('onClose', async () => dashboards.close());
  const admin = createAdminService(database.db, { passwordResets, invalidation });
  const curriculum = createCurriculumService(database.db, {
    watchCourses: database.watchCourses,
    watchStudents: database.watchStudents,
  });
  app.addHook('onClose', async () => curriculum.close());
  const courses = createCourseService(database.db, {
    invalidation,
    watchTeachers: database.watchTeachers,
    watchLearnerEnrolments: database.watchLearnerEnrolments,
    hasCurriculum: curriculum.hasCurriculum,
    refreshProgress: curriculum.refreshProgress,
  });
  app.addHook('onClose', async () => courses.close());
  const forum = createForumService(database.db, { invalidation });
  const reviews = createReviewService(database.db, { invalidation });
  const questionBank = createQuestionBankService(database.db, { watchTeachers: database.watchTeachers });
  app.addHook('onClose', async () => questionBank.close());
  const feedback = createFeedbackService(database.db);
  // Each course's gradebook frame, kept until the database says it changed: one for grading and classes.
  const gradebookFrames = keptGradebookFrames(database.db, database.watchCourses);
  app.addHook('onClose', async () => gradebookFrames.close());
  // A course's items, assessments and frame (lyceum_courses) or its results (lyceum_course_results) changed.
  const watchCourseChanges = (onChange: (courseId: string) => void) => {
    const stops = [database.watchCourses(onChange), database.watchCourseResults(onChange)];
    return () => stops.forEach((stop) => stop());
  };
  const grading = createGradingService(database.db, {
    clock,
    frames: gradebookFrames.frames,
    watchGradebooks: watchCourseChanges,
  });
  app.addHook('onClose', async () => grading.close());
  // The notebook re-asks bank questions: app.ts hands it the assessments' key-free serving and graders.
  const mistakes = createMistakesService(database.db, {
    questionForTaking: (row) => questionForTaking(row, 0, false),
    grade: gradeQuestion,
    correctResponse,
    clock,
  });
  const classes = createClassService(database.db, {
    attempts,
    clock,
    publicUrl: config.publicUrl,
    // Joining enrols in the class's courses: their progress comes from the curriculum's one function.
    refreshProgress: async (courseId, studentId) => void (await refreshProgress(database.db, courseId, studentId)),
    watchTeachers: database.watchTeachers,
    watchUsers: database.watchUsers,
    frames: gradebookFrames.frames,
    watchClassResults: database.watchClassResults,
    watchCourseChanges,
  });
  app.addHook('onClose', async () => classes.close());
  const assessmentService = createAssessmentService(database.db, {
    clock,
    attempts,
    watchLearnerAttempts: database.watchLearnerAttempts,
    watchCourses: database.watchCourses,
  });
  app.addHook('onClose', async () => assessmentService.close());
  const submissionFiles = createSubmissionFileService(database.db, { clock });
  const certificates = createCertificateService(database.db, {
    publicUrl: config.publicUrl,
    publicUrlSet: config.publicUrlSet,
  });
  const progressGrid = createProgressGridService(database.db);
  const notifications = createNotificationService(database.db, {
    mailer,
    tokens,
    publicUrl: config.publicUrl,
    log: app.log,
    watchUsers: database.watchUsers,
  });
  app.addHook('onClose', async () => notifications.close());
  const hub = createStreamHub(database.db, notifications, { checkMs: config.sseCheckMs, log: app.log });
  const jobs = createJobRunner(database.db, { pollMs: config.jobs.pollMs, log: app.log });
  notifications.registerJobs(jobs);
  registerGradingWaitingJob(database.db, jobs);
  classes.registerJobs(jobs);
  questionBank.registerJobs(jobs);
  // Attempts past their deadline + grace are submitted with what was saved, even when nobody comes back (issue 16):
  // one run per 30 s slot across every process (each attempt is claimed with SKIP LOCKED, so overlaps are safe too).
  jobs.registerSchedule('assessments.auto-submit', 30_000, async () => {
    await autoSubmitOverdueAttempts(database.db, new Date(clock()));
  });
  app.decorate('jobs', jobs);
  // One NOTIFY per committed event, from whichever process wrote it: live streams here, and mail jobs now. The
  // session changes on the same connection, so a stream whose session ended before an event committed is checked
  // (and ended) before that event is read for it (ADR 035).
  const stopListening = await database.listen([SESSION_CHANNEL, NOTIFICATIONS_CHANNEL], (payload, channel) => {
    if (channel === SESSION_CHANNEL) return hub.onSessionChange(payload);
    hub.onNotify(payload);
    jobs.wake();
  });
  // Jobs run once the app serves (not in tests that only inject); streams end before the server closes.
  if (config.jobs.run) app.addHook('onListen', async () => jobs.start());
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    await stopListening();
    await jobs.stop();
  });

  // 4. Routes.
  await app.register(
    async (api) => {
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
      await api.register(healthRoutes, { database, redis, now: clock });
      await api.register(accountRoutes, { accounts, guards, authRateLimit: config.authRateLimitPerMinute });
      await api.register(passwordResetRoutes, {
        passwordResets,
        authRateLimit: config.authRateLimitPerMinute,
        resetRequestsPerClientPerHour: config.resetRequestsPerClientPerHour,
      });
      await api.register(async (scope) => {
        // multipart/form-data is parsed in this scope only: every other route answers it with 415.
        await scope.register(multipart, { limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 0 } });
        await scope.register(profileImageRoutes, {
          accounts,
          guards,
          imageRateLimit: config.imageRateLimitPerMinute,
        });
      });
      await api.register(dashboardRoutes, { dashboards, guards });
      await api.register(adminRoutes, { admin, guards });
      await api.register(forumRoutes, { forum, guards });
      await api.register(courseRoutes, { courses, guards });
      await api.register(curriculumRoutes, { curriculum, guards });
      await api.register(async (scope) => {
        // Lesson attachments: multipart in this scope only, one file of at most 20 MB.
        await scope.register(multipart, {
          limits: { fileSize: CURRICULUM_LIMITS.attachmentBytes, files: 1, fields: 0 },
        });
        await scope.register(attachmentUploadRoutes, { curriculum, guards });
      });
      await api.register(reviewRoutes, { reviews, guards });
      await api.register(classRoutes, { classes, guards });
      await api.register(certificateRoutes, { certificates, guards });
      await api.register(progressGridRoutes, { progressGrid, guards });
      await api.register(notificationRoutes, {
        notifications,
        hub,
        guards,
        unsubscribeRateLimit: config.authRateLimitPerMinute,
      });
      await api.register(async (scope) => {
        // The GIFT import reads one text file of at most 1 MB; the scope keeps multipart away from other routes.
        await scope.register(multipart, { limits: { fileSize: QUESTION_LIMITS.giftBytes, files: 1, fields: 0 } });
        await scope.register(questionBankRoutes, { questionBank, guards });
      });
      await api.register(feedbackRoutes, { feedback, guards });
      await api.register(gradingRoutes, { grading, mistakes, guards });
      await api.register(assessmentRoutes, { assessments: assessmentService, guards });
      await api.register(attemptInspectionRoutes, {
        inspection: createAttemptInspection(database.db, { clock }),
        guards,
      });
      const submissionFileOptions = {
        files: submissionFiles,
        guards,
        uploadRateLimit: config.submissionUploadRateLimitPerMinute,
      };
      await api.register(submissionFileRoutes, submissionFileOptions);
      await api.register(async (scope) => {
        // Assignment hand-ins: multipart in this scope only, one file of at most 20 MB (ADR 025).
        await scope.register(multipart, { limits: { fileSize: SUBMISSION_FILE_LIMITS.bytes, files: 1, fields: 0 } });
        await scope.register(submissionUploadRoutes, submissionFileOptions);
      });
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
    sessionCache,
    accounts,
    courses,
    forum,
    reviews,
    images,
    site: { publicUrl: config.publicUrl, publicUrlSet: config.publicUrlSet },
    authRateLimit: config.authRateLimitPerMinute,
    writeRateLimit: config.writeRateLimitPerMinute,
  });

  // 5. The web app: its files, and its pages for a browser's navigation to any other address.
  await registerWebApp(app, config.webDistDir ?? defaultWebDistDir(), {
    invalidation,
    isApiPath: isV1RoutePath,
    replay: pageReplay,
    defaultLanguage: config.defaultLanguage,
  });
  app.setNotFoundHandler((request, reply) => {
    if (isV1Path(request.url)) return sendV1NotFound(reply);
    const pathname = request.url.split('?')[0];
    return reply.code(404).send(errorBody(404, `Route ${request.method} ${pathname} not found`));
  });

  return app;
}
