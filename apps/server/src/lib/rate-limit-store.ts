import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { SharedRedis } from './redis.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
/** What @fastify/rate-limit hands `child` at run time (its typings name other route options). */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** INCR with PEXPIRE on the first hit, answering the count and the window's remaining milliseconds. */
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Fixed windows in this process, the fallback while Redis is down; bounded like @fastify/rate-limit's own. */
class LocalWindows {
  private readonly windows = new Map<string, { current: number; resetAt: number }>();
  constructor(private readonly limit = 10_000) {}

  incr(key: string, windowMs: number): Result {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= this.limit) {
        for (const [k, e] of this.windows) if (e.resetAt <= now) this.windows.delete(k);
        // Still full of live windows: drop the oldest (insertion order) rather than grow without bound.
        if (this.windows.size >= this.limit) this.windows.delete(this.windows.keys().next().value as string);
      }
      entry = { current: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.resetAt - now };
  }
}

/**
 * A store for @fastify/rate-limit (`store` option): counts in Redis so every node shares a limit, and in this
 * process while Redis is unreachable (fail open to local limits, never to no limit, never to a 500).
 */
export function resilientRateLimitStore(redis: SharedRedis, prefix = 'lyceum-rl-') {
  const local = new LocalWindows();
  return class ResilientRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_params?: unknown, keyPrefix = prefix) {
      this.prefix = keyPrefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = this.prefix + key;
      redis
        .run(
          async (client) => {
            const [current, ttl] = (await client.eval(INCR_SCRIPT, 1, fullKey, String(timeWindow))) as [number, number];
            return { current: Number(current), ttl: Number(ttl) };
          },
          () => local.incr(fullKey, timeWindow),
        )
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string; url: string } };
      return new ResilientRateLimitStore(undefined, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  };
}
