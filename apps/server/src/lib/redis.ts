import { Redis } from 'ioredis';

/** The part of a pino logger used here. */
export interface RedisLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** After a failure, Redis is skipped this long (every node then counts in its own process). */
export const REDIS_RETRY_AFTER_MS = 5_000;

/**
 * The shared Redis connection with a circuit breaker: a command runs only while the connection is ready and no
 * recent command failed; otherwise, or when it fails or takes over its timeout (REDIS_TIMEOUT_MS), the caller's in-process
 * fallback answers. A request therefore waits at most one bounded command for Redis, and none while it is down.
 */
export interface SharedRedis {
  client: Redis;
  /** Runs `operation` on Redis, or `fallback` when Redis is down or fails. */
  run<T>(operation: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  /** 'up' when a PING answers in time; 'down' otherwise. */
  probe(): Promise<'up' | 'down'>;
  close(): void;
}

export function connectRedis(
  url: string,
  log: RedisLog,
  /** timeoutMs: how long a command or connection attempt may take before the caller falls back (issue 13.6). */
  { timeoutMs, now = Date.now }: { timeoutMs: number; now?: () => number },
): SharedRedis {
  const client = new Redis(url, {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    // Fail at once while disconnected instead of queueing the command until Redis is back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 500, 5_000),
  });
  let skipUntil = 0;
  let degraded = false;

  function markDown(error: unknown) {
    skipUntil = now() + REDIS_RETRY_AFTER_MS;
    if (degraded) return;
    degraded = true;
    log.warn({ err: error }, 'Redis unavailable: rate limits and login throttles count in this process only');
  }
  // Without a listener ioredis reports every failed reconnect as unhandled.
  client.on('error', (error) => markDown(error));
  client.on('ready', () => {
    if (degraded) log.info({}, 'Redis available again: limits are shared between nodes');
    degraded = false;
    skipUntil = 0;
  });

  const usable = () => client.status === 'ready' && now() >= skipUntil;

  return {
    client,
    async run(operation, fallback) {
      if (!usable()) return fallback();
      try {
        return await operation(client);
      } catch (error) {
        markDown(error);
        return fallback();
      }
    },
    async probe() {
      if (client.status !== 'ready') return 'down';
      try {
        return (await client.ping()) === 'PONG' ? 'up' : 'down';
      } catch {
        return 'down';
      }
    },
    close() {
      client.disconnect();
    },
  };
}
