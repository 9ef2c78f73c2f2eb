import { createHash } from 'node:crypto';
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
                // The embedded database's own client (pglite-parsers) has nothing to test on PostgreSQL.
                exclude: ['test/process.test.ts', 'test/pglite-parsers.test.ts', 'test/**/*.redis.test.ts', security],
                provide: { databaseUrl: postgresUrl, databasePrefix },
                globalSetup: ['test/postgres-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
