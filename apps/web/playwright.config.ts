import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}. Install Debian's package: apt-get install -y chromium`);
}

/** E2E_PORT lets two runs share a machine (each starts its own servers and databases). */
const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Spec files run on E2E_WORKERS workers (default 2), each against its own server and embedded database (ports PORT,
 * PORT + 2, …; `serverUrl` in e2e/support.ts), so side by side they share no data. Two workers took the 166 specs
 * from about 35 to 21.5 minutes on this 2-core machine (7 Dec, ADR 055); E2E_WORKERS=1 runs them one at a time.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const serverPorts = Array.from({ length: WORKERS }, (_, i) => PORT + 2 * i);
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
  workers: WORKERS,
  retries: 0,
  forbidOnly: true,
  // Ceilings, not waits: a passing test takes no longer for them. CI runs two workers, each with its own server and
  // browser, on two cores; at 30 s and 7 s, a moment of load there failed tests that pass (stop 60: a lazy page's first
  // render, a sign-in, an axe run over a long page); a whole flow of page loads took over 60 s there (session 36).
  timeout: 90_000,
  expect: { timeout: 12_000 },
  reporter: [['list']],
  use: {
    // A trace records every action's DOM snapshots and a screencast: a third of the browser tests' CPU (courses.spec:
    // 196 → 123 core-seconds, 7 Dec). CI's folder is gone when the run ends, so there no one could open one.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The app's service worker (ADR 071) would answer requests before page.route sees them: only pwa.spec allows it.
    serviceWorkers: 'block',
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
    { name: 'chromium', metadata: { serverPorts }, use: { ...devices['Desktop Chrome'] } },
    ...(POSTGRES
      ? [
          {
            name: 'chromium-postgres',
            testMatch: BOTH_DATABASES,
            metadata: { serverPorts: [PG_PORT] },
            use: { ...devices['Desktop Chrome'] },
          },
        ]
      : []),
  ],
  webServer: [
    ...serverPorts.map((port) => ({
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(port) },
    })),
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
