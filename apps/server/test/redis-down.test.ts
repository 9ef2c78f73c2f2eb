import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from './course-helpers.js';
import { freePort } from './free-port.js';
import { createUser, PASSWORD, uniqueEmail, useTestApp } from './helper.js';

/**
 * Issue 13.6: with REDIS_URL pointing at nothing, login and registration answer as usual (the limits fall back to
 * this process, with a logged warning) and the health check says the service is degraded.
 */
const env: Record<string, string> = {};
beforeAll(async () => {
  env.REDIS_URL = `redis://127.0.0.1:${await freePort()}`;
});
const LIMIT = 4;
const ctx = useTestApp({ authRateLimit: LIMIT, env });

function login(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

describe('Redis unreachable', () => {
  it('registers and logs in as usual', async () => {
    const email = uniqueEmail('redisdown');
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '192.0.2.1',
      payload: { email, firstname: 'Red', lastname: 'Down', phone: '+1 555 0000', password: PASSWORD, role: 'student' },
    });
    expect(register.statusCode).toBe(201);
    const ok = await login(ctx.app, email, PASSWORD, '192.0.2.2');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    expect((await login(ctx.app, email, 'wrong-password-guess', '192.0.2.2')).statusCode).toBe(401);
  });

  it('still limits each client, in this process', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      statuses.push((await login(ctx.app, uniqueEmail('nobody'), 'wrong-password-guess', '192.0.2.3')).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('serves v1 logins too', async () => {
    const student = await createUser(ctx, 'student');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/user-Login',
      remoteAddress: '192.0.2.4',
      payload: { email: student.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { token: expect.any(String) } });
  });

  it('reports degraded health naming Redis', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', database: expect.any(String), redis: 'down' });
    // A degraded answer is not kept (a healthy one is, for a second): the next request asks again.
    const again = await countQueries(ctx.database, async () => {
      const next = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(next.json()).toMatchObject({ status: 'degraded', redis: 'down' });
    });
    expect(again).toEqual(['select 1']);
  });
});
