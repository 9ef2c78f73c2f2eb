import { describe, expect, it } from 'vitest';
import { HEALTH_PROBE_KEPT_MS } from '../src/features/health/routes.js';
import { countQueries } from './course-helpers.js';
import { useTestApp } from './helper.js';

/**
 * Issue 20 (ADR 019, session 15): /api/health is public and not gated, so a flood of it must not become a flood of
 * database statements. A healthy probe answers for HEALTH_PROBE_KEPT_MS; then the database is asked again.
 */
let time = Date.parse('2026-12-01T12:00:00Z');
const ctx = useTestApp({ clock: () => time });
const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });

describe('GET /api/health', () => {
  it('asks the database once per second while it is healthy, and again once the second has passed', async () => {
    time += 60_000;
    const first = await countQueries(ctx.database, async () => expect((await health()).statusCode).toBe(200));
    expect(first).toEqual(['select 1']);

    time += HEALTH_PROBE_KEPT_MS - 1;
    let answer: Record<string, unknown> = {};
    const repeats = await countQueries(ctx.database, async () => {
      for (let i = 0; i < 20; i += 1) answer = (await health()).json();
    });
    expect(repeats).toEqual([]);
    expect(answer).toMatchObject({ status: 'ok', database: ctx.database.kind, redis: 'not-configured' });

    time += 1;
    const later = await countQueries(ctx.database, async () => expect((await health()).statusCode).toBe(200));
    expect(later).toEqual(['select 1']);
  });

  it('does not reuse a probe when the clock goes back', async () => {
    time += 60_000;
    await health();
    time -= 10;
    const again = await countQueries(ctx.database, async () => expect((await health()).statusCode).toBe(200));
    expect(again).toEqual(['select 1']);
  });
});
