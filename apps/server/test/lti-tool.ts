import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from './free-port.js';

/**
 * A real LTI 1.3 tool for the platform tests (issue 51): ltijs (the certified tool library) on a loopback port,
 * with its own database through ltijs-sequelize: a database of its own on the PostgreSQL server when the tests run
 * there, else an in-process PGlite served over the wire protocol by pglite-socket. Nothing of it is mocked: ltijs
 * does its own login initiation, state cookie, JWKS fetch, signature and claim checks, and nonce bookkeeping.
 */

const require = createRequire(import.meta.url);

/** What ltijs handed its launch handler (`onConnect`): its validated view of the id_token. */
export interface ToolLaunch {
  user: string;
  userInfo: { given_name?: string; family_name?: string; name?: string; email?: string };
  clientId: string;
  deploymentId: string;
  context: {
    roles: string[];
    context: { id: string; label?: string; title?: string };
    resource: { id: string; title?: string };
    messageType: string;
    version: string;
    targetLinkUri: string;
    deepLinkingSettings?: Record<string, unknown>;
  };
}

interface LtiProvider {
  setup(key: string, database: { plugin: unknown }, options: Record<string, unknown>): void;
  onConnect(handler: (token: unknown, req: unknown, res: ExpressResponse) => unknown): void;
  onInvalidToken(handler: (req: unknown, res: ExpressResponse) => unknown): void;
  onDeepLinking(handler: (token: unknown, req: unknown, res: ExpressResponse) => unknown): void;
  DeepLinking: { createDeepLinkingForm(token: unknown, items: object[], options: object): Promise<string> };
  registerPlatform(platform: Record<string, unknown>): Promise<unknown>;
  app: (req: unknown, res: unknown) => void;
  Database: { setup(): Promise<unknown>; Close(): Promise<unknown> };
}
interface ExpressResponse {
  locals: { token: ToolLaunch & { platformContext: ToolLaunch['context'] }; err?: unknown };
  status(code: number): ExpressResponse;
  send(body: unknown): unknown;
}

export interface LtiTool {
  origin: string;
  loginUrl: string;
  launchUrl: string;
  /** Every launch ltijs accepted, in order (deep linking requests too). */
  launches: ToolLaunch[];
  /** What the tool answers a deep linking request with (its content items; ltijs keeps the accepted types). */
  deepLinkItems: object[];
  /** Registers Lyceum (one client id of it) with the tool, as the tool's admin would. */
  registerPlatform(platform: {
    issuer: string;
    clientId: string;
    authorizationEndpoint: string;
    jwksUrl: string;
  }): Promise<void>;
  close(): Promise<void>;
}

/** The tool's own database: its URL parts, and how to drop it. */
async function toolDatabase() {
  const serverUrl = inject('databaseUrl');
  if (serverUrl) {
    const name = `${inject('databasePrefix')}ltijs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    return {
      name,
      user: decodeURIComponent(url.username) || 'postgres',
      password: decodeURIComponent(url.password),
      host: url.hostname,
      port: Number(url.port || 5432),
      pool: { max: 5 },
      close: async () => undefined,
    };
  }
  const db = new PGlite();
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 1 });
  await server.start();
  return {
    name: 'postgres',
    user: 'postgres',
    password: '',
    host: '127.0.0.1',
    port,
    // PGlite is one connection: ltijs's queries queue on it.
    pool: { max: 1 },
    close: async () => {
      await server.stop();
      await db.close();
    },
  };
}

export async function startLtiTool(): Promise<LtiTool> {
  const database = await toolDatabase();
  const SequelizeDatabase = require('ltijs-sequelize') as new (
    name: string,
    user: string,
    password: string,
    options: Record<string, unknown>,
  ) => unknown;
  const plugin = new SequelizeDatabase(database.name, database.user, database.password, {
    host: database.host,
    port: database.port,
    dialect: 'postgres',
    logging: false,
    pool: database.pool,
  });
  const lti = (require('ltijs') as { Provider: LtiProvider }).Provider;
  lti.setup(
    'an-encryption-key-of-the-test-tool',
    { plugin },
    {
      appRoute: '/launch',
      loginRoute: '/login',
      keysetRoute: '/keys',
      cookies: { secure: false, sameSite: 'Lax' },
      devMode: false,
    },
  );
  const launches: ToolLaunch[] = [];
  lti.onConnect((_token, _req, res) => {
    const token = res.locals.token;
    launches.push({ ...token, context: token.platformContext });
    return res.send(`Launched for ${token.user}`);
  });
  const deepLinkItems: object[] = [];
  lti.onDeepLinking(async (_token, _req, res) => {
    const token = res.locals.token;
    launches.push({ ...token, context: token.platformContext });
    return res.send(await lti.DeepLinking.createDeepLinkingForm(token, deepLinkItems, { message: 'Chosen' }));
  });
  lti.onInvalidToken((_req, res) => res.status(401).send({ refusedByTool: res.locals.err }));
  // ltijs's deploy() would exit the process on a database error; its two steps are done here instead.
  await lti.Database.setup();
  const server: Server = createServer(lti.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    loginUrl: `${origin}/login`,
    launchUrl: `${origin}/launch`,
    launches,
    deepLinkItems,
    async registerPlatform(platform) {
      await lti.registerPlatform({
        url: platform.issuer,
        name: 'Lyceum',
        clientId: platform.clientId,
        authenticationEndpoint: platform.authorizationEndpoint,
        accesstokenEndpoint: `${platform.issuer}/api/lti/token`,
        authConfig: { method: 'JWK_SET', key: platform.jwksUrl },
      });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await lti.Database.Close();
      await database.close();
    },
  };
}

/**
 * A browser's way through forms and redirects, with fetch: cookies kept (by name: every server here is on
 * 127.0.0.1, and cookies do not tell ports apart either), redirects followed by hand, forms read from the HTML.
 */
export function browser() {
  const cookies = new Map<string, string>();
  function keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  /** One request, then its redirects (GET) until an answer that is not one. */
  async function go(
    url: string,
    form?: Record<string, string>,
    { follow = true } = {},
  ): Promise<{ url: string; response: Response; body: string }> {
    let current = url;
    let init: RequestInit = form
      ? {
          method: 'POST',
          body: new URLSearchParams(form).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader() },
        }
      : { headers: { cookie: cookieHeader() } };
    for (let hops = 0; hops < 10; hops += 1) {
      const response = await fetch(current, { ...init, redirect: 'manual' });
      keep(response);
      const location = response.headers.get('location');
      if (follow && response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).href;
        init = { headers: { cookie: cookieHeader() } };
        continue;
      }
      return { url: current, response, body: await response.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }
  return { go, cookies };
}

/** The one form of a page: its action and its hidden fields. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const decode = (s: string) =>
    s.replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
    );
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"/g)) {
    fields[decode(match[1]!)] = decode(match[2]!);
  }
  return { action: decode(action), fields };
}
