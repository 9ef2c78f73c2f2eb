import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { createGuards, type Guards } from './auth/guards.js';
import { createSessionCache, type SessionCache } from './auth/session-cache.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import {
  createMemoryAttemptCounter,
  createRedisAttemptCounter,
  systemClock,
  type AttemptCounter,
  type Clock,
} from './lib/attempt-counter.js';
import { keptGradebookFrames } from './lib/gradebook.js';
import type { FramesReader } from './lib/gradebook.js';
import type { InvalidationBus } from './lib/invalidation.js';
import { createJobRunner, type JobRunner } from './lib/jobs.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import type { SharedRedis } from './lib/redis.js';

/**
 * What every feature may be handed (ADR 054): the app's configuration, database, clock, guards, mail, counters,
 * invalidation bus and job runner, built once by `buildApp` before the features. A feature's `index.ts` takes the
 * parts it needs from here and anything another feature provides as a second, explicit argument.
 */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  log: FastifyBaseLogger;
  clock: Clock;
  guards: Guards;
  /** Sessions kept for a moment, dropped by the database's word at commit (auth/session-cache.ts, migration 0030). */
  sessionCache: SessionCache;
  mailer: Mailer;
  attempts: AttemptCounter;
  redis: SharedRedis | null;
  invalidation: InvalidationBus;
  jobs: JobRunner;
  /** Each course's gradebook frame, kept until the database says it changed: one for grading and classes. */
  gradebookFrames: FramesReader;
  /** A course's items, assessments and frame (lyceum_courses) or its results (lyceum_course_results) changed. */
  watchCourseChanges: (onChange: (courseId: string) => void) => () => void;
  /** Runs `stop` when the app closes (after the hooks added before it). */
  onClose: (stop: () => unknown) => void;
}

/**
 * A feature as `buildApp` registers it: its routes under /api (a Fastify plugin holding what it was built with),
 * plus, for the features whose services others use, those services by name.
 */
export interface Feature {
  routes: FastifyPluginAsync;
}

/** Builds the core on `app`: each part that holds a resource closes with it. */
export function createCore(
  app: FastifyInstance,
  deps: { config: Config; database: Database; tokens: TokenService; clock?: Clock; mailer?: Mailer },
  shared: { redis: SharedRedis | null; invalidation: InvalidationBus },
): Core {
  const { config, database, tokens } = deps;
  const onClose = (stop: () => unknown) => app.addHook('onClose', async () => void (await stop()));
  const sessionCache = createSessionCache();
  const stopWatchingSessions = database.watchSessions((userId) =>
    userId === '*' ? sessionCache.clear() : sessionCache.forgetUser(userId),
  );
  onClose(stopWatchingSessions);
  const guards = createGuards(database.db, tokens, undefined, sessionCache);
  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? createMailer(config, app.log);
  if (!deps.mailer) onClose(() => mailer.close());
  const attempts = shared.redis
    ? createRedisAttemptCounter(shared.redis, createMemoryAttemptCounter(clock))
    : createMemoryAttemptCounter(clock);
  const jobs = createJobRunner(database.db, { pollMs: config.jobs.pollMs, log: app.log });
  const gradebookFrames = keptGradebookFrames(database.db, database.watchCourses);
  onClose(() => gradebookFrames.close());
  const watchCourseChanges = (onChange: (courseId: string) => void) => {
    const stops = [database.watchCourses(onChange), database.watchCourseResults(onChange)];
    return () => stops.forEach((stop) => stop());
  };
  return {
    config,
    database,
    db: database.db,
    tokens,
    log: app.log,
    clock,
    guards,
    sessionCache,
    mailer,
    attempts,
    redis: shared.redis,
    invalidation: shared.invalidation,
    jobs,
    gradebookFrames: gradebookFrames.frames,
    watchCourseChanges,
    onClose,
  };
}

/** A feature's parts, checked as a `Feature` and kept with the services it exposes. */
export const feature = <T extends Feature>(parts: T): T => parts;
