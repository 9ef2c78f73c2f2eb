import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { testDatabaseUrl, testRedisUrl } from './src/config.js';

const postgresUrl = testDatabaseUrl();
/**
 * Test databases are named after this checkout, so runs from two checkouts on one PostgreSQL server
 * (parallel work trees on a shared machine) never drop each other's databases.
 */
const databasePrefix = `lyceum_test_${createHash('sha256')
  .update(import.meta.dirname)
  .digest('hex')
  .slice(0, 8)}_`;
/** Tests that need a Redis server run only when TEST_REDIS_URL names one. */
const redisOnly = testRedisUrl() ? [] : ['test/**/*.redis.test.ts'];
/** The security suite has its own config (vitest.security.config.ts, `npm run test:security`). */
const security = 'test/security/**';

/**
 * Every server test runs on the embedded PGlite; with TEST_DATABASE_URL set the same
 * tests run again on that PostgreSQL server (a fresh database per test file).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Most of a server test's time is
    // spent waiting on PostgreSQL, a child process or a timer, so two files at a time there took the run from about
    // 30 to 16 minutes (1 Dec, both databases), with every file on its own database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A test file's modules (the whole app: Fastify, drizzle, every feature) are loaded once per worker, not once per
    // file: that load was most of a short file's time (4 files: 50 → 21 s; the whole run on both databases 25 → 11 min, 7 Dec). Each file still builds its own
    // app on its own database (test/helper.ts), and no server test mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'pglite',
          include: ['test/**/*.test.ts'],
          exclude: [...redisOnly, security],
          provide: { databaseUrl: '', databasePrefix },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['test/**/*.test.ts'],
                // The embedded database's own client (pglite-parsers, pglite-prepare) has nothing to test on PostgreSQL.
                exclude: [
                  'test/process.test.ts',
                  'test/pglite-parsers.test.ts',
                  'test/pglite-prepare.test.ts',
                  'test/**/*.redis.test.ts',
                  security,
                ],
                provide: { databaseUrl: postgresUrl, databasePrefix },
                globalSetup: ['test/postgres-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
