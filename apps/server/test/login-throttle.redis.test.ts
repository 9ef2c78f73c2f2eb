import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTokenService } from '../src/auth/tokens.js';
import { loadConfig, testRedisUrl } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { PASSWORD, TEST_SECRET } from './helper.js';

// Runs only when TEST_REDIS_URL names a Redis server (CI sets it); vitest.config.ts leaves this file out otherwise.
const LOCKED = 'Too many failed login attempts. Try again in 15 minutes.';

function login(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function failTimes(app: FastifyInstance, email: string, times: number) {
  for (let i = 0; i < times; i += 1) await login(app, email, 'wrong-password-guess');
}

const redisUrl = testRedisUrl();

describe('failed-login throttle shared through Redis (TEST_REDIS_URL)', () => {
  // Two app nodes on one database and one Redis: failures on one node lock the account on the other.
  let database: Database;
  const nodes: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        REDIS_URL: redisUrl!,
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // The shared count is what is tested, not the fallback: a command slowed by a loaded machine waits.
        REDIS_TIMEOUT_MS: '5000',
      });
      const app = await buildApp({ config, database, tokens: createTokenService(TEST_SECRET) });
      await app.ready();
      nodes.push(app);
    }
    // Each node counts in Redis once its connection is ready (before that, in its own process).
    await vi.waitFor(
      async () => {
        for (const app of nodes) {
          expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ redis: 'up' });
        }
      },
      { timeout: 10_000 },
    );
  });
  afterAll(async () => {
    for (const app of nodes) await app.close();
    await database?.close();
  });

  it('locks the account on every node', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const email = `shared.${randomUUID()}@example.com`;
    const register = await a.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, firstname: 'Red', lastname: 'Is', phone: '+1 555 0000', password: PASSWORD, role: 'student' },
    });
    expect(register.statusCode).toBe(201);
    await failTimes(a, email, 5);
    await failTimes(b, email, 5);
    expect((await login(a, email, PASSWORD)).statusCode).toBe(429);
    expect((await login(b, email, PASSWORD)).json().message).toBe(LOCKED);
  });

  it('reports Redis up in the health check', async () => {
    const res = await nodes[0]!.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok', redis: 'up' });
  });
});
