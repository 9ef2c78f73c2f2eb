// Starts the production build on a fresh embedded database for the end-to-end tests.
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
writeFileSync(path.join(artifacts, 'data-dir.txt'), dataDir);
const port = process.env.PORT ?? '3000';
// A second origin (a v1 client's page, e2e/cross-origin.spec.ts) on the port after next thousand.
const secondOrigin = `http://127.0.0.1:${Number(port) + 1000}`;
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
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
