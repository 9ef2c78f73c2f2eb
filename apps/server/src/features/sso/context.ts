import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import { identityProviders, ssoSignInAttempts } from '#db/schema/index.js';
import type { Clock } from '#lib/attempt-counter.js';
import type { SsoReason } from './reasons.js';
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

/** Why a sign-in was refused: the reason logged and shown, with a detail and the e-mail when known. */
export class Refusal extends Error {
  constructor(
    public readonly reason: SsoReason,
    public readonly detail = '',
    public readonly email = '',
  ) {
    super(reason);
  }
}

/** The Entra issuer template's tenant placeholder. */
export const TENANT = '{tenantid}';
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
export const hash = (code: string) => createHash('sha256').update(code).digest('base64url');

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

export type SsoContext = ReturnType<typeof createSsoContext>;

/**
 * What the sign-in use cases share: the database and options, the providers' discovery documents and client
 * configurations, the enabled-provider check and the attempts log.
 */
export function createSsoContext(db: Db, options: SsoServiceOptions) {
  const { secrets, clock, publicUrl } = options;
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

  return { db, options, now, redirectUri, metadata, configuration, enabledProvider, log };
}
