import type { Course, CreateCourseBody } from '@lyceum/contract';
import type { Database } from '../src/db/client.js';
import { bearer, type TestContext } from './helper.js';

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

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * Counts the SQL statements the app sends while `run` executes, by wrapping the driver's
 * `query` (the PGlite instance or the pg Pool) that Drizzle calls for every statement.
 */
export async function countQueries(database: Database, run: () => Promise<unknown>) {
  const client = (database.db as unknown as { $client: Queryable }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    statements.push(typeof first === 'string' ? first : (first.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return statements;
}
