import { randomUUID } from 'node:crypto';
import type { LoginResponse, Profile, Role, TokenUser } from '@lyceum/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/passwords.js';
import { openSession } from '../src/auth/sessions.js';
import { createTokenService } from '../src/auth/tokens.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import type { Clock } from '../src/lib/attempt-counter.js';
import type { Mailer } from '../src/lib/mailer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty for PGlite; a PostgreSQL URL for the postgres project. */
    databaseUrl: string;
    /** The prefix of this checkout's per-file test databases (see vitest.config.ts). */
    databasePrefix: string;
    /** The security suite's size (vitest.security.config.ts): `quick` in `npm test`, else `full`. */
    securityProfile?: 'full' | 'quick';
  }
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A database for one test file: in-memory PGlite, or a fresh database on the PostgreSQL server. */
async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject('databaseUrl');
  if (!serverUrl) return openDatabase({ kind: 'pglite' });
  const name = `${inject('databasePrefix')}${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The database is dropped by the postgres project's global setup (test/postgres-setup.ts) after the run.
  return openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 20 });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * Builds the real app on a real database for the current test file and closes both
 * afterwards. The returned object is filled in by beforeAll.
 */
export interface TestAppOptions {
  /** Per-IP limit on the auth routes (default: high enough never to interfere). */
  authRateLimit?: number;
  /** Per-user limit on v1 write routes (default: high enough never to interfere). */
  writeRateLimit?: number;
  /** Per-user limit on authenticated /api writes (default: high enough never to interfere). */
  apiWriteRateLimit?: number;
  env?: Record<string, string>;
  mailer?: Mailer;
  clock?: Clock;
  /** Sees every route as it is added (the security suite's route table). */
  onRoute?: (route: RouteOptions) => void;
}

/** A directory that never holds a web build: the app under test serves the API only. */
export const NO_WEB_BUILD_DIR = '/tmp/lyceum-test-no-web-build';

export function useTestApp(options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/lyceum-test-unused',
      AUTH_RATE_LIMIT_PER_MINUTE: String(options.authRateLimit ?? 10_000),
      WRITE_RATE_LIMIT_PER_MINUTE: String(options.writeRateLimit ?? 10_000),
      API_WRITE_RATE_LIMIT_PER_MINUTE: String(options.apiWriteRateLimit ?? 10_000),
      RESET_REQUESTS_PER_CLIENT_PER_HOUR: '10000',
      IMAGE_RATE_LIMIT_PER_MINUTE: '10000',
      SUBMISSION_UPLOAD_RATE_LIMIT_PER_MINUTE: '10000',
      // No web build unless a test brings its own: whether apps/web/dist exists on this machine (after
      // `npm run build`) must not change what the app under test answers.
      WEB_DIST_DIR: NO_WEB_BUILD_DIR,
      // Tests write behind the API's back (SQL) and read again at once: the response cache, which only hears of
      // writes made through the API, is tested on its own (response-cache.test.ts) and is off elsewhere.
      RESPONSE_CACHE_MS: '0',
      ...options.env,
    });
    ctx.database = await createTestDatabase();
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      tokens: createTokenService(TEST_SECRET),
      mailer: options.mailer,
      clock: options.clock,
      onRoute: options.onRoute,
      checkSerializers: true,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomUUID().slice(0, 8)}@example.com`;
}

export const PASSWORD = 'correct-horse-battery';

export interface TestUser {
  email: string;
  password: string;
  token: string;
  user: Profile;
}

/** Registers (or, for admins, inserts) a user and logs in, through the public API where possible. */
export async function createUser(
  ctx: TestContext,
  role: Role,
  overrides: Partial<Record<string, string>> = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail(role);
  const firstname = overrides.firstname ?? 'Test';
  const lastname = overrides.lastname ?? `${role}${counter}`;
  if (role === 'admin') {
    await ctx.database.db.insert(users).values({
      role: 'admin',
      email,
      firstname,
      lastname,
      username: `${firstname} ${lastname} ${randomUUID().slice(0, 6)}`,
      passwordHash: await hashPassword(PASSWORD),
    });
  } else {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, firstname, lastname, phone: '+1 555 0000', password: PASSWORD, role, ...overrides },
    });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  }
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const body = login.json<LoginResponse>();
  return { email, password: PASSWORD, token: body.token, user: body.user };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Decodes a JWT's payload without verifying it (what any client could read). */
export function decodePayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A token for a user inserted directly (bulk fixtures): opens a session as a login would. */
export async function issueToken(ctx: TestContext, user: TokenUser, tokenVersion = 0): Promise<string> {
  const tokens = createTokenService(TEST_SECRET);
  const times = tokens.newSession(false);
  const sessionId = await openSession(ctx.database.db, user.id, new Date(times.expiresAt * 1000), 'test');
  return tokens.issue(user, tokenVersion, { sessionId, ...times });
}
