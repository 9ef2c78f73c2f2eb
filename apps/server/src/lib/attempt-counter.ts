import type { SharedRedis } from './redis.js';

/**
 * Counts events per key in a fixed window that starts with the key's first event (e.g. failed logins per
 * account). In-process by default; in Redis when REDIS_URL is set, so every app node sees the same count.
 */
export interface AttemptCounter {
  /** Events counted for `key` in its current window (0 once the window is over). */
  count(key: string): Promise<number>;
  /** Counts one event and returns the new count; the first event opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Forgets the key (e.g. after a successful login). */
  reset(key: string): Promise<void>;
}

/** Milliseconds since the epoch; injectable so tests can move time without sleeping. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** Expired entries are swept once the map grows past this, so random keys cannot grow it without bound. */
const SWEEP_THRESHOLD = 10_000;

export function createMemoryAttemptCounter(clock: Clock = systemClock): AttemptCounter {
  const windows = new Map<string, { count: number; expiresAt: number }>();

  function live(key: string) {
    const entry = windows.get(key);
    if (entry && entry.expiresAt <= clock()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  }

  function sweep() {
    const now = clock();
    for (const [key, entry] of windows) if (entry.expiresAt <= now) windows.delete(key);
  }

  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async hit(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      if (windows.size >= SWEEP_THRESHOLD) sweep();
      windows.set(key, { count: 1, expiresAt: clock() + windowMs });
      return 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** INCR, and PEXPIRE on the first event, atomically (a crash between the two would leave a key that never expires). */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * Redis-backed counter shared by every node. While Redis cannot be reached (or answers too slowly) the
 * counter falls back to `fallback`, an in-process one: an outage must neither lock every user out nor lift
 * the throttle; `SharedRedis` logs the outage once and bounds the wait.
 */
export function createRedisAttemptCounter(
  redis: SharedRedis,
  fallback: AttemptCounter,
  prefix = 'lyceum-attempts:',
): AttemptCounter {
  return {
    count: (key) =>
      redis.run(
        async (client) => Number((await client.get(prefix + key)) ?? 0),
        () => fallback.count(key),
      ),
    hit: (key, windowMs) =>
      redis.run(
        async (client) => Number(await client.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))),
        () => fallback.hit(key, windowMs),
      ),
    reset: (key) =>
      redis.run(
        async (client) => void (await client.del(prefix + key)),
        () => fallback.reset(key),
      ),
  };
}
