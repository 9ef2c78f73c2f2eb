import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { freePort } from './free-port.js';
import { startSmtpServer } from './mail-helper.js';

/**
 * Issue 19, durable delivery: the real server as child processes. A notification's mail is a job written in the
 * transaction of the change; killing the server with SIGKILL before it is delivered loses nothing, and a restart
 * delivers it exactly once. On PostgreSQL, two app processes on one database deliver each mail once and plan each
 * scheduled slot once.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
const SECRET = 'notification-delivery-secret-long-enough';

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freshDatabaseUrl(): Promise<string | undefined> {
  const serverUrl = inject('databaseUrl');
  if (!serverUrl) return undefined;
  const name = `${inject('databasePrefix')}${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startServer(options: { port: number; dataDir: string; env: Record<string, string> }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: SECRET,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      JOB_POLL_MS: '200',
      ...options.env,
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
  return { child, exited, base: `http://127.0.0.1:${options.port}` };
}

async function api(base: string, method: string, url: string, token?: string, body?: object) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signUp(base: string, role: 'student' | 'teacher') {
  const email = `${role}.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'a-long-unusual-password';
  const registered = await api(base, 'POST', '/api/auth/register', undefined, {
    email,
    password,
    firstname: 'Del',
    lastname: 'Ivery',
    phone: '+1 555 0199',
    role,
  });
  expect(registered.status).toBe(201);
  const login = await api(base, 'POST', '/api/auth/login', undefined, { email, password });
  return { email, token: String(login.body.token) };
}

describe('notification delivery across crashes and processes', () => {
  it(
    'kill -9 after the write, before delivery: after a restart each mail arrives exactly once',
    { timeout: 180_000 },
    async () => {
      const smtp = await startSmtpServer();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lyceum-notify-kill-'));
      dirs.push(dataDir);
      const database = await freshDatabaseUrl();
      const env = { SMTP_URL: smtp.url, ...(database ? { DATABASE_URL: database } : {}) };
      // This process writes but does not deliver: the kill lands between the write and the delivery.
      let server = await startServer({ port: await freePort(), dataDir, env: { ...env, JOB_RUNNER: 'off' } });
      const asker = await signUp(server.base, 'student');
      const answerer = await signUp(server.base, 'teacher');
      const asked = await api(server.base, 'POST', '/api/forum/questions', asker.token, {
        question: 'Will my notifications survive a crash?',
        description: 'The server is killed before it mails.',
        tags: ['durability'],
      });
      expect(asked.status).toBe(201);
      const WRITES = 5;
      for (let i = 0; i < WRITES; i += 1) {
        const res = await api(
          server.base,
          'POST',
          `/api/forum/questions/${String(asked.body.id)}/answers`,
          answerer.token,
          {
            answer: `Answer number ${i}`,
          },
        );
        expect(res.status).toBe(201);
      }
      server.child.kill('SIGKILL');
      await server.exited;
      expect(smtp.received).toHaveLength(0);

      server = await startServer({ port: await freePort(), dataDir, env });
      const list = await api(server.base, 'GET', '/api/notifications?limit=50', asker.token);
      expect((list.body.items as unknown[]).length).toBe(WRITES);
      // All of them arrive; then a graceful stop lets any job in flight finish before counting.
      await new Promise<void>((resolve) => {
        const check = () =>
          smtp.received.filter((mail) => mail.to.includes(asker.email)).length >= WRITES
            ? resolve()
            : setTimeout(check, 50);
        check();
      });
      server.child.kill('SIGTERM');
      await server.exited;
      const mails = smtp.received.filter((mail) => mail.to.includes(asker.email));
      expect(mails).toHaveLength(WRITES);
      for (let i = 0; i < WRITES; i += 1)
        expect(mails.filter((m) => m.raw.includes(`Answer number ${i}`))).toHaveLength(1);

      // Nothing left to deliver, nothing delivered twice: every mail job done once, every notification of the asker
      // sent (the demo seed's own notifications may go out in the daily summary meanwhile: not counted here).
      const db = database
        ? await openDatabase({ kind: 'postgres', url: database, maxConnections: 1 })
        : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      const rows = (await db.db.execute(
        sql.raw(`select (select count(*)::int from jobs where name = 'notifications.mail' and status = 'done' and attempts = 1) as done,
              (select count(*)::int from jobs where name = 'notifications.mail' and status <> 'done') as open,
              (select count(*)::int from notifications n join users u on u.id = n.user_id
                where n.mail = 'sent' and u.email = '${asker.email}') as sent`),
      )) as unknown as { rows: { done: number; open: number; sent: number }[] };
      await db.close();
      expect(rows.rows[0]).toEqual({ done: WRITES, open: 0, sent: WRITES });
      await smtp.close();
    },
  );

  // PostgreSQL only: registered on the postgres project alone, so no run reports a skip.
  if (inject('databaseUrl'))
    it(
      'two app processes on one PostgreSQL deliver each mail once and plan each scheduled slot once',
      { timeout: 180_000 },
      async () => {
        const smtp = await startSmtpServer();
        const database = (await freshDatabaseUrl())!;
        const env = { SMTP_URL: smtp.url, DATABASE_URL: database };
        const dataA = mkdtempSync(path.join(tmpdir(), 'lyceum-notify-a-'));
        const dataB = mkdtempSync(path.join(tmpdir(), 'lyceum-notify-b-'));
        dirs.push(dataA, dataB);
        // One after the other: the first applies the migrations.
        const a = await startServer({ port: await freePort(), dataDir: dataA, env });
        const b = await startServer({ port: await freePort(), dataDir: dataB, env });
        const asker = await signUp(a.base, 'student');
        const answerer = await signUp(b.base, 'teacher');
        const asked = await api(a.base, 'POST', '/api/forum/questions', asker.token, {
          question: 'Which process mails me?',
          description: 'Two of them run.',
          tags: ['processes'],
        });
        const WRITES = 20;
        // Writes through both processes: both runners are woken by every commit (NOTIFY) and race for the jobs.
        await Promise.all(
          Array.from({ length: WRITES }, (_, i) =>
            api(
              i % 2 ? a.base : b.base,
              'POST',
              `/api/forum/questions/${String(asked.body.id)}/answers`,
              answerer.token,
              {
                answer: `Parallel answer ${i}`,
              },
            ).then((res) => expect(res.status).toBe(201)),
          ),
        );
        await new Promise<void>((resolve) => {
          const check = () =>
            smtp.received.filter((mail) => mail.to.includes(asker.email)).length >= WRITES
              ? resolve()
              : setTimeout(check, 50);
          check();
        });
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        await Promise.all([a.exited, b.exited]);
        const mails = smtp.received.filter((mail) => mail.to.includes(asker.email));
        expect(mails).toHaveLength(WRITES);
        for (let i = 0; i < WRITES; i += 1) {
          expect(
            mails.filter((m) => m.raw.includes(`Parallel answer ${i}\n`) || m.raw.includes(`Parallel answer ${i}\r`)),
          ).toHaveLength(1);
        }
        const admin = new pg.Client({ connectionString: database });
        await admin.connect();
        const slots = await admin.query(
          `select unique_key, count(*)::int as n from jobs where name like 'schedule:%' group by unique_key`,
        );
        await admin.end();
        // Both processes planned today's digest; one job exists for the slot, run by one of them.
        expect(slots.rows.length).toBeGreaterThanOrEqual(1);
        for (const row of slots.rows as { n: number }[]) expect(row.n).toBe(1);
        await smtp.close();
      },
    );
});
