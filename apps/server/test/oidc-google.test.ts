import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityProviders, linkedIdentities, ssoLoginStates, users } from '#db/schema/index.js';
import { bearer, createUser, decodePayload, uniqueEmail, useTestApp } from './helper.js';
import { CLIENT_ID, CLIENT_SECRET, signInFlow, startProviders, type Harness } from './oidc-harness.js';

/** Single sign-on against a real Google-like OpenID Connect provider (`hd`), issue 48. */
describe('OIDC sign-in, Google-like provider', () => {
  const ctx = useTestApp();
  let idp: Harness;
  let providerId = '';
  let adminToken = '';

  beforeAll(async () => {
    const admin = await createUser(ctx, 'admin');
    adminToken = admin.token;
    // The provider's client knows Lyceum's callback, which names the provider's id: create it, then start the IdP.
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/identity-providers',
      headers: bearer(adminToken),
      payload: {
        name: 'School Google',
        preset: 'google',
        issuer: 'http://127.0.0.1:1/google',
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        allowedDomains: ['school.example'],
        newUserRole: 'student',
        enabled: true,
      },
    });
    expect(created.statusCode).toBe(201);
    providerId = created.json<{ id: string }>().id;
    idp = await startProviders({
      kind: 'google',
      redirectUri: `${ctx.config.publicUrl}/api/auth/oidc/${providerId}/callback`,
    });
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/identity-providers/${providerId}`,
      headers: bearer(adminToken),
      payload: { issuer: `${idp.origin}/google` },
    });
    expect(patched.statusCode).toBe(200);
  });
  afterAll(async () => idp?.close());

  const codeOf = (location: string) => new URL(location, 'http://x').searchParams.get('sso_code');
  const errorOf = (location: string) => new URL(location, 'http://x').searchParams.get('sso_error');
  async function exchange(code: string | null) {
    return ctx.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code } });
  }
  async function lastAttempt() {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/identity-providers/attempts',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ outcome: string; reason: string; detail: string }[]>()[0];
  }

  it('stores the client secret encrypted and never returns it', async () => {
    const [row] = await ctx.database.db.select().from(identityProviders).where(eq(identityProviders.id, providerId));
    expect(row!.clientSecretEncrypted).not.toContain(CLIENT_SECRET);
    expect(row!.clientSecretEncrypted).toMatch(/^v1\./);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/identity-providers',
      headers: bearer(adminToken),
    });
    expect(list.body).not.toContain(CLIENT_SECRET);
    expect(list.body).not.toContain(row!.clientSecretEncrypted);
    expect(list.json()[0]).toMatchObject({ hasClientSecret: true });
    const publicList = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(publicList.json()).toEqual([{ id: providerId, name: 'School Google', preset: 'google' }]);
  });

  it('first sign-in creates the account with the mapped role, the second finds it', async () => {
    const email = uniqueEmail('pupil');
    idp.login({
      sub: 'g-pupil-1',
      email,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Pupil',
      hd: 'school.example',
    });
    const first = await signInFlow(ctx, providerId, { returnTo: '/courses' });
    expect(first.location).toMatch(/^\/login\?sso_code=[\w-]+&next=%2Fcourses$/);
    const session = await exchange(codeOf(first.location));
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ role: 'student' });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(session.json<{ token: string }>().token),
    });
    expect(me.json()).toMatchObject({ email, role: 'student', firstname: 'Ada', lastname: 'Pupil' });
    // The code is single use.
    expect((await exchange(codeOf(first.location))).statusCode).toBe(400);

    const second = await signInFlow(ctx, providerId);
    const again = await exchange(codeOf(second.location));
    const me2 = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(again.json<{ token: string }>().token),
    });
    expect(me2.json<{ id: string }>().id).toBe(me.json<{ id: string }>().id);
    const count = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, email));
    expect(count[0]!.n).toBe(1);
    expect(await lastAttempt()).toMatchObject({ outcome: 'signed-in', reason: 'signed-in' });
  });

  it('refuses an account of another domain (by hd, not by the e-mail text) and logs why', async () => {
    idp.login({ sub: 'g-other-1', email: 'someone@school.example', email_verified: true, hd: 'other.example' });
    const flow = await signInFlow(ctx, providerId);
    expect(errorOf(flow.location)).toBe('domain-not-allowed');
    expect(await lastAttempt()).toMatchObject({
      outcome: 'refused',
      reason: 'domain-not-allowed',
      detail: 'hd other.example',
    });
    idp.login({ sub: 'g-other-2', email: 'gmail-user@school.example', email_verified: true });
    expect(errorOf((await signInFlow(ctx, providerId)).location)).toBe('domain-not-allowed');
  });

  it('refuses a replayed state', async () => {
    idp.login({ sub: 'g-replay', email: uniqueEmail('replay'), email_verified: true, hd: 'school.example' });
    const flow = await signInFlow(ctx, providerId);
    expect(codeOf(flow.location)).toBeTruthy();
    const replay = await ctx.app.inject({ method: 'GET', url: flow.callbackPath, headers: { cookie: flow.cookie } });
    expect(errorOf(String(replay.headers.location))).toBe('state-unknown-or-used');
    expect(await lastAttempt()).toMatchObject({ outcome: 'refused', reason: 'state-unknown-or-used' });
  });

  it('binds a sign-in to the browser that began it: its answer opened elsewhere is refused (login CSRF)', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: `/api/auth/oidc/${providerId}/start` });
    expect(String(start.headers['set-cookie'])).toMatch(
      /^lyceum_sso=[\w-]+; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    idp.login({ sub: 'g-csrf', email: uniqueEmail('csrf'), email_verified: true, hd: 'school.example' });
    const flow = await signInFlow(ctx, providerId, { otherBrowser: true });
    expect(errorOf(flow.location)).toBe('browser-mismatch');
    expect(await lastAttempt()).toMatchObject({ outcome: 'refused', reason: 'browser-mismatch' });
    const forged = await signInFlow(ctx, providerId, { stopAtCallback: true });
    const wrongCookie = await ctx.app.inject({
      method: 'GET',
      url: forged.callbackPath,
      headers: { cookie: 'lyceum_sso=someone-elses-value' },
    });
    expect(errorOf(String(wrongCookie.headers.location))).toBe('browser-mismatch');
  });

  it('refuses an expired state', async () => {
    idp.login({ sub: 'g-late', email: uniqueEmail('late'), email_verified: true, hd: 'school.example' });
    const flow = await signInFlow(ctx, providerId, { stopAtCallback: true });
    // The browser comes back after the state's ten minutes.
    await ctx.database.db.update(ssoLoginStates).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await ctx.app.inject({ method: 'GET', url: flow.callbackPath, headers: { cookie: flow.cookie } });
    expect(errorOf(String(late.headers.location))).toBe('state-expired');
  });

  it('links a verified e-mail to the existing account, refuses an unverified one', async () => {
    const teacher = await createUser(ctx, 'teacher');
    idp.login({ sub: 'g-unverified', email: teacher.email, email_verified: false, hd: 'school.example' });
    expect(errorOf((await signInFlow(ctx, providerId)).location)).toBe('email-not-verified');
    expect(await lastAttempt()).toMatchObject({ reason: 'email-not-verified' });

    await ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.id, teacher.user.id));
    idp.login({ sub: 'g-teacher', email: teacher.email.toUpperCase(), email_verified: true, hd: 'school.example' });
    const flow = await signInFlow(ctx, providerId);
    const session = await exchange(codeOf(flow.location));
    // The existing teacher, not a new student: the provider's role applies only to new accounts.
    expect(session.json()).toMatchObject({ role: 'teacher' });
    // The token is the one a password sign-in gives: the user, their zone and language (ADR 021, issue 47).
    expect(decodePayload(session.json<{ token: string }>().token)).toMatchObject({
      sub: teacher.user.id,
      user: { id: teacher.user.id, role: 'teacher', language: 'es' },
    });
    const links = await ctx.database.db
      .select()
      .from(linkedIdentities)
      .where(eq(linkedIdentities.userId, teacher.user.id));
    expect(links.map((l) => l.subject)).toEqual(['g-teacher']);
  });

  it('refuses tampered id_tokens: wrong aud, iss, nonce, expired, alg none, another key', async () => {
    const cases: [string, Parameters<Harness['tamper']>[0], string][] = [
      ['aud', (c) => ({ claims: { ...c, aud: 'someone-else' } }), 'wrong-audience'],
      ['iss', (c) => ({ claims: { ...c, iss: 'http://127.0.0.1:9/evil' } }), 'wrong-issuer'],
      ['nonce', (c) => ({ claims: { ...c, nonce: 'not-the-one' } }), 'wrong-nonce'],
      ['exp', (c) => ({ claims: { ...c, iat: Number(c.iat) - 7200, exp: Number(c.iat) - 3600 } }), 'token-expired'],
      ['none', (c) => ({ claims: c, sign: 'none' }), 'bad-signature'],
      ['other key', (c) => ({ claims: c, sign: 'other-key' }), 'bad-signature'],
    ];
    try {
      for (const [label, rewrite, reason] of cases) {
        idp.tamper(rewrite);
        idp.login({
          sub: `g-tamper-${label}`,
          email: uniqueEmail('tamper'),
          email_verified: true,
          hd: 'school.example',
        });
        const flow = await signInFlow(ctx, providerId);
        expect(errorOf(flow.location), label).toBe(reason);
        expect(await lastAttempt(), label).toMatchObject({ outcome: 'refused', reason });
      }
    } finally {
      idp.tamper(null);
    }
  });

  it('declares who may manage providers: a teacher is refused', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/identity-providers',
      headers: bearer(teacher.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
