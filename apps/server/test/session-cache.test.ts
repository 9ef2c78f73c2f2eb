import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionRow } from '../src/auth/session-cache.js';

/** The process's kept sessions (ADR 019 session 15): how long, how much, and what a change heard mid-read does. */
const row = (id: string, username = 'ada'): SessionRow => ({
  id,
  role: 'student',
  username,
  status: 'active',
  tokenVersion: 0,
  revokedAt: null,
  revokedReason: null,
  expiresAt: new Date(Date.now() + 3_600_000),
  lastSeenAt: new Date(),
});

describe('kept sessions', () => {
  it('answers a kept row until the time limit, then reads again', async () => {
    const cache = createSessionCache({ ttlMs: 1000 });
    let reads = 0;
    const load = async () => ((reads += 1), row('u1'));
    await cache.load('s1', 10_000, load);
    expect(cache.get('s1', 10_999)).toMatchObject({ id: 'u1' });
    expect(cache.get('s1', 11_000)).toBeUndefined();
    // A clock that went back does not make a row live longer.
    await cache.load('s1', 20_000, load);
    expect(cache.get('s1', 19_000)).toBeUndefined();
    expect(reads).toBe(2);
  });

  it('forgets one user’s sessions and keeps the others’', async () => {
    const cache = createSessionCache();
    await cache.load('s1', 0, async () => row('u1'));
    await cache.load('s2', 0, async () => row('u1'));
    await cache.load('s3', 0, async () => row('u2'));
    cache.forgetUser('u1');
    expect([cache.get('s1', 1), cache.get('s2', 1), cache.get('s3', 1)?.id]).toEqual([undefined, undefined, 'u2']);
    cache.clear();
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('answers but does not keep a row read while a change was heard (it may predate the change)', async () => {
    const cache = createSessionCache();
    const answered = await cache.load('s1', 0, async () => {
      cache.forgetUser('someone else');
      return row('u1');
    });
    expect(answered).toMatchObject({ id: 'u1' });
    expect(cache.get('s1', 1)).toBeUndefined();
    // Nothing is kept for a session that was not found.
    expect(await cache.load('s2', 0, async () => undefined)).toBeUndefined();
    expect(cache.size().entries).toBe(0);
  });

  it('stays within its bytes, dropping the oldest sessions first', async () => {
    const cache = createSessionCache({ maxBytes: 10_000 });
    for (let i = 0; i < 200; i += 1) await cache.load(`session-${i}`, 0, async () => row(`u${i}`, 'x'.repeat(50)));
    const { entries, bytes } = cache.size();
    expect(bytes).toBeLessThanOrEqual(10_000);
    expect(entries).toBeGreaterThan(10);
    expect(cache.get('session-0', 1)).toBeUndefined();
    expect(cache.get('session-199', 1)).toMatchObject({ id: 'u199' });
  });
});
