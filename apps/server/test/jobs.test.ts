import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.js';
import { backoffMs, createJobRunner, enqueue } from '../src/lib/jobs.js';
import { useTestApp } from './helper.js';

/** The job runner on the test database (PGlite or PostgreSQL), without the app's own runner running. */
const ctx = useTestApp({ env: { JOB_RUNNER: 'off' } });
const unique = () => Math.random().toString(36).slice(2);

describe('job runner', () => {
  it('runs an enqueued job once; a second enqueue with the same unique key is ignored', async () => {
    const name = `test.once.${unique()}`;
    const runner = createJobRunner(ctx.database.db);
    const seen: unknown[] = [];
    runner.registerJob(name, async (payload) => void seen.push(payload.n));
    await enqueue(ctx.database.db, name, { n: 1 }, { uniqueKey: `${name}:k` });
    await enqueue(ctx.database.db, name, { n: 2 }, { uniqueKey: `${name}:k` });
    await runner.drain();
    await runner.drain();
    expect(seen).toEqual([1]);
  });

  it('an enqueue inside a rolled-back transaction leaves no job', async () => {
    const name = `test.rollback.${unique()}`;
    await ctx.database.db
      .transaction(async (tx) => {
        await enqueue(tx, name, {});
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await ctx.database.db.select().from(jobs).where(eq(jobs.name, name))).toHaveLength(0);
  });

  it('waits for runAt, retries a failure with back-off, and gives up after maxAttempts', async () => {
    let now = Date.now();
    const name = `test.retry.${unique()}`;
    const runner = createJobRunner(ctx.database.db, { now: () => now });
    let calls = 0;
    runner.registerJob(name, async () => {
      calls += 1;
      throw new Error(`failure ${calls}`);
    });
    await enqueue(ctx.database.db, name, {}, { runAt: new Date(now + 60_000), maxAttempts: 3 });
    await runner.drain();
    expect(calls).toBe(0);
    now += 61_000;
    await runner.drain();
    expect(calls).toBe(1);
    // Not again before its back-off.
    await runner.drain();
    expect(calls).toBe(1);
    now += 3_600_000;
    await runner.drain();
    now += 3_600_000;
    await runner.drain();
    expect(calls).toBe(3);
    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.name, name));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'failure 3' });
    expect(backoffMs(1)).toBeGreaterThanOrEqual(1600);
    expect(backoffMs(30)).toBeLessThanOrEqual(3_600_000 * 1.2);
  });

  it('two runners on one database run each job once, and plan each scheduled slot once', async () => {
    const name = `test.race.${unique()}`;
    const schedule = `test.schedule.${unique()}`;
    const runs = new Map<number, number>();
    const slots: number[] = [];
    const runners = [createJobRunner(ctx.database.db), createJobRunner(ctx.database.db)];
    for (const runner of runners) {
      runner.registerJob(name, async (payload) => {
        runs.set(Number(payload.n), (runs.get(Number(payload.n)) ?? 0) + 1);
      });
      runner.registerSchedule(schedule, 3_600_000, async (payload) => void slots.push(Number(payload.slot)));
    }
    for (let n = 0; n < 40; n += 1) await enqueue(ctx.database.db, name, { n });
    await Promise.all(runners.map((runner) => runner.drain()));
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(slots).toEqual([Math.floor(Date.now() / 3_600_000)]);
  });

  it("a crashed runner's job (lease expired) is taken again", async () => {
    let now = Date.now();
    const name = `test.lease.${unique()}`;
    await enqueue(ctx.database.db, name, {});
    // A runner claimed it and died: the lease is set, the job still pending.
    await ctx.database.db.execute(
      sql`update jobs set locked_until = ${new Date(now + 60_000).toISOString()}::timestamptz, attempts = 1 where name = ${name}`,
    );
    const runner = createJobRunner(ctx.database.db, { now: () => now });
    let ran = 0;
    runner.registerJob(name, async () => void (ran += 1));
    await runner.drain();
    expect(ran).toBe(0);
    now += 61_000;
    await runner.drain();
    expect(ran).toBe(1);
  });

  it('a schedule that starts from the next slot skips the slot it is first seen in, on a fresh install only', async () => {
    const HOUR = 3_600_000;
    const name = `test.next-slot.${unique()}`;
    let now = Math.floor(Date.now() / HOUR) * HOUR + 10 * 60_000;
    const first = Math.floor(now / HOUR);
    const slots: number[] = [];
    const runner = createJobRunner(ctx.database.db, { now: () => now });
    runner.registerSchedule(name, HOUR, async (payload) => void slots.push(Number(payload.slot)), {
      fromNextSlot: true,
    });
    await runner.drain();
    expect(slots).toEqual([]);
    now += HOUR;
    await runner.drain();
    expect(slots).toEqual([first + 1]);

    // Where the schedule has run before, a process starting late in a slot still runs it (catch-up after downtime).
    now += 3 * HOUR;
    const restarted = createJobRunner(ctx.database.db, { now: () => now });
    restarted.registerSchedule(name, HOUR, async (payload) => void slots.push(Number(payload.slot)), {
      fromNextSlot: true,
    });
    await restarted.drain();
    expect(slots).toEqual([first + 1, first + 4]);
  });
});
