import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';
import type { TestContext } from './helper.js';

/**
 * Real OpenID Connect providers for the SSO tests (issue 48): oidc-provider instances on a loopback port, each
 * mounted under its own path (one per Entra-like tenant, or one Google-like), with interaction routes that sign in
 * whichever account the test chose (`login`) and grant what was asked. Tokens are issued and signed by
 * oidc-provider; nothing of Lyceum's side is mocked.
 */

export interface Person {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  hd?: string;
}

export type Tamper = (claims: Record<string, unknown>) => {
  claims: Record<string, unknown>;
  sign?: 'provider' | 'other-key' | 'none';
};

export const CLIENT_ID = 'lyceum';
export const CLIENT_SECRET = 'a-client-secret-of-the-school-0123456789';

export interface Harness {
  origin: string;
  /** The account the next sign-in at the provider logs in as. */
  login(person: Person): void;
  /** Entra-like: the tenant whose provider serves the next sign-in (its users' `tid`). */
  useTenant(tenant: string): void;
  /**
   * Rewrites the id_token of the next token responses (null: off): the test changes its claims and chooses the
   * signature (the provider's key, another key, or `alg: none`), as a forging party in the middle would.
   */
  tamper(rewrite: Tamper | null): void;
  close(): Promise<void>;
}

interface Options {
  /** Google-like: one provider at /google. Entra-like: one per tenant at /<tenant>/v2.0, with `tid`. */
  kind: 'google' | 'entra';
  tenants?: string[];
  redirectUri: string;
}

export async function startProviders(options: Options): Promise<Harness> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let person: Person = { sub: 'nobody' };
  let tenant = options.tenants?.[0] ?? '';
  let rewrite: Tamper | null = null;
  const other = (await generateKeyPair('RS256')).privateKey;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mounts = new Map<string, Provider>();
  const make = (mount: string, tid: string | null) => {
    const provider = new Provider(`${origin}${mount}`, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [options.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [jwk] },
      pkce: { required: () => true },
      conformIdTokenClaims: false,
      claims: {
        openid: ['sub', 'hd', 'tid'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name'],
      },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${mount}/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: () => ({ ...person, sub: id, ...(tid ? { tid } : {}) }),
      }),
      cookies: { keys: ['harness-cookie-key'] },
    });
    mounts.set(mount, provider);
    return provider;
  };
  if (options.kind === 'google') make('/google', null);
  else for (const t of options.tenants ?? []) make(`/${t}/v2.0`, t);

  async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({ accountId: details.session?.accountId ?? person.sub, clientId: CLIENT_ID });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    // Entra's `organizations` endpoints: the discovery names the templated issuer; the user is sent to their tenant.
    if (options.kind === 'entra' && url.startsWith('/organizations/v2.0')) {
      const rest = url.slice('/organizations/v2.0'.length);
      if (rest.startsWith('/.well-known/openid-configuration')) {
        const first = `/${options.tenants![0]}/v2.0`;
        void fetch(`${origin}${first}/.well-known/openid-configuration`)
          .then((r) => r.json() as Promise<Record<string, unknown>>)
          .then((doc) => {
            res.setHeader('content-type', 'application/json');
            res.end(
              JSON.stringify({
                ...doc,
                issuer: `${origin}/{tenantid}/v2.0`,
                authorization_endpoint: `${origin}/organizations/v2.0/auth`,
                token_endpoint: `${origin}/organizations/v2.0/token`,
                // As Entra's: the answer may come without `iss` (the tests send it both ways).
                authorization_response_iss_parameter_supported: false,
              }),
            );
          });
        return;
      }
      if (rest.startsWith('/auth')) {
        res.statusCode = 302;
        res.setHeader('location', `${origin}/${tenant}/v2.0${rest}`);
        res.end();
        return;
      }
      return dispatch(`/${tenant}/v2.0`, rest, req, res);
    }
    for (const mount of mounts.keys())
      if (url.startsWith(`${mount}/`)) return dispatch(mount, url.slice(mount.length), req, res);
    res.statusCode = 404;
    res.end();
  });

  function dispatch(mount: string, rest: string, req: IncomingMessage, res: ServerResponse) {
    const provider = mounts.get(mount)!;
    const original = req.url ?? '/';
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = `${mount}${rest}`;
    req.url = rest;
    if (rest.startsWith('/token') && rewrite && !req.headers['x-harness-passthrough']) {
      tampered(mount, req, res, rewrite).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (rest.startsWith('/interaction/')) {
      interaction(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void original;
    provider.callback()(req, res);
  }

  /** The real token response (asked of the provider itself), its id_token re-signed after the test's change. */
  async function tampered(mount: string, req: IncomingMessage, res: ServerResponse, change: Tamper) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const real = await fetch(`${origin}${mount}/token`, {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type']), 'x-harness-passthrough': '1' },
      body: Buffer.concat(chunks),
    });
    const body = (await real.json()) as Record<string, unknown>;
    if (typeof body.id_token === 'string') {
      const claims = decodeJwt(body.id_token) as Record<string, unknown>;
      const out = change(claims);
      if (out.sign === 'none') {
        const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
        body.id_token = `${part({ alg: 'none', typ: 'JWT' })}.${part(out.claims)}.`;
      } else {
        const key = out.sign === 'other-key' ? other : privateKey;
        body.id_token = await new SignJWT(out.claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(key);
      }
    }
    res.statusCode = real.status;
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'no-store');
    res.end(JSON.stringify(body));
  }

  return {
    origin,
    login: (p) => void (person = p),
    useTenant: (t) => void (tenant = t),
    tamper: (t) => void (rewrite = t),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A tiny cookie jar for the browser's side of the provider's pages. */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

export interface FlowResult {
  /** Where Lyceum's callback sent the browser (/login?sso_code=… or /login?sso_error=…). */
  location: string;
  /** The callback URL (path and query) the provider sent the browser to, to replay it. */
  callbackPath: string;
  /** The browser's binding cookie that Lyceum's start set (`name=value`), sent with the callback. */
  cookie: string;
}

/**
 * A browser's sign-in: Lyceum's start (app.inject), the provider's pages (fetch, following redirects by hand with
 * cookies), then Lyceum's callback. `beforeCallback` may change the callback's query (tampering).
 */
export async function signInFlow(
  ctx: TestContext,
  providerId: string,
  options: {
    returnTo?: string;
    beforeCallback?: (path: string) => string;
    stopAtCallback?: boolean;
    /** The provider's answer without its `iss` parameter (as Entra answers). */
    dropIss?: boolean;
    /** The callback is opened in another browser (without the cookie the start set): a login CSRF. */
    otherBrowser?: boolean;
    /** Another app (process) on the same database answers the callback. */
    callbackApp?: FastifyInstance;
  } = {},
): Promise<FlowResult> {
  const start = await ctx.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/${providerId}/start?returnTo=${encodeURIComponent(options.returnTo ?? '/')}`,
  });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode} ${start.body}`);
  let next = String(start.headers.location);
  const cookie = String(start.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  if (next.startsWith('/login')) return { location: next, callbackPath: '', cookie };
  const jar = cookieJar();
  const publicUrl = ctx.config.publicUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    if (next.startsWith(publicUrl)) {
      if (options.dropIss) {
        const url = new URL(next);
        url.searchParams.delete('iss');
        next = url.href;
      }
      const path = options.beforeCallback
        ? options.beforeCallback(next.slice(publicUrl.length))
        : next.slice(publicUrl.length);
      if (options.stopAtCallback) return { location: '', callbackPath: path, cookie };
      const callback = await (options.callbackApp ?? ctx.app).inject({
        method: 'GET',
        url: path,
        headers: options.otherBrowser ? {} : { cookie },
      });
      if (callback.statusCode !== 302) throw new Error(`callback answered ${callback.statusCode} ${callback.body}`);
      return { location: String(callback.headers.location), callbackPath: path, cookie };
    }
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status} ${await response.text()}`);
    next = new URL(location, next).href;
  }
  throw new Error('too many redirects');
}
