import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.js';
import { fails, ok } from './v1-helper.js';

const LIMIT = 3;
const ctx = useTestApp({ authRateLimit: LIMIT });

let addresses = 0;
/** A fresh client address (TEST-NET-2), so only the limit under test can apply. */
const freshAddress = () => `198.51.100.${(addresses += 1)}`;
let emails = 0;
const freshEmail = () => `limits.${(emails += 1)}.${Date.now()}@example.com`;

const PASSWORD = 'limit-password-1';

function post(url: string, payload: Record<string, unknown>, remoteAddress: string): Promise<InjectResponse> {
  return ctx.app.inject({ method: 'POST', url, payload, remoteAddress });
}

const registration = (email: string) => ({
  email,
  firstname: 'Rate',
  lastname: 'Limit',
  phone: '+1 555 0303',
  password: PASSWORD,
  role: 'student',
});

describe('v1 limits on login and registration', () => {
  it('limits E2 and E3 per client address', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i += 1) ok(await post('/user-Register', registration(freshEmail()), address), 201);
    const refused = freshEmail();
    fails(await post('/user-Register', registration(refused), address), 429, 'Too many requests');
    ok(await post('/user-Register', registration(freshEmail()), freshAddress()), 201);
    // The refused registration created nothing.
    fails(await post('/user-Login', { email: refused, password: PASSWORD }, freshAddress()), 401);

    const email = freshEmail();
    ok(await post('/user-Register', registration(email), freshAddress()), 201);
    const loginAddress = freshAddress();
    for (let i = 0; i < LIMIT; i += 1) {
      fails(await post('/user-Login', { email: freshEmail(), password: PASSWORD }, loginAddress), 401);
    }
    fails(await post('/user-Login', { email, password: PASSWORD }, loginAddress), 429, 'Too many requests');
    expect(ok(await post('/user-Login', { email, password: PASSWORD }, freshAddress())).token).toEqual(
      expect.any(String),
    );
  });

  it('limits E3 per e-mail address, in any letter case, whatever the client address', async () => {
    const email = freshEmail();
    ok(await post('/user-Register', registration(email), freshAddress()), 201);
    for (let i = 1; i < LIMIT; i += 1) fails(await post('/user-Register', registration(email), freshAddress()), 409);
    fails(await post('/user-Register', registration(email.toUpperCase()), freshAddress()), 429, 'Too many requests');
    ok(await post('/user-Register', registration(freshEmail()), freshAddress()), 201);
  });

  it('E2 failures from other clients never lock the owner out (issue 13.3; per-client limits in lockout.test.ts)', async () => {
    const email = freshEmail();
    ok(await post('/user-Register', registration(email), freshAddress()), 201);
    for (let i = 0; i < 12; i += 1) {
      fails(await post('/user-Login', { email, password: 'wrong-password-1' }, freshAddress()), 401);
    }
    ok(await post('/user-Login', { email, password: PASSWORD }, freshAddress()));
    const bystander = freshEmail();
    ok(await post('/user-Register', registration(bystander), freshAddress()), 201);
    ok(await post('/user-Login', { email: bystander, password: PASSWORD }, freshAddress()));
  });
});
