import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app.js';
import { createTokenService } from '#auth/tokens.js';
import { openDatabase, type Database } from '#db/client.js';
import { bearer, createUser, TEST_SECRET, uniqueEmail, useTestApp } from './helper.js';
import { CLIENT_ID, CLIENT_SECRET, signInFlow, startProviders, type Harness } from './oidc-harness.js';

/**
 * Single sign-on against a real Entra-like multi-tenant provider (issue 48): one oidc-provider per tenant, each
 * issuing `https://…/<tid>/v2.0` tokens with its `tid`, behind an `organizations` discovery whose issuer is
 * templated `{tenantid}`. Lyceum allows two of the three tenants.
 */
describe('OIDC sign-in, Entra-like multi-tenant provider', () => {
  const ctx = useTestApp();
  let idp: Harness;
  let providerId = '';
  let adminToken = '';
  let second: { app: FastifyInstance; database: Database | null } | null = null;

  beforeAll(async () => {
    adminToken = (await createUser(ctx, 'admin')).token;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/identity-providers',
      headers: bearer(adminToken),
      payload: {
        name: 'School Microsoft',
        preset: 'entra',
        issuer: 'http://127.0.0.1:1/{tenantid}/v2.0',
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        allowedTenants: ['tenant-a', 'tenant-b'],
        newUserRole: 'teacher',
        enabled: true,
      },
    });
    expect(created.statusCode).toBe(201);
    providerId = created.json<{ id: string }>().id;
    idp = await startProviders({
      kind: 'entra',
      tenants: ['tenant-a', 'tenant-b', 'tenant-c'],
      redirectUri: `${ctx.config.publicUrl}/api/auth/oidc/${providerId}/callback`,
    });
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/identity-providers/${providerId}`,
      headers: bearer(adminToken),
      payload: { issuer: `${idp.origin}/{tenantid}/v2.0` },
    });
    expect(patched.statusCode).toBe(200);
    // A second app on the same data: its own pool on PostgreSQL (as another process has), the same PGlite otherwise.
    const database = ctx.database.url ? await openDatabase({ kind: 'postgres', url: ctx.database.url }) : null;
    const app = await buildApp({
      config: ctx.config,
      database: database ?? ctx.database,
      tokens: createTokenService(TEST_SECRET),
    });
    second = { app, database };
  });
  afterAll(async () => {
    await idp?.close();
    await second?.app.close();
    await second?.database?.close();
  });

  const codeOf = (location: string) => new URL(location, 'http://x').searchParams.get('sso_code');
  const errorOf = (location: string) => new URL(location, 'http://x').searchParams.get('sso_error');
  async function signedInAs(location: string) {
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/exchange',
      payload: { code: codeOf(location) },
    });
    expect(session.statusCode, JSON.stringify(await lastAttempt())).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(session.json<{ token: string }>().token),
    });
    return me.json<{ id: string; email: string; role: string }>();
  }
  async function lastAttempt() {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/identity-providers/attempts',
      headers: bearer(adminToken),
    });
    return res.json<{ outcome: string; reason: string; detail: string }[]>()[0];
  }

  it('signs in users of each configured tenant (issuer checked per tid), the new account with the mapped role', async () => {
    const email = uniqueEmail('teacher-a');
    idp.useTenant('tenant-a');
    idp.login({ sub: 'a-1', email, email_verified: true, given_name: 'Grace', family_name: 'A' });
    const first = await signedInAs((await signInFlow(ctx, providerId, { dropIss: true })).location);
    expect(first).toMatchObject({ email, role: 'teacher' });
    const again = await signedInAs((await signInFlow(ctx, providerId, { dropIss: true })).location);
    expect(again.id).toBe(first.id);

    idp.useTenant('tenant-b');
    idp.login({ sub: 'b-1', email: uniqueEmail('teacher-b'), email_verified: true });
    expect(await signedInAs((await signInFlow(ctx, providerId, { dropIss: true })).location)).toMatchObject({
      role: 'teacher',
    });
  });

  it('also when the provider names itself in its answer (RFC 9207 iss): its tenant must be configured', async () => {
    idp.useTenant('tenant-a');
    const email = uniqueEmail('with-iss');
    idp.login({ sub: 'a-iss-param', email, email_verified: true });
    expect(await signedInAs((await signInFlow(ctx, providerId)).location)).toMatchObject({ email });
    idp.useTenant('tenant-c');
    idp.login({ sub: 'c-iss-param', email: uniqueEmail('outsider'), email_verified: true });
    expect(errorOf((await signInFlow(ctx, providerId)).location)).toBe('tenant-not-allowed');
    try {
      idp.useTenant('tenant-a');
      idp.tamper((claims) => ({ claims: { ...claims, tid: 'tenant-b' } }));
      idp.login({ sub: 'a-tid-param', email: uniqueEmail('tid'), email_verified: true });
      expect(errorOf((await signInFlow(ctx, providerId)).location)).toBe('wrong-issuer');
    } finally {
      idp.tamper(null);
    }
  });

  it('refuses a user of a tenant that is not configured, and logs why', async () => {
    idp.useTenant('tenant-c');
    idp.login({ sub: 'c-1', email: uniqueEmail('outsider'), email_verified: true });
    const flow = await signInFlow(ctx, providerId, { dropIss: true });
    expect(errorOf(flow.location)).toBe('tenant-not-allowed');
    expect(await lastAttempt()).toMatchObject({
      outcome: 'refused',
      reason: 'tenant-not-allowed',
      detail: 'tid tenant-c',
    });
  });

  it("never skips the issuer check: a tenant's token naming another tenant (by iss or by tid) is refused", async () => {
    idp.useTenant('tenant-a');
    try {
      idp.tamper((claims) => ({ claims: { ...claims, iss: `${idp.origin}/tenant-b/v2.0` } }));
      idp.login({ sub: 'a-iss', email: uniqueEmail('iss'), email_verified: true });
      expect(errorOf((await signInFlow(ctx, providerId, { dropIss: true })).location)).toBe('wrong-issuer');
      idp.tamper((claims) => ({ claims: { ...claims, tid: 'tenant-b' } }));
      idp.login({ sub: 'a-tid', email: uniqueEmail('tid'), email_verified: true });
      expect(errorOf((await signInFlow(ctx, providerId, { dropIss: true })).location)).toBe('wrong-issuer');
      expect(await lastAttempt()).toMatchObject({ outcome: 'refused', reason: 'wrong-issuer' });
    } finally {
      idp.tamper(null);
    }
  });

  it('a sign-in begun on one app process completes on another (state in the database), once', async () => {
    idp.useTenant('tenant-b');
    const email = uniqueEmail('two-processes');
    idp.login({ sub: 'b-two', email, email_verified: true });
    const flow = await signInFlow(ctx, providerId, { callbackApp: second!.app, dropIss: true });
    expect(await signedInAs(flow.location)).toMatchObject({ email, role: 'teacher' });
    // The state was consumed by the second process: the first refuses the same answer.
    const replay = await ctx.app.inject({ method: 'GET', url: flow.callbackPath, headers: { cookie: flow.cookie } });
    expect(errorOf(String(replay.headers.location))).toBe('state-unknown-or-used');
  });
});
