import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SECRET = 'child-server-secret-that-is-long-enough';

/**
 * The real server as child processes of a test file (the kill -9 durability round, the health-during-import
 * measurement): one data directory for the file, a fresh PostgreSQL database per call in the postgres project, every
 * child killed and the directory removed after the file.
 */
export function childServers(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lyceum-${name}-`));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A fresh PostgreSQL database (dropped with the others by the postgres project's global setup), or none. */
  async function databaseUrl(): Promise<string | undefined> {
    const serverUrl = inject('databaseUrl');
    if (!serverUrl) return undefined;
    const database = `${inject('databasePrefix')}${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  }

  /** Starts the server from source on `port` (on `database`, or the embedded one in the file's data directory). */
  async function startServer(port: number, database: string | undefined) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        JWT_SECRET: SECRET,
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        WRITE_RATE_LIMIT_PER_MINUTE: '10000',
        ...(database ? { DATABASE_URL: database } : {}),
      },
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => output.includes('Lyceum is running') && resolve());
      void exited.then(() => reject(new Error(`server exited: ${output}`)));
    });
    return { child, exited, base: `http://127.0.0.1:${port}` };
  }

  return { databaseUrl, startServer };
}
