import type { Course, CreateCourseBody } from '@lyceum/contract';
import type { Database } from '../src/db/client.js';
import { bearer, type TestContext, type TestUser } from './helper.js';

/** Creates a course through the API as the given teacher (or admin) and returns it. */
export async function createCourse(
  ctx: TestContext,
  token: string,
  body: Partial<CreateCourseBody> = {},
): Promise<Course> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: bearer(token),
    payload: { title: 'A course', category: 'Development', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create course failed: ${res.statusCode} ${res.body}`);
  return res.json<Course>();
}

/**
 * A published course with one section of published lessons (One, Two, Three unless `titles` says), made through the
 * API, and `addLesson` to add more to that section.
 */
export async function courseWithLessons(ctx: TestContext, teacher: TestUser, titles = ['One', 'Two', 'Three']) {
  const courseId = (await createCourse(ctx, teacher.token, { status: 'published' })).id;
  const section = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/sections`,
    headers: bearer(teacher.token),
    payload: { title: 'Week 1' },
  });
  if (section.statusCode !== 201) throw new Error(`create section failed: ${section.statusCode} ${section.body}`);
  const sectionId = section.json<{ id: string }>().id;
  const addLesson = async (title: string) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/sections/${sectionId}/lessons`,
      headers: bearer(teacher.token),
      payload: { title, bodyHtml: `<p>${title}</p>`, durationMinutes: 5, published: true },
    });
    if (created.statusCode !== 201) throw new Error(`create lesson failed: ${created.statusCode} ${created.body}`);
    return created.json<{ id: string }>().id;
  };
  const lessonIds: string[] = [];
  for (const title of titles) lessonIds.push(await addLesson(title));
  return { courseId, lessonIds, addLesson };
}

/** The student marks an item of the course completed through the API (the response). */
export function completeItem(ctx: TestContext, student: TestUser, courseId: string, itemId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/items/${itemId}/completion`,
    headers: bearer(student.token),
    payload: { completed: true },
  });
}

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
type Driver = Queryable & {
  /** node-postgres' Pool: a transaction runs on a client it hands out. */
  connect?: (...args: unknown[]) => Promise<Queryable & { release: () => void }>;
  /** PGlite: a transaction runs on the object it passes to the callback. */
  transaction?: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
};

/** The session joined with its user (auth/guards.ts): a function on the embedded database, a join on PostgreSQL. */
const SESSION_READ = /\bsession_user_row\(|\bfrom "sessions" inner join "users"/i;

/**
 * Counts the SQL statements the app sends while `run` executes, by wrapping the driver's `query` (the PGlite
 * instance or the pg Pool) that Drizzle calls for every statement, and the `query` of the client a transaction runs
 * on (a pooled client on PostgreSQL, PGlite's transaction object), BEGIN and COMMIT included.
 *
 * The read of the request's session is left out unless `includeSession` is set: each process keeps a session it
 * has read for a few seconds (auth/session-cache.ts), so whether a request reads it depends on the requests before
 * it and on the clock, not on the route. sessions.test.ts counts it.
 */
export async function countQueries(
  database: Database,
  run: () => Promise<unknown>,
  { includeSession = false }: { includeSession?: boolean } = {},
) {
  const client = (database.db as unknown as { $client: Driver }).$client;
  const statements: string[] = [];
  const counting = (target: Queryable) => {
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === 'string' ? first : (first.text ?? ''));
      return original.apply(this, args);
    };
    return () => void (target.query = original);
  };
  const restore = [counting(client)];
  const { connect, transaction } = client;
  if (connect) {
    client.connect = function (this: unknown, ...args: unknown[]) {
      // The pool's own query() takes a client with a callback and is counted above: only a transaction's is wrapped.
      if (typeof args[0] === 'function') return connect.apply(this, args);
      return connect.apply(this, args).then(wrap);
    } as typeof connect;
    const wrap = (pooled: Queryable & { release: () => void }) => {
      const undo = counting(pooled);
      const release = pooled.release;
      pooled.release = function (this: unknown, ...rest: unknown[]) {
        undo();
        pooled.release = release;
        return (release as (...a: unknown[]) => void).apply(this, rest);
      };
      return pooled;
    };
    restore.push(() => void (client.connect = connect));
  }
  if (transaction) {
    client.transaction = function (this: unknown, fn: (tx: Queryable) => Promise<unknown>) {
      return transaction.call(this, (tx) => {
        counting(tx);
        return fn(tx);
      });
    };
    restore.push(() => void (client.transaction = transaction));
  }
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return includeSession ? statements : statements.filter((text) => !SESSION_READ.test(text));
}

/**
 * Waits until every idle connection of the pool has passed on the notifications sent to it. Every pooled connection
 * listens (db/client.ts): the one that commits a change hears it before its commit returns, the others a moment
 * later, and a kept answer stored in between is dropped by that late copy. A statement on a connection brings its
 * pending notifications in ahead of its own reply. Nothing to wait for on the embedded database.
 */
export async function heardEverywhere(database: Database) {
  const pool = (database.db as unknown as { $client: Driver & { idleCount?: number } }).$client;
  if (database.kind !== 'postgres' || !pool.connect) return;
  const clients = await Promise.all(Array.from({ length: pool.idleCount ?? 0 }, () => pool.connect!()));
  try {
    await Promise.all(clients.map((client) => client.query('select 1')));
  } finally {
    for (const client of clients) client.release();
  }
}

/**
 * Reads until a read runs no statement matching `pattern` (its answer was kept), at most `tries` times, and returns
 * the matching statements of the last read: `[]` once kept. The notifications already sent are heard everywhere
 * first, so a read is not dropped by the late copy of an earlier change (`heardEverywhere`); a read that overlaps a
 * change is answered but not kept (lib/kept-by-key.ts).
 */
export async function readUntilKept(database: Database, read: () => Promise<unknown>, pattern: RegExp, tries = 5) {
  await heardEverywhere(database);
  let statements: string[] = [];
  for (let attempt = 0; attempt < tries; attempt++) {
    statements = (await countQueries(database, read)).filter((text) => pattern.test(text));
    if (statements.length === 0) break;
  }
  return statements;
}
