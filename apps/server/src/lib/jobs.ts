import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

/**
 * The job runner on the database (ADR 027): a `jobs` table claimed with `FOR UPDATE SKIP LOCKED` and a lease, so it
 * runs on the embedded PGlite and on PostgreSQL with any number of app processes. Features enqueue work in the
 * same transaction as the change that causes it (`enqueue(tx, ...)`), so the work exists exactly when the change
 * does; a runner in every process claims due jobs, retries failures with back-off and gives up after
 * `maxAttempts`. Scheduled jobs are enqueued once per time slot under a unique key, so each slot runs once across
 * processes.
 */

/** A database handle or an open transaction (both have the query builder). */
export type DbOrTx = Pick<Db, 'insert' | 'select' | 'update' | 'execute'>;

/** Attempts before a job is marked failed, unless its enqueue says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 8;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** A second enqueue with the same key (in any process, at any time) is ignored. */
  uniqueKey?: string;
  /** Attempts before the job is marked failed (default 8). */
  maxAttempts?: number;
}

/** Adds a job; inside the caller's transaction, so it exists if and only if the change commits. */
export async function enqueue(
  tx: DbOrTx,
  name: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      name,
      payload,
      runAt: options.runAt ?? new Date(),
      uniqueKey: options.uniqueKey ?? null,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey });
}

/** Adds many jobs of one name in one statement (a fan-out); each payload with its own options. */
export async function enqueueMany(
  tx: DbOrTx,
  name: string,
  items: readonly { payload: Record<string, unknown>; options?: EnqueueOptions }[],
): Promise<void> {
  if (items.length === 0) return;
  await tx
    .insert(jobs)
    .values(
      items.map(({ payload, options = {} }) => ({
        name,
        payload,
        runAt: options.runAt ?? new Date(),
        uniqueKey: options.uniqueKey ?? null,
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      })),
    )
    .onConflictDoNothing({ target: jobs.uniqueKey });
}

export interface JobContext {
  /** The job's id (stable across retries: an idempotency key for side effects outside the database). */
  id: string;
  /** 1 on the first run. */
  attempt: number;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  /** How often due jobs are looked for when nothing wakes the runner (default 1 s). */
  pollMs?: number;
  /** How long a claimed job is this runner's; after it, another runner may take it (default 60 s). */
  leaseMs?: number;
  /** Jobs run at the same time by this runner (default 4). */
  concurrency?: number;
  /** Finished jobs are deleted after this long (default 7 days); their unique keys go with them. */
  keepFinishedMs?: number;
  now?: () => number;
  log?: JobLog;
}

export interface ScheduleOptions {
  /** On a database where the schedule never ran, skip the slot it is first seen in (default: run it at once). */
  fromNextSlot?: boolean;
}

export interface JobRunner {
  registerJob(name: string, handler: JobHandler): void;
  /**
   * Runs `handler` once per `everyMs` slot (slots aligned to the Unix epoch, so a day is a UTC day), in exactly one
   * process: the slot is a job with the unique key `schedule:<name>:<slot>`. A slot whose time has passed still runs
   * when a process starts late in it (catch-up after downtime), unless the schedule never ran on this database and
   * `fromNextSlot` is set: then its first run is the next slot (a fresh install's first start mails no digest).
   */
  registerSchedule(name: string, everyMs: number, handler: JobHandler, options?: ScheduleOptions): void;
  /** Starts polling (the app calls it once it listens). */
  start(): void;
  /** Looks for due jobs now (a change that enqueued one calls it, so delivery does not wait for the poll). */
  wake(): void;
  /** Stops claiming and waits for the running jobs (the app calls it on close). */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is left; for tests and scripts. Resolves to the number run. */
  drain(): Promise<number>;
}

/** Back-off after the n-th failed attempt: 2 s, 4 s, 8 s ... capped at one hour, with jitter. */
export function backoffMs(attempt: number): number {
  const base = Math.min(3_600_000, 1000 * 2 ** Math.max(1, attempt));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

const SCHEDULE_PREFIX = 'schedule:';

interface ClaimedJob {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** What the queue's statements read: the registered handlers and schedules, the clock, the lease and the log. */
interface QueueParts {
  handlers: Map<string, JobHandler>;
  schedules: Map<string, number>;
  scheduleHandlers: Map<string, JobHandler>;
  /** Schedules that start from the next slot, until this process has looked for their history once. */
  unchecked: Set<string>;
  now: () => number;
  leaseMs: number;
  keepFinishedMs: number;
  log: JobRunnerOptions['log'];
}

/** The queue's statements: planning the schedules' slots, claiming due jobs, running one, sweeping old ones. */
function createJobQueue(db: Db, parts: QueueParts) {
  const { handlers, schedules, scheduleHandlers, unchecked, now, leaseMs, keepFinishedMs, log } = parts;
  let lastSweep = 0;

  /**
   * A schedule that never ran on this database (no job of it is left: none ever, or none for the week finished ones
   * are kept) has its current slot written as done, so its first run is the next slot. Two processes doing this at
   * once write one row (the slot's unique key).
   */
  async function skipFirstSlot(name: string, slot: number, everyMs: number): Promise<void> {
    const jobName = `${SCHEDULE_PREFIX}${name}`;
    const [seen] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, jobName)).limit(1);
    if (seen) return;
    await db
      .insert(jobs)
      .values({
        name: jobName,
        payload: { slot },
        runAt: new Date(slot * everyMs),
        uniqueKey: `${SCHEDULE_PREFIX}${name}:${slot}`,
        status: 'done',
        finishedAt: new Date(now()),
        maxAttempts: 3,
      })
      .onConflictDoNothing({ target: jobs.uniqueKey });
  }

  /** Enqueues the current slot of every schedule (a no-op where another process did). */
  async function planSchedules(): Promise<void> {
    const at = now();
    for (const [name, everyMs] of schedules) {
      const slot = Math.floor(at / everyMs);
      if (unchecked.has(name)) {
        await skipFirstSlot(name, slot, everyMs);
        unchecked.delete(name);
      }
      await enqueue(
        db,
        `${SCHEDULE_PREFIX}${name}`,
        { slot },
        {
          runAt: new Date(slot * everyMs),
          uniqueKey: `${SCHEDULE_PREFIX}${name}:${slot}`,
          maxAttempts: 3,
        },
      );
    }
  }

  async function claim(limit: number): Promise<ClaimedJob[]> {
    const names = [...handlers.keys(), ...[...schedules.keys()].map((name) => `${SCHEDULE_PREFIX}${name}`)];
    if (names.length === 0) return [];
    const at = new Date(now());
    const until = new Date(now() + leaseMs);
    const result = await db.execute(sql`
      update ${jobs} set locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where status = 'pending' and run_at <= ${at.toISOString()}::timestamptz
          and (locked_until is null or locked_until < ${at.toISOString()}::timestamptz)
          and name in (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )})
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id, name, payload, attempts, max_attempts`);
    return (result as unknown as { rows: ClaimedJob[] }).rows;
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const scheduled = job.name.startsWith(SCHEDULE_PREFIX) ? job.name.slice(SCHEDULE_PREFIX.length) : null;
    const handler = scheduled ? scheduleHandlers.get(scheduled) : handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload ?? {}, { id: job.id, attempt: job.attempts });
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(now()), lockedUntil: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts;
      log?.[final ? 'error' : 'warn']({ err: error, job: job.name, id: job.id }, 'job failed');
      await db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', finishedAt: new Date(now()), lockedUntil: null, lastError: message.slice(0, 2000) }
            : {
                runAt: new Date(now() + backoffMs(job.attempts)),
                lockedUntil: null,
                lastError: message.slice(0, 2000),
              },
        )
        .where(eq(jobs.id, job.id));
    }
  }

  /** Removes finished jobs older than keepFinishedMs, at most once an hour. */
  async function sweep(): Promise<void> {
    if (now() - lastSweep < 3_600_000) return;
    lastSweep = now();
    await db.delete(jobs).where(and(ne(jobs.status, 'pending'), lt(jobs.finishedAt, new Date(now() - keepFinishedMs))));
  }

  return { planSchedules, claim, runOne, sweep };
}

export function createJobRunner(db: Db, options: JobRunnerOptions = {}): JobRunner {
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const keepFinishedMs = options.keepFinishedMs ?? 7 * 24 * 3_600_000;
  const now = options.now ?? Date.now;
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, number>();
  const scheduleHandlers = new Map<string, JobHandler>();
  /** Schedules that start from the next slot, until this process has looked for their history once. */
  const unchecked = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let stopped = true;
  let again = false;
  let current: Promise<void> = Promise.resolve();

  const { planSchedules, claim, runOne, sweep } = createJobQueue(db, {
    handlers,
    schedules,
    scheduleHandlers,
    unchecked,
    now,
    leaseMs,
    keepFinishedMs,
    log: options.log,
  });

  /** One pass: claims up to `concurrency` due jobs at a time and runs them, until none is due. */
  async function pass(): Promise<number> {
    let ran = 0;
    await planSchedules();
    for (;;) {
      const claimed = await claim(concurrency);
      if (claimed.length === 0) break;
      await Promise.all(claimed.map(runOne));
      ran += claimed.length;
    }
    await sweep();
    return ran;
  }

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    if (timer) clearTimeout(timer);
    current = pass()
      .then(
        () => undefined,
        (error: unknown) => options.log?.error({ err: error }, 'job runner pass failed'),
      )
      .finally(() => {
        running = false;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else {
          timer = setTimeout(tick, pollMs);
          timer.unref();
        }
      });
  }

  return {
    registerJob(name, handler) {
      if (name.startsWith(SCHEDULE_PREFIX)) throw new Error(`job names may not start with ${SCHEDULE_PREFIX}`);
      handlers.set(name, handler);
    },
    registerSchedule(name, everyMs, handler, scheduleOptions = {}) {
      if (!(everyMs >= 1000)) throw new Error('a schedule runs at most once a second');
      schedules.set(name, everyMs);
      if (scheduleOptions.fromNextSlot) unchecked.add(name);
      scheduleHandlers.set(name, handler);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    wake() {
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
    async drain() {
      let total = 0;
      for (;;) {
        await current;
        const ran = await pass();
        total += ran;
        if (ran === 0) return total;
      }
    },
  };
}
