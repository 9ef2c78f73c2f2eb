import { isIP } from 'node:net';
import path from 'node:path';
import type { Language } from '@lyceum/contract/constants';
import { z } from 'zod';

/**
 * The contract's LANGUAGES (a type-only import: vitest's config loads this file before TypeScript sources can be
 * imported). The two checks below fail the typecheck when the lists differ.
 */
const SCHOOL_LANGUAGES = ['en', 'es', 'ar'] as const satisfies readonly Language[];
type MissingLanguage = Exclude<Language, (typeof SCHOOL_LANGUAGES)[number]>;
const everyLanguage: [MissingLanguage] extends [never] ? true : MissingLanguage = true;
void everyLanguage;

/** An IPv4/IPv6 address, or one with a /prefix (CIDR). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The zone as Intl names it, or null. (The contract's canonicalTimeZone does the same for requests; this file is
 * also loaded by the test runner's config in plain Node, which cannot read the contract's TypeScript.)
 */
function ianaTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * TRUST_PROXY: unset, "off", "false" or "0" = trust no proxy (the peer's address is the client); a hop count
 * 1-10; or a comma-separated list of proxy addresses / CIDR ranges whose X-Forwarded-For is believed.
 */
const TrustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? '').trim();
    if (!text || ['off', 'false', '0'].includes(text.toLowerCase())) return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 10) return hops;
    }
    const list = text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'must be off, a hop count (1-10) or a comma-separated list of proxy addresses / CIDR ranges',
    });
    return z.NEVER;
  });

/**
 * The one reader of the environment. Everything is optional; a bad value stops the
 * process with the variable's name.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lyceum <no-reply@lyceum.local>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
    .optional(),
  /** How long one Redis command or connection attempt may take before the in-process fallback answers. */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(200),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  TRUST_PROXY: TrustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal, JSON lines otherwise; `json` or `pretty` force one. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** Login and registration attempts per minute per client. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Writes per minute per user on the v1 compatibility API. */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Password-reset requests per hour per client, whatever the address (ADR 031). */
  RESET_REQUESTS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Authenticated writes (POST/PUT/PATCH/DELETE) per minute per user on /api (ADR 031). */
  API_WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Picture uploads per minute per user (PUT /api/me/image). */
  IMAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SUBMISSION_UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Pictures decoded at once; further uploads wait in a queue of IMAGE_JOB_QUEUE, beyond it 503. */
  IMAGE_JOB_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  IMAGE_JOB_QUEUE: z.coerce.number().int().min(0).default(8),
  /**
   * Requests that may wait for the database at once; beyond, 503 + Retry-After. Default 64 on the embedded database
   * (one statement at a time), 1024 on PostgreSQL.
   */
  DB_MAX_PENDING_REQUESTS: z.coerce.number().int().min(1).optional(),
  /** Where the built web app lives; defaults to apps/web/dist next to this package. */
  WEB_DIST_DIR: z.string().optional(),
  TEST_DATABASE_URL: z.string().optional(),
  /** Connections to PostgreSQL per app process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * How long an answer of a public read is kept in memory (ms; 0: never): the `max-age` such answers are sent with
   * (ADR 020). Writes through the API drop what they change at once.
   */
  RESPONSE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** App processes sharing the port (PostgreSQL only); WORKERS is the same setting under another name. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Whether this process runs the job runner (mail, digests, scheduled work); `off` leaves it to the others. */
  JOB_RUNNER: z.enum(['on', 'off']).default('on'),
  /** How often due jobs are looked for when nothing wakes the runner (ms). */
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /**
   * The school's adult-students setting (issue 52, ADR 070): `on` for a school whose students are all adults (e.g. a
   * college): every student then decides about their guardians, as one whose date of birth makes them 18 or more.
   */
  ADULT_STUDENTS: z.enum(['on', 'off']).default('off'),
  /** How often open notification streams re-check their session and are pinged (ms). */
  SSE_CHECK_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  /**
   * The school's time zone (IANA, e.g. Europe/London): dates in notifications, e-mails and certificates of a user who
   * has not signed in yet (the browser's zone is stored at sign-in; issue 46.9, ADR 050).
   */
  DEFAULT_TIME_ZONE: z
    .string()
    .default('UTC')
    .transform((value, ctx) => {
      const zone = ianaTimeZone(value.trim());
      if (zone) return zone;
      ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as Europe/London or UTC' });
      return z.NEVER;
    }),
  /**
   * The school's language (issue 47, docs/i18n.md): pages and messages for a visitor who chose none and whose
   * browser asks for none Lyceum speaks.
   */
  DEFAULT_LANGUAGE: z.enum(SCHOOL_LANGUAGES).default('en'),
  /**
   * The key identity providers' client secrets are encrypted with at rest (issue 48, ADR 056): at least 32
   * characters, the same on every app process. Unset: a key derived from the token signing secret.
   */
  SSO_SECRET_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was set; without it `publicUrl` is a guess (http://localhost:PORT). */
  publicUrlSet: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  redisTimeoutMs: number;
  corsOrigins: string[];
  /** Fastify's trustProxy: false (default), a hop count, or the proxies' addresses / CIDR ranges. */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  logFormat: Env['LOG_FORMAT'];
  webDistDir: string | undefined;
  /** Login and registration attempts per minute per client. */
  authRateLimitPerMinute: number;
  /** Writes per minute per user on the v1 compatibility API. */
  writeRateLimitPerMinute: number;
  /** Authenticated writes per minute per user on /api. */
  apiWriteRateLimitPerMinute: number;
  /** Password-reset requests per hour per client. */
  resetRequestsPerClientPerHour: number;
  /** Connections to PostgreSQL per app process. */
  databasePoolSize: number;
  /** How long public reads are kept in memory (ms; 0: not at all). */
  responseCacheMs: number;
  /** App processes sharing the port; more than one needs PostgreSQL. */
  workers: number;
  /** Picture uploads per minute per user. */
  imageRateLimitPerMinute: number;
  /** Assignment file uploads per student per minute (each is read and sniffed; ADR 025). */
  submissionUploadRateLimitPerMinute: number;
  /** Requests in flight that need the database; beyond, 503 + Retry-After (ADR 031). */
  dbMaxPendingRequests: number;
  /** Image decoding: jobs at once, and how many may wait (beyond: 503 + Retry-After). */
  imageJobs: { concurrency: number; queue: number };
  /** Jobs (lib/jobs.ts): whether this process runs them, and its poll interval. */
  jobs: { run: boolean; pollMs: number };
  /** Notification streams: the session re-check and ping interval. */
  sseCheckMs: number;
  /** Every student is treated as an adult for the guardian rule (ADR 070). */
  adultStudents: boolean;
  /** The zone of dates for users who have none yet (IANA). */
  defaultTimeZone: string;
  /** The school's language: for visitors and users who chose none and whose browser asks for none we speak. */
  defaultLanguage: Language;
  /** The key of identity providers' client secrets at rest; undefined: derived from the token signing secret. */
  ssoSecretKey: string | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const workers = env.WEB_CONCURRENCY ?? env.WORKERS ?? 1;
  if (workers > 1 && !env.DATABASE_URL) {
    throw new ConfigError([
      `WEB_CONCURRENCY: ${workers} processes need PostgreSQL (DATABASE_URL); the embedded database can be opened by one process only`,
    ]);
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    publicUrlSet: env.PUBLIC_URL !== undefined,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    redisTimeoutMs: env.REDIS_TIMEOUT_MS,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    webDistDir: env.WEB_DIST_DIR,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    writeRateLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE,
    apiWriteRateLimitPerMinute: env.API_WRITE_RATE_LIMIT_PER_MINUTE,
    resetRequestsPerClientPerHour: env.RESET_REQUESTS_PER_CLIENT_PER_HOUR,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    responseCacheMs: env.RESPONSE_CACHE_MS,
    workers,
    imageRateLimitPerMinute: env.IMAGE_RATE_LIMIT_PER_MINUTE,
    submissionUploadRateLimitPerMinute: env.SUBMISSION_UPLOAD_RATE_LIMIT_PER_MINUTE,
    imageJobs: { concurrency: env.IMAGE_JOB_CONCURRENCY, queue: env.IMAGE_JOB_QUEUE },
    dbMaxPendingRequests: env.DB_MAX_PENDING_REQUESTS ?? (env.DATABASE_URL ? 1024 : 64),
    jobs: { run: env.JOB_RUNNER === 'on', pollMs: env.JOB_POLL_MS },
    sseCheckMs: env.SSE_CHECK_MS,
    adultStudents: env.ADULT_STUDENTS === 'on',
    defaultTimeZone: env.DEFAULT_TIME_ZONE,
    defaultLanguage: env.DEFAULT_LANGUAGE,
    ssoSecretKey: env.SSO_SECRET_KEY,
  };
}

/**
 * What only the HTTP server needs (the CLIs do not sign tokens): on PostgreSQL several nodes may serve one
 * database, and a secret generated per node would make each node refuse the others' tokens.
 */
export function serverConfigProblems(config: Config): void {
  if (config.databaseUrl && !config.jwtSecret) {
    throw new ConfigError([
      'JWT_SECRET: is required with DATABASE_URL (every app node on one PostgreSQL must sign tokens with the same ' +
        'secret; set at least 32 random characters)',
    ]);
  }
}

/** What a production server should be told at start: settings that work but give people wrong addresses. */
export function serverConfigWarnings(config: Config): string[] {
  if (config.env !== 'production' || config.publicUrlSet) return [];
  return [
    `PUBLIC_URL is not set: links in e-mails and calendar addresses say ${config.publicUrl}, and certificates ` +
      'print the address each download was requested from. Set PUBLIC_URL to the address people use.',
  ];
}

/** The PostgreSQL server tests should also run against, when set (read here so tests don't touch process.env). */
export function testDatabaseUrl(source: NodeJS.ProcessEnv = process.env): string | undefined {
  return source.TEST_DATABASE_URL || undefined;
}

/** A Redis server for the shared-counter tests, when set (TEST_REDIS_URL); those tests are skipped otherwise. */
export function testRedisUrl(source: NodeJS.ProcessEnv = process.env): string | undefined {
  return source.TEST_REDIS_URL || undefined;
}

/**
 * How much of the security suite runs (SECURITY_SUITE): `full` (`npm run test:security`) or `quick`, the reduced
 * set `npm test` runs (fewer fuzz runs per route, one kill -9 round).
 */
export function securitySuiteProfile(source: NodeJS.ProcessEnv = process.env): 'full' | 'quick' {
  return source.SECURITY_SUITE === 'quick' ? 'quick' : 'full';
}
