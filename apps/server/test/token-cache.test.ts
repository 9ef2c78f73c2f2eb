import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../src/auth/tokens.js';
import { TEST_SECRET } from './helper.js';

/**
 * The token service checks each token's signature once per process and keeps its claims (ADR 025, the exam bench,
 * round 2): a kept token is still refused once expired, and any other text — a changed signature, a changed
 * payload, another server's key — is checked in full.
 */
const USER = { id: '0b9c6f1e-2a55-4c1e-9a51-3a4f5f0e8a01', username: 'ada', role: 'student' as const };
const SESSION = '6a1f0c1e-7b1d-4e8e-9a51-1a2b3c4d5e6f';

afterEach(() => {
  vi.useRealTimers();
});

describe('verified tokens kept by the process', () => {
  it('answers a kept token until it expires, then says it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const tokens = createTokenService(TEST_SECRET);
    const expiresAt = Math.floor(Date.now() / 1000) + 60;
    const token = await tokens.issue(USER as never, 3, { sessionId: SESSION, expiresAt });
    const first = await tokens.inspect(token);
    expect(first).toEqual({ claims: expect.objectContaining({ sub: USER.id, sid: SESSION, ver: 3, exp: expiresAt }) });
    expect(await tokens.inspect(token)).toEqual(first);
    vi.setSystemTime(new Date('2026-11-24T10:00:59Z'));
    expect(await tokens.verify(token)).toMatchObject({ sub: USER.id });
    vi.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    expect(await tokens.inspect(token)).toEqual({ expired: true });
    expect(await tokens.verify(token)).toBeNull();
  });

  it('checks in full anything that is not exactly a kept token', async () => {
    const tokens = createTokenService(TEST_SECRET);
    const token = await tokens.issue(USER as never, 1, { sessionId: SESSION });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ver: 2 }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${raised}.${signature}`)).toBeNull();
    // Another server's secret: its tokens are not ours, kept or not.
    const other = createTokenService(`${TEST_SECRET}-other`);
    expect(await other.verify(token)).toBeNull();
    expect(await tokens.verify(token)).not.toBeNull();
  });
});
