import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import { createCore } from './core.js';
import type { Database } from './db/client.js';
import { accountsFeature } from './features/accounts/index.js';
import { adminFeature } from './features/admin/index.js';
import { assessmentsFeature } from './features/assessments/index.js';
import { certificatesFeature } from './features/certificates/index.js';
import { attendanceFeature } from './features/attendance/index.js';
import { classesFeature } from './features/classes/index.js';
import { coursesFeature } from './features/courses/index.js';
import { curriculumFeature } from './features/curriculum/index.js';
import { dashboardsFeature } from './features/dashboards/index.js';
import { forumFeature } from './features/forum/index.js';
import { gradingFeature } from './features/grading/index.js';
import { guardiansFeature } from './features/guardians/index.js';
import { healthFeature } from './features/health/index.js';
import { ltiFeature } from './features/lti/index.js';
import { notificationsFeature } from './features/notifications/index.js';
import { progressGridFeature } from './features/progress-grid/index.js';
import { reviewsFeature } from './features/reviews/index.js';
import { rostersFeature } from './features/rosters/index.js';
import { scormFeature } from './features/scorm/index.js';
import { ssoFeature } from './features/sso/index.js';
import { teacherHomeFeature } from './features/teacher-home/index.js';
import { todoFeature } from './features/todo/index.js';
import { uploadsFeature } from './features/uploads/index.js';
import type { Clock } from './lib/attempt-counter.js';
import type { InvalidationBus } from './lib/invalidation.js';
import type { JobRunner } from './lib/jobs.js';
import type { Mailer } from './lib/mailer.js';
import { setDefaultLanguage } from './lib/i18n/index.js';
import { setDefaultTimeZone } from './lib/time-zones.js';
import { apiScope, createFastify, registerApiDocs, registerCrossCutting } from './plugins/app-plugins.js';
import { errorBody, registerErrorHandling } from './plugins/errors.js';
import { registerWebApp } from './plugins/web.js';
import { isV1Path, isV1RoutePath, sendV1Error, sendV1NotFound, v1Routes } from './v1/index.js';

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

export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app.ts and dist/server.js both sit one level below apps/server.
  return path.resolve(here, '..', '..', 'web', 'dist');
}

/**
 * The whole HTTP app, registered explicitly in order (ADR 054). Tests build it too. A feature is built by the
 * function its `index.ts` exports, from the core and what other features hand it, and its routes are registered
 * under /api in the list below: adding a feature is one line here.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Dates for users who have no time zone yet are written in the school's (issue 46.9, ADR 050).
  setDefaultTimeZone(config.defaultTimeZone);
  setDefaultLanguage(config.defaultLanguage);

  // 0-2. The instance (its first hook replays cached pages), the cross-cutting plugins, the API documentation.
  const { app, pageReplay } = createFastify(deps);
  const { redis, invalidation } = await registerCrossCutting(app, deps);
  await registerApiDocs(app);

  // 3. The core every feature may use, then the features, each built once (in this order: some hand others theirs).
  const core = createCore(app, deps, { redis, invalidation });
  const uploads = uploadsFeature(core);
  const accounts = accountsFeature(core, { images: uploads.images });
  const curriculum = curriculumFeature(core);
  const courses = coursesFeature(core, curriculum.curriculum);
  const forum = forumFeature(core);
  const reviews = reviewsFeature(core);
  const assessments = assessmentsFeature(core);
  const scorm = scormFeature(core);
  const notifications = await notificationsFeature(core);
  const todo = todoFeature(core);
  const classes = classesFeature(core);
  /** A guardian reads as their child: the classes' member reads, asked as the student (after the link check). */
  const asStudent = (studentId: string) => ({ id: studentId, role: 'student' });
  const guardians = guardiansFeature(core, {
    createAccount: (body) => accounts.accounts.register(body),
    studentTodo: (studentId) => todo.todo.student(studentId),
    childGrades: (studentId, classId, paging) => classes.classes.grades(asStudent(studentId), classId, paging),
    childAnnouncements: (studentId, classId, paging) =>
      classes.classes.announcements(asStudent(studentId), classId, paging, 'member'),
    summaryMail: notifications.guardianSummaryMail,
  });
  const features = [
    healthFeature(core),
    accounts,
    dashboardsFeature(core),
    adminFeature(core, accounts),
    forum,
    courses,
    curriculum,
    reviews,
    classes,
    certificatesFeature(core),
    progressGridFeature(core),
    notifications,
    assessments,
    gradingFeature(core, assessments.serving),
    ssoFeature(core),
    ltiFeature(core),
    rostersFeature(core, accounts),
    todo,
    guardians,
    attendanceFeature(core, { childOf: (guardianId, studentId) => guardians.guardians.childOf(guardianId, studentId) }),
    teacherHomeFeature(core),
    scorm,
  ];
  app.decorate('jobs', core.jobs);
  // Jobs run once the app serves (not in tests that only inject); streams end before the server closes.
  if (config.jobs.run) app.addHook('onListen', async () => core.jobs.start());
  app.addHook('preClose', async () => notifications.hub.close());
  app.addHook('onClose', async () => {
    await notifications.stopListening();
    await core.jobs.stop();
  });

  // 4. Routes: the features' under /api; pictures at /uploads; the v1 compatibility API.
  await app.register(apiScope(core, features), { prefix: '/api' });
  // /uploads is also X2 of the v1 API, whose clients read its errors: they use the v1 envelope (v1-api.md §2.2).
  await app.register(async (files) => {
    registerErrorHandling(files, sendV1Error);
    await files.register(uploads.files);
  });
  // A SCORM package's files, at an isolated path of their own (sandboxed, by launch token: ADR 067).
  await app.register(scorm.content);
  await app.register(v1Routes, {
    db: core.db,
    tokens: core.tokens,
    sessionCache: core.sessionCache,
    accounts: accounts.accounts,
    courses: courses.courses,
    forum: forum.forum,
    reviews: reviews.reviews,
    images: uploads.images,
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
