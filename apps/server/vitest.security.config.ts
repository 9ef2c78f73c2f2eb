import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { securitySuiteProfile, testDatabaseUrl } from './src/config.js';

const postgresUrl = testDatabaseUrl();
const securityProfile = securitySuiteProfile();
/**
 * The measurement of health during a maximal import (issue 55 §3) times a real server: it belongs to the full suite on
 * a machine doing nothing else, not to `npm test`'s reduced run beside other test files (its unit tests assert that
 * the import yields: test/question-import-limits.test.ts).
 */
const fullOnly = securityProfile === 'quick' ? ['test/security/import-health.test.ts'] : [];
/** As in vitest.config.ts: this checkout's test databases share a prefix, dropped after the run. */
const databasePrefix = `lyceum_test_${createHash('sha256')
  .update(import.meta.dirname)
  .digest('hex')
  .slice(0, 8)}_`;

/**
 * The permanent security suite (issue 13): the authorization matrix from the route table, token forgery,
 * hostile-input fuzz and kill -9 durability. Runs on the embedded PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set. `npm run test:security` from the repository root.
 */
export default defineConfig({
  test: {
    // Two files at a time on CI's two cores (Vitest's default is one fewer than the cores): 161 → 113 s (7 Dec).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'security-pglite',
          include: ['test/security/**/*.test.ts'],
          exclude: fullOnly,
          provide: { databaseUrl: '', databasePrefix, securityProfile },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'security-postgres',
                include: ['test/security/**/*.test.ts'],
                exclude: fullOnly,
                provide: { databaseUrl: postgresUrl, databasePrefix, securityProfile },
                globalSetup: ['test/postgres-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
