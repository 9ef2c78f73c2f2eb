import { createHash, randomBytes } from 'node:crypto';
import type { TokenUser } from '@lyceum/contract';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { hashPassword } from '#auth/passwords.js';
import { openSession } from '#auth/sessions.js';
import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import {
  identityProviders,
  images,
  linkedIdentities,
  ssoHandoffs,
  ssoLoginStates,
  ssoSignInAttempts,
  users,
} from '#db/schema/index.js';
import type { Clock } from '#lib/attempt-counter.js';
import { badRequest, forbidden, notFound } from '#lib/errors.js';
import { errorText, tokenRefusalReason, type SsoReason } from './reasons.js';
import type { SecretBox } from './secrets.js';

/** The cookie binding a sign-in to the browser that began it (HttpOnly, SameSite=Lax, the OIDC routes only). */
export const SSO_BROWSER_COOKIE = 'lyceum_sso';
/** A sign-in begun must come back within this. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;
/** The code handing a finished sign-in to the web app lives this long. */
export const HANDOFF_TTL_MS = 60 * 1000;
/** Sign-in attempts are kept this long for the admin's list. */
export const ATTEMPTS_KEPT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ProviderRow = typeof identityProviders.$inferSelect;

export interface ProviderInput {
  name: string;
  preset: ProviderRow['preset'];
  issuer: string;
  clientId: string;
  clientSecret?: string;
  allowedDomains: string[];
  allowedTenants: string[];
  newUserRole: ProviderRow['newUserRole'];
  enabled: boolean;
}

/** A provider as the admin sees it: never its secret, only whether it has one. */
export function toAdminProvider(row: ProviderRow) {
  return {
    id: row.id,
    name: row.name,
    preset: row.preset,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretEncrypted !== '',
    allowedDomains: row.allowedDomains,
    allowedTenants: row.allowedTenants,
    newUserRole: row.newUserRole,
    enabled: row.enabled,
  };
}

class Refusal extends Error {
  constructor(
    public readonly reason: SsoReason,
    public readonly detail = '',
    public readonly email = '',
  ) {
    super(reason);
  }
}

const TENANT = '{tenantid}';
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
const hash = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A return-to path on this site only (no scheme, no //host, no backslash tricks). */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return '/';
  return value.slice(0, 500);
}

export interface SsoServiceOptions {
  tokens: TokenService;
  secrets: SecretBox;
  clock: Clock;
  publicUrl: string;
  /** http:// issuers on a loopback address (the tests' providers); never in production. */
  allowLoopbackHttp: boolean;
}

export function createSsoService(db: Db, options: SsoServiceOptions) {
  const { tokens, secrets, clock, publicUrl } = options;
  const now = () => new Date(clock());
  /** Discovery documents by provider id + issuer + change time (a changed provider is discovered again). */
  const discovered = new Map<string, Promise<oidc.ServerMetadata>>();

  const redirectUri = (provider: ProviderRow) => `${publicUrl}/api/auth/oidc/${provider.id}/callback`;

  function insecureAllowed(url: URL) {
    return options.allowLoopbackHttp && url.protocol === 'http:' && isLoopback(url);
  }

  /** The provider's metadata; for an Entra multi-tenant issuer, the `organizations` document (issuer templated). */
  async function metadata(provider: ProviderRow): Promise<oidc.ServerMetadata> {
    const key = `${provider.id}|${provider.issuer}|${provider.updatedAt.getTime()}`;
    let found = discovered.get(key);
    if (!found) {
      const base = provider.issuer.replace(TENANT, 'organizations').replace(/\/$/, '');
      const url = new URL(`${base}/.well-known/openid-configuration`);
      found = (async () => {
        if (url.protocol !== 'https:' && !insecureAllowed(url)) throw new Error('the issuer must be an https:// URL');
        const response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error' });
        if (!response.ok) throw new Error(`discovery answered ${response.status}`);
        const doc = (await response.json()) as oidc.ServerMetadata;
        // The document must name the configured issuer (templated for Entra): never a different server.
        if (doc.issuer !== provider.issuer) throw new Error(`discovery names issuer ${doc.issuer}`);
        return doc;
      })();
      discovered.set(key, found);
      found.catch(() => discovered.delete(key));
    }
    return found;
  }

  function configuration(provider: ProviderRow, server: oidc.ServerMetadata, fetchImpl?: typeof fetch) {
    const secret = secrets.open(provider.clientSecretEncrypted);
    const config = new oidc.Configuration(
      server,
      provider.clientId,
      secret || undefined,
      secret ? oidc.ClientSecretPost(secret) : oidc.None(),
    );
    if (insecureAllowed(new URL(server.issuer.replace(TENANT, 'x')))) oidc.allowInsecureRequests(config);
    if (fetchImpl) config[oidc.customFetch] = fetchImpl as never;
    // The id_token's signature is checked against the provider's keys even though it came over the back channel.
    oidc.enableNonRepudiationChecks(config);
    return config;
  }

  async function enabledProvider(id: string): Promise<ProviderRow> {
    const [row] = /^[0-9a-f-]{36}$/i.test(id)
      ? await db.select().from(identityProviders).where(eq(identityProviders.id, id)).limit(1)
      : [];
    if (!row?.enabled) throw new Refusal('unknown-provider');
    return row;
  }

  /**
   * One row of the attempts log. Requests naming no enabled provider are not logged (anyone can send them); rows
   * older than ATTEMPTS_KEPT_DAYS go as new ones come.
   */
  async function log(providerId: string | null, outcome: 'signed-in' | 'refused', reason: SsoReason, extra = {}) {
    if (!providerId) return;
    await db.delete(ssoSignInAttempts).where(lt(ssoSignInAttempts.at, new Date(clock() - ATTEMPTS_KEPT_DAYS * DAY_MS)));
    await db.insert(ssoSignInAttempts).values({ providerId, outcome, reason, at: now(), ...extra });
  }

  /**
   * Entra multi-tenant: the id_token's issuer depends on its `tid`. The token response is fetched once; its `tid`
   * (read unverified) only chooses which configured tenant's issuer openid-client then checks the token against,
   * with every other check, on the same response. A `tid` that is not configured is refused before.
   */
  async function codeGrantForTenants(
    provider: ProviderRow,
    server: oidc.ServerMetadata,
    url: URL,
    checks: oidc.AuthorizationCodeGrantChecks,
  ) {
    // A provider that names itself in the answer (RFC 9207 `iss`): that tenant's issuer, if it is configured.
    const named = url.searchParams.get('iss');
    if (named) {
      const tid = tenantOf(server.issuer, named);
      if (tid === null) throw new Refusal('wrong-issuer', `iss ${named}`);
      if (!provider.allowedTenants.includes(tid)) throw new Refusal('tenant-not-allowed', `tid ${tid}`);
      return oidc.authorizationCodeGrant(configuration(provider, { ...server, issuer: named }), url, checks);
    }
    let captured: { body: string; status: number; headers: Headers } | null = null;
    const capture = async (input: string | URL | Request, init?: RequestInit) => {
      const target = String(input instanceof Request ? input.url : input);
      if (target !== server.token_endpoint) return fetch(input, init);
      if (!captured) {
        const response = await fetch(input, init);
        captured = { body: await response.text(), status: response.status, headers: response.headers };
        throw new CapturedResponse();
      }
      return new Response(captured.body, { status: captured.status, headers: captured.headers });
    };
    try {
      await oidc.authorizationCodeGrant(configuration(provider, server, capture as typeof fetch), url, checks);
    } catch (error) {
      if (!(error instanceof CapturedResponse) && !(error instanceof Error && error.cause instanceof CapturedResponse))
        throw error;
    }
    const body = captured as { body: string } | null;
    let tid: unknown;
    try {
      const idToken = (JSON.parse(body?.body ?? '{}') as { id_token?: string }).id_token ?? '';
      tid = (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { tid?: unknown })
        .tid;
    } catch {
      tid = undefined;
    }
    if (typeof tid !== 'string' || !provider.allowedTenants.includes(tid)) {
      throw new Refusal('tenant-not-allowed', `tid ${String(tid)}`);
    }
    const tenantServer = { ...server, issuer: server.issuer.replace(TENANT, tid) };
    return oidc.authorizationCodeGrant(configuration(provider, tenantServer, capture as typeof fetch), url, checks);
  }

  /** The account signing in: linked, linked now through a verified e-mail, or created with the provider's role. */
  async function account(provider: ProviderRow, claims: oidc.IDToken): Promise<string> {
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    const [linked] = await db
      .select({ userId: linkedIdentities.userId, status: users.status })
      .from(linkedIdentities)
      .innerJoin(users, eq(users.id, linkedIdentities.userId))
      .where(and(eq(linkedIdentities.providerId, provider.id), eq(linkedIdentities.subject, claims.sub)))
      .limit(1);
    if (linked) {
      if (linked.status !== 'active') throw new Refusal('account-suspended', '', email);
      return linked.userId;
    }
    if (!email) throw new Refusal('email-missing');
    const [existing] = await db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (existing) {
      // Only the provider's word that the address is the user's links an account made another way.
      if (claims.email_verified !== true) throw new Refusal('email-not-verified', '', email);
      if (existing.status !== 'active') throw new Refusal('account-suspended', '', email);
      await db
        .insert(linkedIdentities)
        .values({ userId: existing.id, providerId: provider.id, subject: claims.sub, email });
      return existing.id;
    }
    const firstname =
      (typeof claims.given_name === 'string' && claims.given_name.trim()) || email.split('@')[0] || 'User';
    const lastname = (typeof claims.family_name === 'string' && claims.family_name.trim()) || '';
    // No password: a random one nobody knows (a reset mail can give one later).
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          role: provider.newUserRole,
          email,
          username: `${`${firstname} ${lastname}`.trim().slice(0, 40)} ${randomBytes(3).toString('hex')}`,
          passwordHash,
          firstname: firstname.slice(0, 100),
          lastname: lastname.slice(0, 100),
        })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned nothing');
      await tx
        .insert(linkedIdentities)
        .values({ userId: created.id, providerId: provider.id, subject: claims.sub, email });
      return created.id;
    });
  }

  return {
    /** The enabled providers, for the login page's buttons. */
    async publicProviders() {
      const rows = await db
        .select({ id: identityProviders.id, name: identityProviders.name, preset: identityProviders.preset })
        .from(identityProviders)
        .where(eq(identityProviders.enabled, true))
        .orderBy(identityProviders.name);
      return rows;
    },

    /**
     * Where the browser goes to sign in: the provider's authorization URL (code flow, PKCE, state, nonce), and the
     * value of the browser's binding cookie (SSO_BROWSER_COOKIE; null when the sign-in could not begin). The nonce is
     * the cookie's hash, so only the browser that began a sign-in can finish it (no login CSRF).
     */
    async start(providerId: string, returnTo: unknown): Promise<{ location: string; browserKey: string | null }> {
      let provider: ProviderRow | null = null;
      try {
        provider = await enabledProvider(providerId);
        const server = await metadata(provider).catch((error: unknown) => {
          throw new Refusal('provider-unreachable', errorText(error));
        });
        const config = configuration(provider, server);
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const browserKey = oidc.randomNonce();
        const nonce = hash(browserKey);
        await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now()));
        await db.insert(ssoLoginStates).values({
          state,
          nonce,
          codeVerifier,
          providerId: provider.id,
          returnTo: safeReturnTo(returnTo),
          expiresAt: new Date(clock() + LOGIN_STATE_TTL_MS),
        });
        const parameters: Record<string, string> = {
          redirect_uri: redirectUri(provider),
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        };
        // Google shows the school's accounts first; the `hd` claim is still checked on the way back.
        if (provider.preset === 'google' && provider.allowedDomains.length === 1)
          parameters.hd = provider.allowedDomains[0]!;
        return { location: oidc.buildAuthorizationUrl(config, parameters).href, browserKey };
      } catch (error) {
        const refusal = error instanceof Refusal ? error : new Refusal('provider-unreachable', errorText(error));
        await log(provider?.id ?? null, 'refused', refusal.reason, { detail: refusal.detail });
        return { location: `/login?sso_error=${refusal.reason}`, browserKey: null };
      }
    },

    /** The provider's answer: checked, the account found or made, then the web app's one-time code. */
    async callback(providerId: string, requestUrl: string, browserKey: string | undefined): Promise<string> {
      let provider: ProviderRow | null = null;
      try {
        provider = await enabledProvider(providerId);
        const url = new URL(requestUrl, publicUrl);
        const stateParam = url.searchParams.get('state');
        if (!stateParam) throw new Refusal('state-missing');
        // Single use: the row is gone once read, whatever follows.
        const [state] = await db.delete(ssoLoginStates).where(eq(ssoLoginStates.state, stateParam)).returning();
        if (!state || state.providerId !== provider.id) throw new Refusal('state-unknown-or-used');
        if (state.expiresAt.getTime() <= clock()) throw new Refusal('state-expired');
        // The answer must come back to the browser that asked (its cookie hashes to the nonce).
        if (!browserKey || hash(browserKey) !== state.nonce) throw new Refusal('browser-mismatch');
        const error = url.searchParams.get('error');
        if (error) throw new Refusal('provider-error', `${error}: ${url.searchParams.get('error_description') ?? ''}`);
        const server = await metadata(provider).catch((e: unknown) => {
          throw new Refusal('provider-unreachable', errorText(e));
        });
        const checks = {
          pkceCodeVerifier: state.codeVerifier,
          expectedState: stateParam,
          expectedNonce: state.nonce,
          idTokenExpected: true,
        };
        const current = new URL(`${redirectUri(provider)}${url.search}`);
        let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
        try {
          response = server.issuer.includes(TENANT)
            ? await codeGrantForTenants(provider, server, current, checks)
            : await oidc.authorizationCodeGrant(configuration(provider, server), current, checks);
        } catch (e) {
          if (e instanceof Refusal) throw e;
          throw new Refusal(tokenRefusalReason(e), errorText(e));
        }
        const claims = response.claims();
        if (!claims) throw new Refusal('token-refused', 'no id_token');
        // Entra: the issuer the token was checked against must be its own tenant's (`tid`), whichever way it was chosen.
        if (
          server.issuer.includes(TENANT) &&
          (typeof claims.tid !== 'string' || tenantOf(server.issuer, claims.iss) !== claims.tid)
        ) {
          throw new Refusal('wrong-issuer', `iss ${claims.iss}, tid ${String(claims.tid)}`);
        }
        const email = typeof claims.email === 'string' ? claims.email : '';
        if (provider.preset === 'google' && provider.allowedDomains.length > 0) {
          // The domain the Workspace account belongs to, not the e-mail's text.
          if (typeof claims.hd !== 'string' || !provider.allowedDomains.includes(claims.hd)) {
            throw new Refusal('domain-not-allowed', `hd ${String(claims.hd ?? '(none)')}`, email);
          }
        }
        if (provider.preset === 'entra' && provider.allowedTenants.length > 0) {
          if (typeof claims.tid !== 'string' || !provider.allowedTenants.includes(claims.tid)) {
            throw new Refusal('tenant-not-allowed', `tid ${String(claims.tid ?? '(none)')}`, email);
          }
        }
        const userId = await account(provider, claims);
        const code = randomBytes(32).toString('base64url');
        await db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, now()));
        await db
          .insert(ssoHandoffs)
          .values({ codeHash: hash(code), userId, expiresAt: new Date(clock() + HANDOFF_TTL_MS) });
        await log(provider.id, 'signed-in', 'signed-in', { email, userId });
        const next = encodeURIComponent(state.returnTo);
        return `/login?sso_code=${code}&next=${next}`;
      } catch (error) {
        const refusal = error instanceof Refusal ? error : new Refusal('token-refused', errorText(error));
        await log(provider?.id ?? null, 'refused', refusal.reason, { detail: refusal.detail, email: refusal.email });
        return `/login?sso_error=${refusal.reason}`;
      }
    },

    /** The one-time code for a session, opened exactly as a password sign-in opens one (a 1-day session). */
    async exchange(code: string, userAgent: string | undefined): Promise<{ token: string; role: TokenUser['role'] }> {
      const [handoff] = await db
        .delete(ssoHandoffs)
        .where(and(eq(ssoHandoffs.codeHash, hash(code)), gt(ssoHandoffs.expiresAt, now())))
        .returning();
      if (!handoff) throw badRequest('This sign-in has expired or was already used. Sign in again.');
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          status: users.status,
          firstname: users.firstname,
          lastname: users.lastname,
          timeZone: users.timeZone,
          language: users.language,
          tokenVersion: users.tokenVersion,
          profileImage: images.name,
        })
        .from(users)
        .leftJoin(images, eq(images.id, users.profileImageId))
        .where(eq(users.id, handoff.userId))
        .limit(1);
      if (!row || row.status !== 'active') throw forbidden('This account cannot sign in.');
      const user: TokenUser = {
        id: row.id,
        username: row.username,
        role: row.role,
        profileImage: row.profileImage ?? null,
        firstname: row.firstname,
        lastname: row.lastname,
        timeZone: row.timeZone,
        language: row.language,
      };
      const { issuedAt, expiresAt } = tokens.newSession(false);
      const sessionId = await openSession(db, row.id, new Date(expiresAt * 1000), userAgent);
      const token = await tokens.issue(user, row.tokenVersion, { sessionId, expiresAt, issuedAt });
      return { token, role: row.role };
    },

    async listProviders() {
      const rows = await db.select().from(identityProviders).orderBy(identityProviders.name);
      return rows.map(toAdminProvider);
    },

    async createProvider(input: ProviderInput) {
      checkProvider(input);
      const [row] = await db
        .insert(identityProviders)
        .values({ ...input, clientSecretEncrypted: secrets.seal(input.clientSecret ?? '') })
        .returning();
      return toAdminProvider(row!);
    },

    /** Changes the given fields; a secret is replaced only when one is sent. */
    async updateProvider(id: string, input: Partial<ProviderInput>) {
      const [current] = await db.select().from(identityProviders).where(eq(identityProviders.id, id)).limit(1);
      if (!current) throw notFound('Identity provider not found');
      const { clientSecret, ...fields } = input;
      checkProvider({ ...toAdminProvider(current), ...fields });
      const [row] = await db
        .update(identityProviders)
        .set({
          ...fields,
          ...(clientSecret !== undefined ? { clientSecretEncrypted: secrets.seal(clientSecret) } : {}),
          updatedAt: now(),
        })
        .where(eq(identityProviders.id, id))
        .returning();
      return toAdminProvider(row!);
    },

    /** The last 50 sign-ins through providers, newest first, with the reason of each refusal. */
    async recentAttempts() {
      const rows = await db
        .select({
          id: ssoSignInAttempts.id,
          providerId: ssoSignInAttempts.providerId,
          providerName: identityProviders.name,
          at: ssoSignInAttempts.at,
          outcome: ssoSignInAttempts.outcome,
          reason: ssoSignInAttempts.reason,
          detail: ssoSignInAttempts.detail,
          email: ssoSignInAttempts.email,
        })
        .from(ssoSignInAttempts)
        .leftJoin(identityProviders, eq(identityProviders.id, ssoSignInAttempts.providerId))
        .orderBy(desc(ssoSignInAttempts.at), desc(ssoSignInAttempts.id))
        .limit(50);
      return rows.map((r) => ({ ...r, providerName: r.providerName ?? '', at: r.at.toISOString() }));
    },
  };
}

class CapturedResponse extends Error {}

/** The tenant an issuer names by the `{tenantid}` template, or null when it is not of that form. */
function tenantOf(template: string, issuer: string): string | null {
  const [before = '', after = ''] = template.split(TENANT);
  if (!issuer.startsWith(before) || !issuer.endsWith(after)) return null;
  const tid = issuer.slice(before.length, issuer.length - after.length);
  return /^[\w.-]{1,100}$/.test(tid) ? tid : null;
}

function checkProvider(input: Pick<ProviderInput, 'issuer' | 'preset' | 'allowedTenants'>) {
  let url: URL;
  try {
    url = new URL(input.issuer.replace(TENANT, 'x'));
  } catch {
    throw badRequest('The issuer must be a URL', [{ path: 'issuer', message: 'must be a URL' }]);
  }
  if (!['https:', 'http:'].includes(url.protocol)) throw badRequest('The issuer must be an https:// URL');
  if (input.issuer.includes(TENANT) && (input.preset !== 'entra' || input.allowedTenants.length === 0)) {
    throw badRequest('A {tenantid} issuer needs the Entra preset and at least one allowed tenant', [
      { path: 'allowedTenants', message: 'must name at least one tenant' },
    ]);
  }
}

export type SsoService = ReturnType<typeof createSsoService>;
