// Starts the production build on a fresh embedded database for the end-to-end tests; with E2E_DATABASE_URL (a
// PostgreSQL server), on a fresh database there instead (the specs that run on both databases: playwright.config.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'lyceum-e2e-'));
// The specs read mails from `${DATA_DIR}/outbox` (no SMTP_URL here): tell them where this run's data dir is.
const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });
const port = process.env.PORT ?? '3000';
// One file per server (each Playwright worker has its own; support.ts reads the one of the test's worker).
writeFileSync(path.join(artifacts, `data-dir-${port}.txt`), dataDir);
// A second origin (a v1 client's page, e2e/cross-origin.spec.ts) on the port after next thousand.
const secondOrigin = `http://127.0.0.1:${Number(port) + 1000}`;
/** A fresh PostgreSQL database for this run, named after the port, when E2E_DATABASE_URL names a server. */
async function freshPostgres(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `lyceum_e2e_${port}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), JWT_SECRET: 'e2e-only-secret-of-at-least-32-characters' };
}
const database = process.env.E2E_DATABASE_URL ? await freshPostgres(process.env.E2E_DATABASE_URL) : {};

const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Links in mails point at the address the browser uses.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    CORS_ORIGINS: secondOrigin,
    ...database,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
