import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { freePort } from './free-port.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'lyceum-lock-'));
const children: ChildProcess[] = [];

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('Lyceum is running') && resolve());
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // Only the callers that expect a server to come up await this; a refused start is not an unhandled error.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => output };
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('embedded database process lock', () => {
  it('refuses a second server on the same data dir while the first keeps serving', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const first = startServer(port);
    await first.listening;
    expect(first.output()).toContain('Demo data loaded');

    const second = startServer(await freePort());
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('lyceum.lock');
    expect(second.output()).toMatch(/in use by another Lyceum process/);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Once the first has shut down cleanly, the data dir is free again and keeps its data.
    const third = startServer(await freePort());
    await third.listening;
    expect(third.output()).not.toContain('Demo data loaded');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});

/** `script` runs the server on a pseudo-terminal, as `npm start` (NODE_ENV=production) in a terminal would (util-linux; absent on macOS). */
const hasScript = spawnSync('script', ['--version']).status === 0;

describe.runIf(hasScript)('first start on a terminal (issue 15.13)', () => {
  it('prints readable log lines and the demo accounts as a plain-text table', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const ttyDataDir = mkdtempSync(path.join(tmpdir(), 'lyceum-tty-'));
    const command = `env NODE_ENV=production DATA_DIR=${ttyDataDir} PORT=${port} HOST=127.0.0.1 ${process.execPath} --import tsx src/server.ts`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH },
    });
    children.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Lyceum is running')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    child.kill('SIGTERM');
    const text = output.replaceAll('\r', '');
    expect(text).not.toMatch(/^\{"level"/m);
    expect(text).toMatch(/INFO.*Lyceum is running/);
    expect(text).toContain('Demo data loaded. Demo accounts (shown once):\n');
    expect(text).toMatch(/^ {2}admin +\S+@\S+ +\S+$/m);
    expect(text).not.toContain('\\n');
  });
});

describe('embedded database memory (issue 13.10)', () => {
  it('starts with 32 MB of shared buffers, on a new data directory and on an existing one', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'lyceum-mem-')), 'data');
    for (const start of ['new', 'existing']) {
      const database = await openDatabase({ kind: 'pglite', dataDir: dir });
      const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect({ start, sharedBuffers: result.rows[0]?.shared_buffers }).toEqual({ start, sharedBuffers: '32MB' });
      await database.close();
    }
  });
});
