import type { Redis } from 'ioredis';

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
 * Redis-backed counter shared by every node. When Redis cannot be reached the counter fails open (counts 0)
 * and logs: an outage must not lock every user out; the per-IP limits still apply.
 */
export function createRedisAttemptCounter(
  redis: Redis,
  log?: { error(details: object, message: string): void },
  prefix = 'lyceum-attempts:',
): AttemptCounter {
  async function failOpen<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      log?.error({ err: error }, 'attempt counter unavailable (Redis); not throttling');
      return fallback;
    }
  }
  return {
    count: (key) => failOpen(async () => Number((await redis.get(prefix + key)) ?? 0), 0),
    hit: (key, windowMs) =>
      failOpen(async () => Number(await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))), 0),
    reset: (key) => failOpen(async () => void (await redis.del(prefix + key)), undefined),
  };
}
