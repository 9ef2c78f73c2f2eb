import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { autoPreparingClient, StatementShapes } from './auto-prepare.js';
import { postgresTransport } from './notify.js';
import { withDrizzleParsers } from './pglite-parsers.js';
import { withPreparedStatements } from './pglite-prepare.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's URL, for PostgreSQL (its own connections: LISTEN/NOTIFY). */
  url?: string;
  /**
   * Calls back with the payload of every NOTIFY on `channel` (from any process on this database, this one included),
   * sent at commit; resolves once listening, to a function that stops. On PostgreSQL a dedicated connection listens
   * and reconnects; after a loss it calls back with `*` (notifications sent meanwhile are lost). Several channels
   * share that connection: their payloads arrive in the order their transactions committed, with the channel.
   */
  listen(
    channel: string | readonly string[],
    onPayload: (payload: string, channel: string) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Calls back with the id of every user whose sessions or account changed in what authentication reads (migration
   * 0030's triggers), from any process — this process's own change before the statement that committed it returns
   * (every pooled connection listens; PGlite calls back while it runs the statement) — and with `*` when changes may
   * have been missed (no connection was listening). Returns a function that stops.
   */
  watchSessions(onChange: (userId: string) => void): () => void;
  /**
   * The same, for the students whose dashboard counters changed (migration 0031's triggers): the student's id, or
   * `*` when changes may have been missed.
   */
  watchStudents(onChange: (studentId: string) => void): () => void;
  /**
   * The same, for the teachers whose dashboard counters changed (migration 0032's triggers): the teacher's id, or
   * `*` when changes may have been missed.
   */
  watchTeachers(onChange: (teacherId: string) => void): () => void;
  /**
   * The same, for the users whose notifications changed (migration 0035's triggers): each user's id, or `*` when
   * changes may have been missed.
   */
  watchUsers(onChange: (userId: string) => void): () => void;
  /**
   * The same, for the courses whose outline changed (migration 0038's triggers: a section or an item written, moved
   * or deleted): the course's id, or `*` when changes may have been missed.
   */
  watchCourses(onChange: (courseId: string) => void): () => void;
  /**
   * Calls back when a course's results changed (migration 0040: its enrolments, its submitted attempts, its grade
   * overrides, an enrolled student's name or email): the course's id, or `*` when changes may have been missed.
   */
  watchCourseResults(onChange: (courseId: string) => void): () => void;
  /**
   * Calls back when what a class's assignments page shows changed (migration 0041: its members, assignments,
   * accommodations and courses, a member's completion or new name): the class's id, or `*` as above.
   */
  watchClassResults(onChange: (classId: string) => void): () => void;
  /**
   * Calls back when a learner's attempts changed (migration 0043: one started or removed, changed out of progress or
   * given a new deadline): the learner's id, or `*` as above.
   */
  watchLearnerAttempts(onChange: (studentId: string) => void): () => void;
  /**
   * Calls back when a student's enrolments changed (migration 0044: one added or removed, or its status, progress,
   * place to resume or dates changed): the student's id, or `*` as above.
   */
  watchLearnerEnrolments(onChange: (studentId: string) => void): () => void;
  close(): Promise<void>;
}

/**
 * The channels of migration 0030's, 0031's, 0032's, 0035's, 0038's, 0040's, 0041's, 0043's and 0044's triggers: what the
 * process keeps of sessions, of students, of teachers, of each user's notifications, of each course's outline and
 * results, of each class's assignments and of each learner's attempts and enrolments.
 */
/** Payload: the id of a user whose sessions or account changed (migration 0030). */
export const SESSION_CHANNEL = 'lyceum_sessions';
const STUDENT_CHANNEL = 'lyceum_students';
const TEACHER_CHANNEL = 'lyceum_teachers';
/** Payload: user ids, comma-separated (one statement can notify many users). */
const USER_CHANNEL = 'lyceum_users';
const COURSE_CHANNEL = 'lyceum_courses';
const RESULTS_CHANNEL = 'lyceum_course_results';
const CLASS_RESULTS_CHANNEL = 'lyceum_class_results';
const LEARNER_ATTEMPTS_CHANNEL = 'lyceum_learner_attempts';
const LEARNER_ENROLMENTS_CHANNEL = 'lyceum_learner_enrolments';
const WATCHED_CHANNELS = [
  SESSION_CHANNEL,
  STUDENT_CHANNEL,
  TEACHER_CHANNEL,
  USER_CHANNEL,
  COURSE_CHANNEL,
  RESULTS_CHANNEL,
  CLASS_RESULTS_CHANNEL,
  LEARNER_ATTEMPTS_CHANNEL,
  LEARNER_ENROLMENTS_CHANNEL,
] as const;
type WatchedChannel = (typeof WATCHED_CHANNELS)[number];

/** The watchers of each watched channel, called with every payload heard on it. */
function channelWatchers() {
  const watchers = new Map<WatchedChannel, Set<(payload: string) => void>>(
    WATCHED_CHANNELS.map((channel) => [channel, new Set()]),
  );
  return {
    heard(channel: string, payload: string) {
      for (const watcher of watchers.get(channel as WatchedChannel) ?? []) watcher(payload);
    },
    /** Everything may have changed (nobody was listening). */
    missed() {
      for (const set of watchers.values()) for (const watcher of set) watcher('*');
    },
    watch(channel: WatchedChannel, onChange: (payload: string) => void) {
      watchers.get(channel)!.add(onChange);
      return () => void watchers.get(channel)!.delete(onChange);
    },
    /** The users' channel: each id of a comma-separated payload. */
    watchUsers(onChange: (userId: string) => void) {
      return this.watch(USER_CHANNEL, (payload) => {
        for (const id of payload.split(',')) onChange(id);
      });
    },
  };
}

/**
 * A pg Client that LISTENs on the WATCHED_CHANNELS before the pool hands it out, and reports what it hears: PostgreSQL
 * delivers a notification to the listening session that committed it ahead of the commit's reply, so the process
 * that made a change hears it before its own statement returns.
 */
function sessionListeningClient(
  base: typeof pg.Client,
  heard: (channel: string, payload: string) => void,
): typeof pg.Client {
  class SessionListeningClient extends base {}
  const connect = base.prototype.connect as (this: pg.Client) => Promise<unknown>;
  Object.defineProperty(SessionListeningClient.prototype, 'connect', {
    value: function connectAndListen(this: pg.Client, callback?: (error: Error | null) => void) {
      this.on('notification', (note) => {
        if (note.payload) heard(note.channel, note.payload);
      });
      const ready = connect
        .call(this)
        .then(() => this.query(WATCHED_CHANNELS.map((channel) => `listen ${channel};`).join(' ')))
        .then(() => undefined);
      if (!callback) return ready;
      ready.then(
        () => callback(null),
        (error: Error) => callback(error),
      );
      return undefined;
    },
    writable: true,
    configurable: true,
  });
  return SessionListeningClient;
}

/** The embedded databases opened here (see `plansEveryStatement`). */
const embedded = new WeakSet<object>();

/**
 * Whether the database is the embedded one (PGlite: one session, and one thread for the whole server). Its client
 * prepares a repeated statement only from its third run (pglite-prepare.ts) and has no named statements of its own,
 * so there a hot statement is worth a PL/pgSQL function, whose body is planned once per session; on PostgreSQL the
 * named prepared statement is cheaper than the function call (ADR 019, sessions 14 and 26).
 */
export function plansEveryStatement(db: Db): boolean {
  return embedded.has(db);
}

export type DatabaseTarget =
  /** A PostgreSQL server. */
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** Embedded PostgreSQL in a directory, or in memory when `dataDir` is omitted. */
  | { kind: 'pglite'; dataDir?: string };

/** The committed SQL migrations, found from this module's location (source or bundle). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

/**
 * The embedded database's memory (issue 13.10, measured in ADR 031): PostgreSQL's default 128 MB of shared buffers
 * are allocated in the WebAssembly memory at start; 32 MB hold the working set of a single-node school and save
 * ~130 MB of resident memory.
 */
const PGLITE_SETTINGS = ['shared_buffers = 32MB'];

async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  const open = async () => {
    const client = new PGlite({ dataDir, postgresqlconf: PGLITE_SETTINGS });
    await client.waitReady;
    return client;
  };
  if (!dataDir || existsSync(path.join(dataDir, 'PG_VERSION'))) return open();
  // A new data directory is made by initdb, a second WebAssembly instance whose ~450 MB PGlite keeps until closed:
  // the first start reopens the fresh database, so it idles like every later start does.
  await (await open()).close();
  return open();
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const watchers = channelWatchers();
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      // Repeated statements are planned once per connection (auto-prepare.ts); every connection listens for
      // session changes.
      Client: sessionListeningClient(autoPreparingClient(new StatementShapes()), watchers.heard),
    });
    // An idle client losing its connection (server restart, failover) must not crash the process;
    // the pool replaces it and the next query reconnects.
    pool.on('error', (error) => {
      console.error('PostgreSQL idle client error:', error.message);
      watchers.missed();
    });
    // With no connection left (idle ones close after 10 s), nobody listens: what was kept may have changed since.
    pool.on('remove', () => pool.totalCount === 0 && watchers.missed());
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      url: target.url,
      async listen(channel, onPayload) {
        const transport = postgresTransport(target.url, channel);
        await transport.listen((payload, from) => onPayload(payload.startsWith('{') ? '*' : payload, from));
        return () => transport.close();
      },
      watchSessions: (onChange) => watchers.watch(SESSION_CHANNEL, onChange),
      watchStudents: (onChange) => watchers.watch(STUDENT_CHANNEL, onChange),
      watchTeachers: (onChange) => watchers.watch(TEACHER_CHANNEL, onChange),
      watchUsers: (onChange) => watchers.watchUsers(onChange),
      watchCourses: (onChange) => watchers.watch(COURSE_CHANNEL, onChange),
      watchCourseResults: (onChange) => watchers.watch(RESULTS_CHANNEL, onChange),
      watchClassResults: (onChange) => watchers.watch(CLASS_RESULTS_CHANNEL, onChange),
      watchLearnerAttempts: (onChange) => watchers.watch(LEARNER_ATTEMPTS_CHANNEL, onChange),
      watchLearnerEnrolments: (onChange) => watchers.watch(LEARNER_ENROLMENTS_CHANNEL, onChange),
      close: () => pool.end(),
    };
  }
  const client = await openPglite(target.dataDir);
  // Repeated statements are planned once (pglite-prepare.ts).
  const db = drizzlePglite(withDrizzleParsers(withPreparedStatements(client)), { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  embedded.add(db);
  // PGlite calls its listeners while it runs the statement that commits: the change is heard before it returns.
  const watchers = channelWatchers();
  for (const channel of WATCHED_CHANNELS) await client.listen(channel, (payload) => watchers.heard(channel, payload));
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const channels = typeof channel === 'string' ? [channel] : channel;
      const stops: (() => Promise<void>)[] = [];
      for (const name of channels) {
        if (!/^[a-z_]+$/.test(name)) throw new Error(`bad channel name ${name}`);
        stops.push(await client.listen(name, (payload) => onPayload(payload, name)));
      }
      return async () => {
        if (!client.closed) for (const stop of stops) await stop();
      };
    },
    watchSessions: (onChange) => watchers.watch(SESSION_CHANNEL, onChange),
    watchStudents: (onChange) => watchers.watch(STUDENT_CHANNEL, onChange),
    watchTeachers: (onChange) => watchers.watch(TEACHER_CHANNEL, onChange),
    watchUsers: (onChange) => watchers.watchUsers(onChange),
    watchCourses: (onChange) => watchers.watch(COURSE_CHANNEL, onChange),
    watchCourseResults: (onChange) => watchers.watch(RESULTS_CHANNEL, onChange),
    watchClassResults: (onChange) => watchers.watch(CLASS_RESULTS_CHANNEL, onChange),
    watchLearnerAttempts: (onChange) => watchers.watch(LEARNER_ATTEMPTS_CHANNEL, onChange),
    watchLearnerEnrolments: (onChange) => watchers.watch(LEARNER_ENROLMENTS_CHANNEL, onChange),
    close: () => client.close(),
  };
}
