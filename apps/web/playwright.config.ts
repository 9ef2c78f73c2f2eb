import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}. Install Debian's package: apt-get install -y chromium`);
}

/** E2E_PORT lets two runs share a machine (each starts its own server and database). */
const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * With TEST_DATABASE_URL (a PostgreSQL server, as in CI), the specs that must hold on both databases run a second
 * time against a server on a fresh PostgreSQL database, on the port after next hundred.
 */
const POSTGRES = process.env.TEST_DATABASE_URL;
const PG_PORT = PORT + 100;
const BOTH_DATABASES = /hostile-fields\.spec\.ts/;

/** End-to-end tests: the production build, a fresh embedded database, the system Chromium. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] } },
    ...(POSTGRES
      ? [
          {
            name: 'chromium-postgres',
            testMatch: BOTH_DATABASES,
            use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${PG_PORT}` },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(PORT) },
    },
    ...(POSTGRES
      ? [
          {
            command: 'node e2e/start-server.mjs',
            url: `http://127.0.0.1:${PG_PORT}/api/health`,
            reuseExistingServer: false,
            timeout: 120_000,
            env: { PORT: String(PG_PORT), E2E_DATABASE_URL: POSTGRES },
          },
        ]
      : []),
  ],
});
