import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from './free-port.js';

/** `npm start` with WEB_CONCURRENCY / WORKERS: several app processes sharing the port (issue 20 point 7). */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lyceum-workers-')),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('several app processes (WEB_CONCURRENCY)', () => {
  it('refuses more than one process on the embedded database, saying why', { timeout: 60_000 }, async () => {
    const server = startServer({ PORT: String(await freePort()), WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WEB_CONCURRENCY: 2 processes need PostgreSQL \(DATABASE_URL\)/);
  });

  // PostgreSQL only: registered on the postgres project alone, so no run reports a skip.
  if (inject('databaseUrl'))
    it(
      'starts two workers on PostgreSQL that share the port and both answer, and stops them together',
      { timeout: 120_000 },
      async () => {
        const name = `${inject('databasePrefix')}workers${Date.now()}`;
        const admin = new pg.Client({ connectionString: inject('databaseUrl') });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(inject('databaseUrl'));
        url.pathname = `/${name}`;
        const listenOn = await freePort();
        const server = startServer({
          PORT: String(listenOn),
          DATABASE_URL: url.toString(),
          JWT_SECRET: 'workers-test-secret-long-enough-for-hs256',
          WORKERS: '2',
        });
        const running = () => [...server.output().matchAll(/"pid":(\d+)[^\n]*Lyceum is running/g)].map((m) => m[1]);
        await new Promise<void>((resolve, reject) => {
          server.child.stdout.on('data', () => running().length === 2 && resolve());
          void server.exited.then((code) => reject(new Error(`exited with ${code}: ${server.output()}`)));
        });
        expect(server.output()).toContain('Lyceum: 2 worker processes');
        // Two processes, neither of them the primary.
        expect(new Set(running()).size).toBe(2);
        expect(running()).not.toContain(String(server.child.pid));

        // Fresh connections are spread over the workers; every one is answered.
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(`http://127.0.0.1:${listenOn}/api/health`, { headers: { connection: 'close' } }),
          ),
        );
        expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      },
    );
});
