import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATABASE_BUSY, databaseRoute } from '../src/lib/request-gate.js';
import { useTestApp } from './helper.js';

const MAX_PENDING = 3;
const ctx = useTestApp({ env: { DB_MAX_PENDING_REQUESTS: String(MAX_PENDING) } });

/** Holds the courses table (and, on the embedded database, every statement) until `release` is called. */
async function holdDatabase() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table courses in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  return { release: async () => (release(), await transaction) };
}

describe('requests waiting for the database are bounded (issue 13.10)', () => {
  it('answers 503 with Retry-After at once past the bound, serves the waiting ones, and health stays answerable', async () => {
    const hold = await holdDatabase();
    const catalogue = () => ctx.app.inject({ method: 'GET', url: '/api/courses' });
    const waiting = Array.from({ length: MAX_PENDING }, catalogue);
    const extra = catalogue();
    const v1Extra = ctx.app.inject({ method: 'GET', url: '/view-courses' });

    // The extra requests are answered while the others are still waiting for the database.
    const refused = await Promise.race([extra, ...waiting]);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ message: DATABASE_BUSY });
    expect((await v1Extra).statusCode).toBe(503);
    // Health is never refused by the bound (it waits behind at most MAX_PENDING requests).
    const health = ctx.app.inject({ method: 'GET', url: '/api/health' });

    await hold.release();
    const answers = await Promise.all([extra, ...waiting]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 503]);
    expect((await health).statusCode).toBe(200);
    // Once the queue has drained, new requests are served again.
    expect((await catalogue()).statusCode).toBe(200);
  });

  it('does not count an open notification stream (held for as long as the tab is open) against the bound', () => {
    const counted = databaseRoute(() => false);
    expect(counted('/api/notifications/stream')).toBe(false);
    expect(counted('/api/notifications')).toBe(true);
  });
});
