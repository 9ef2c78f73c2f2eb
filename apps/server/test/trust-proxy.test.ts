import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { PASSWORD, uniqueEmail, useTestApp } from './helper.js';

/** Issue 13.1: per-client limits key on the address of the peer, or on X-Forwarded-For only from a configured proxy. */
const LIMIT = 5;
const PROXY = '10.0.0.5';

function register(app: FastifyInstance, forwardedFor: string, remoteAddress = PROXY) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: {
      email: uniqueEmail('proxy'),
      firstname: 'Proxy',
      lastname: 'Test',
      phone: '+1 555 0000',
      password: PASSWORD,
      role: 'student',
    },
  });
}

function login(app: FastifyInstance, forwardedFor: string, remoteAddress = PROXY) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: uniqueEmail('nobody'), password: 'wrong-password-guess' },
  });
}

describe('TRUST_PROXY unset: X-Forwarded-For is ignored', () => {
  const ctx = useTestApp({ authRateLimit: LIMIT });

  it('keeps the per-client registration limit when every request names another forwarded client', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 3; i += 1) statuses.push((await register(ctx.app, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 429, 429, 429]);
  });

  it('keeps the per-client login limit the same way', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      statuses.push((await login(ctx.app, `198.51.100.${i + 1}`, '10.9.9.9')).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});

describe('TRUST_PROXY naming the proxy: the client address comes from X-Forwarded-For', () => {
  const ctx = useTestApp({ authRateLimit: LIMIT, env: { TRUST_PROXY: `${PROXY}, 192.0.2.0/24` } });

  it('counts each forwarded client on its own', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 3; i += 1) statuses.push((await register(ctx.app, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual(Array(LIMIT + 3).fill(201));
  });

  it('still limits one forwarded client', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i += 1) statuses.push((await login(ctx.app, '198.51.100.77')).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('ignores the header from a peer that is not a configured proxy', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      statuses.push((await login(ctx.app, `198.51.100.${100 + i}`, '172.16.0.9')).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  const ctx = useTestApp({ authRateLimit: LIMIT, env: { TRUST_PROXY: '1' } });

  it('takes the client from the last X-Forwarded-For entry (the one the proxy added)', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i += 1) {
      statuses.push((await login(ctx.app, `1.1.1.1, 203.0.113.${i + 1}`, '172.16.0.9')).statusCode);
    }
    expect(statuses).toEqual(Array(LIMIT + 2).fill(401));
    const spoofed = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      spoofed.push((await login(ctx.app, `198.51.100.${i + 1}, 203.0.113.200`, '172.16.0.9')).statusCode);
    }
    expect(spoofed).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});

describe('TRUST_PROXY values', () => {
  it('reads off, a hop count and an address list; refuses anything else naming the variable', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});
