// `npm run bench`: issue 20's server benchmark. Generates the data (scripts/bench-data.mjs) in a fresh PostgreSQL
// database (`lyceum_bench` on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432), starts the production
// build on it, and runs autocannon against every route of ROUTES, each round beside a bare Fastify hello-world
// (A/B/A/B…, medians of the rounds). `npm run bench -- --quick`: the QUICK routes on the embedded database (PGlite)
// with the reduced data. Options: --duration=<s> --rounds=<n> --connections=<n> --only=<substring>, --prepare-only
// (load the data and stop: for EXPLAIN on the generated data), --db=<name> (the database, default lyceum_bench: a
// name of your own keeps two people's runs apart), --reuse (PostgreSQL: keep that database's data when it was
// loaded before with the same sizes, instead of loading it again; earlier runs' writes stay in it).
// The exam scenario (scripts/bench-exam.mjs) runs after the routes (alone with --only=exam): --exam-students=10,25,50
// (the N to try, ascending), --exam-seconds=<s> of saving, --exam-interval=<ms> between one student's saves.
//
// The notifications scenario (issue 19, ADR 027): 2,000 open SSE streams on the one server process (its RSS
// before and after), then one class announcement fanned out to 500 students, each with a live stream (time from
// the POST to the last student's `notification` event). `--only=notifications` runs it without the routes;
// `--no-notifications` leaves it out.
//
// To add a scenario, add a row to ROUTES: { name, budget, path | next(i), method?, who?, body?(i), html?, quick? }.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CURRICULUM, PASSWORD, SIZES, WRITERS, loadStatements } from './bench-data.mjs';
import { printExamTable, runExamScenario } from './bench-exam.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const quick = Boolean(args.quick);
const size = quick ? SIZES.quick : SIZES.full;
const duration = Number(args.duration ?? (quick ? 2 : 3));
const rounds = Number(args.rounds ?? 3);
const connections = Number(args.connections ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3403);
// The server part of the URL (scheme, user, host, port); the bench names its own database.
const baseUrl = /^postgres(?:ql)?:\/\/[^/]+/.exec(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432',
)[0];
const DB_NAME = typeof args.db === 'string' && /^[a-z_][a-z0-9_]*$/.test(args.db) ? args.db : 'lyceum_bench';
const dataDir = path.join(os.tmpdir(), 'lyceum-bench-data');

/** Budgets: share of bare hello-world req/s in the same round, and p99 where the issue sets one. */
const BUDGETS = {
  cached: { ratio: 0.3, label: '≥ 30 %' },
  public: { ratio: 0.08, p99: 50, label: '≥ 8 %, p99 ≤ 50 ms' },
  auth: { ratio: 0.05, label: '≥ 5 %' },
  // The issue sets no budget for writes; this one (ours, ADR 019) keeps them from regressing unnoticed.
  write: { ratio: 0.02, p99: 250, label: '≥ 2 %, p99 ≤ 250 ms' },
  reference: { label: '(reference)' },
};

const HTML = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' };
const course = (g) => md5Uuid(`course${g}`);
const question = (g) => md5Uuid(`question${g}`);
/** The k-th item (1-based, in outline order) of course 1, the one the bench's student is enrolled in. */
const item = (k) => md5Uuid(`item${k}`);
const lessonsPerCourse = CURRICULUM.sections * CURRICULUM.lessons;

/** Every hot route. `quick: true` rows make up the --quick set. */
const ROUTES = [
  { name: 'floor: Fastify + select 1 (pool)', budget: 'reference', server: 'floor', path: '/', quick: true },
  { name: 'GET /api/health', budget: 'public', path: '/api/health', quick: true },
  { name: 'catalogue, page 1', budget: 'public', path: '/api/courses', quick: true },
  { name: 'catalogue, page 500', budget: 'public', path: () => `/api/courses?page=${lastPage()}`, quick: true },
  { name: 'catalogue, q=projects', budget: 'public', path: '/api/courses?q=projects', quick: true },
  { name: 'catalogue, category=Design', budget: 'public', path: '/api/courses?category=Design' },
  { name: 'catalogue, sort=rating', budget: 'public', path: '/api/courses?sort=rating' },
  {
    name: 'home: featured + popular',
    budget: 'public',
    next: (i) => (i % 2 ? '/api/courses/featured' : '/api/courses/popular'),
  },
  { name: 'course details', budget: 'public', next: (i) => `/api/courses/${course(1 + (i % 500))}`, quick: true },
  {
    name: 'course reviews',
    budget: 'public',
    next: (i) => `/api/courses/${course(1 + (i % 500))}/reviews`,
    quick: true,
  },
  { name: 'forum list', budget: 'public', path: '/api/forum/questions', quick: true },
  { name: 'forum list, q=docker', budget: 'public', path: '/api/forum/questions?q=docker', quick: true },
  { name: 'forum list, page 500', budget: 'public', path: '/api/forum/questions?page=500' },
  { name: 'rendered / (html, br)', budget: 'cached', path: '/', headers: HTML, quick: true },
  { name: 'rendered /courses (html, br)', budget: 'cached', path: '/courses', headers: HTML },
  { name: 'rendered /course-details/:id', budget: 'cached', path: () => `/course-details/${course(1)}`, headers: HTML },
  { name: 'rendered /forum (html, br)', budget: 'cached', path: '/forum', headers: HTML },
  {
    name: 'curriculum outline (visitor)',
    budget: 'public',
    next: (i) => `/api/courses/${course(1 + (i % size.curriculumCourses))}/curriculum`,
    quick: true,
  },
  {
    name: 'lesson player: outline with ticks',
    budget: 'auth',
    who: 'student',
    path: () => `/api/courses/${course(1)}/curriculum`,
    quick: true,
  },
  {
    // Opening a lesson records it as the place to resume (a write when it changes, as here: every request).
    name: 'lesson player: open a lesson',
    budget: 'auth',
    who: 'student',
    next: (i) => `/api/courses/${course(1)}/lessons/${item(1 + (i % lessonsPerCourse))}`,
    quick: true,
  },
  { name: 'student dashboard', budget: 'auth', who: 'student', path: '/api/student/dashboard', quick: true },
  { name: 'student enrolments', budget: 'auth', who: 'student', path: '/api/student/enrolments' },
  { name: 'student wishlist', budget: 'auth', who: 'student', path: '/api/student/wishlist' },
  { name: 'teacher dashboard', budget: 'auth', who: 'teacher', path: '/api/teacher/dashboard' },
  { name: 'teacher courses', budget: 'auth', who: 'teacher', path: '/api/teacher/courses' },
  {
    name: 'POST enrol',
    budget: 'write',
    method: 'POST',
    writers: 'enrol',
    next: (i) => `/api/courses/${course(1 + (i % size.courses))}/enrolment`,
    quick: true,
  },
  {
    name: 'PUT wishlist',
    budget: 'write',
    method: 'PUT',
    writers: 'wishlist',
    next: (i) => `/api/courses/${course(1 + (i % size.courses))}/wishlist`,
  },
  {
    name: 'POST review',
    budget: 'write',
    method: 'POST',
    writers: 'review',
    next: (i) => `/api/courses/${course(1 + (i % size.courses))}/reviews`,
    body: (i) => ({ rating: 1 + (i % 5), text: `Bench review ${i}` }),
  },
  {
    name: 'POST forum answer',
    budget: 'write',
    method: 'POST',
    writers: 'answer',
    next: (i) => `/api/forum/questions/${question(1 + (i % size.questions))}/answers`,
    body: (i) => ({ answer: `Bench answer ${i}: restart the container.` }),
  },
];

// ---------------------------------------------------------------------------------------------------------------

function md5Uuid(text) {
  const md5 = createHash('md5').update(text).digest('hex');
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const lastPage = () => Math.min(500, Math.ceil(size.courses / 20));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const log = (...parts) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

function buildIfStale() {
  const outputs = ['apps/web/dist/index.html', 'apps/server/dist/server.js'].map((f) => path.join(root, f));
  const sources = [
    'packages/contract/src',
    'apps/server/src',
    'apps/server/drizzle',
    'apps/web/src',
    'apps/web/index.html',
  ];
  const builtAt = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (builtAt > 0 && Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) <= builtAt) return;
  log('building (stale or missing build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function passwordHash() {
  const { hash } = await import('@node-rs/argon2');
  return hash(PASSWORD);
}

/** A fresh database with the migrations applied and the generated data loaded. */
async function prepareDatabase() {
  const migrationsFolder = path.join(root, 'apps/server/drizzle');
  const statements = loadStatements(size, await passwordHash());
  const started = Date.now();
  if (quick) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite(path.join(dataDir, 'pglite'));
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder });
    const loadStarted = Date.now();
    for (const statement of statements) await client.exec(statement);
    await client.exec('vacuum analyze');
    log(`data loaded into PGlite in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);
    await client.close();
  } else {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
    await admin.connect();
    // --reuse: the data of an earlier load with the same sizes (recorded in the database's comment) is kept.
    const loadedAs = JSON.stringify(size);
    if (args.reuse) {
      const { rows } = await admin.query(
        'select shobj_description(oid, $2) as comment from pg_database where datname = $1',
        [DB_NAME, 'pg_database'],
      );
      if (rows[0]?.comment === loadedAs) {
        await admin.end();
        log(`--reuse: ${DB_NAME} already holds the data`);
        return 0;
      }
    }
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: `${baseUrl}/${DB_NAME}`, max: 1 });
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(drizzle(pool), { migrationsFolder });
    const loadStarted = Date.now();
    for (const statement of statements) {
      const t = Date.now();
      await pool.query(statement);
      if (args.verbose)
        log(`${((Date.now() - t) / 1000).toFixed(1)} s  ${statement.trim().slice(0, 60).replace(/\s+/g, ' ')}`);
    }
    await pool.query('vacuum analyze');
    await pool.query(`comment on database ${DB_NAME} is '${loadedAs.replaceAll("'", "''")}'`);
    log(`data loaded into PostgreSQL (${DB_NAME}) in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);
    await pool.end();
  }
  return Date.now() - started;
}

function spawnServer(command, argv, env, logFile) {
  const out = openSync(logFile, 'w');
  const merged = { ...process.env, ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return spawn(command, argv, { cwd: root, env: merged, stdio: ['ignore', out, out] });
}

async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function startReference(kind) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench-servers.mjs'), kind], {
    cwd: root,
    env: { ...process.env, ...(quick ? {} : { BENCH_FLOOR_URL: `${baseUrl}/${DB_NAME}` }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /port (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return NaN;
  }
}

async function login(email) {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** One autocannon run: req/s, p50, p99, non-2xx. */
async function measure(url, route, tokens, counter, seconds) {
  const headers = { ...(route.headers ?? {}) };
  if (route.who) headers.authorization = `Bearer ${tokens[route.who]}`;
  const writerTokens = route.writers ? tokens.writers[route.writers] : null;
  const dynamic = route.next || route.body || writerTokens;
  const fixedPath = typeof route.path === 'function' ? route.path() : route.path;
  const result = await autocannon({
    url: `${url}${fixedPath ?? '/'}`,
    connections,
    duration: seconds,
    method: route.method ?? 'GET',
    headers: { ...headers, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    requests: dynamic
      ? [
          {
            setupRequest: (request) => {
              const i = counter.next++;
              const next = { ...request };
              if (route.next) next.path = route.next(i);
              if (route.body) next.body = JSON.stringify(route.body(i));
              if (writerTokens) {
                const writer = writerTokens[Math.floor(i / size.courses) % writerTokens.length];
                next.headers = { ...request.headers, authorization: `Bearer ${writer}` };
              }
              return next;
            },
          },
        ]
      : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** A request again while the server sheds load (503 from its bounded database queue, ADR 031). */
async function busyRetry(request) {
  for (let tries = 0; ; tries += 1) {
    const res = await request();
    if (res.status !== 503 || tries >= 50) return res;
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100 + tries * 50));
  }
}

/** Runs `task` over `items`, `width` at a time. */
async function pool(items, width, task) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i], i);
      }
    }),
  );
  return results;
}

/**
 * One SSE stream read as it arrives: resolves `ready` on the first `ready` event, and `waitFor(name)` on the first
 * event of that name (the time it arrived).
 */
async function openStream(token) {
  const controller = new AbortController();
  const res = await busyRetry(() =>
    fetch(`http://127.0.0.1:${PORT}/api/notifications/stream`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      signal: controller.signal,
    }),
  );
  if (!res.ok) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const seen = new Map();
  const waiters = new Map();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        if (!name || seen.has(name)) continue;
        const at = performance.now();
        seen.set(name, at);
        waiters.get(name)?.(at);
      }
    }
  })();
  const waitFor = (name) =>
    seen.has(name) ? Promise.resolve(seen.get(name)) : new Promise((resolve) => waiters.set(name, resolve));
  return { waitFor, close: () => controller.abort() };
}

/** Issue 19's load figures: memory of 2,000 open streams, and the fan-out of one announcement to 500 students. */
async function notificationsScenario(server, tokens) {
  const STUDENTS = 500;
  const STREAMS = 2000;
  const facts = [];
  const api = (method, url, token, body) =>
    busyRetry(() =>
      fetch(`http://127.0.0.1:${PORT}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
  log(`notifications: logging in ${STUDENTS} students…`);
  const students = await pool(
    Array.from({ length: STUDENTS }, (_, i) => i + 1),
    8,
    (k) => login(`student${k}@bench.test`),
  );

  // 1. 2,000 open streams (4 per student, under the 20-per-user cap) on the one process.
  const rssBefore = rssMb(server.pid);
  const started = performance.now();
  const streams = await pool(
    Array.from({ length: STREAMS }, (_, i) => students[i % STUDENTS]),
    16,
    async (token) => {
      const stream = await openStream(token);
      await stream.waitFor('ready');
      return stream;
    },
  );
  const openedMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssOpen = rssMb(server.pid);
  facts.push(
    `notifications: ${STREAMS} SSE streams open (each got \`ready\`) in ${(openedMs / 1000).toFixed(1)} s; server RSS ${rssBefore} MB before, ${rssOpen} MB with them open (${(((rssOpen - rssBefore) * 1024) / STREAMS).toFixed(1)} KB per stream)`,
  );

  // 2. A class of 500 students (joined with its code), then one announcement to all of them.
  const created = await api('POST', '/api/classes', tokens.teacher, {
    name: `Bench class ${Date.now()}`,
    courseIds: [course(size.teachers)],
  });
  if (!created.ok) throw new Error(`class: ${created.status} ${await created.text()}`);
  const cls = await created.json();
  log(`notifications: ${STUDENTS} students join the class…`);
  await pool(students, 8, async (token) => {
    const res = await api('POST', '/api/classes/join', token, { code: cls.code });
    if (!res.ok) throw new Error(`join: ${res.status} ${await res.text()}`);
  });
  // The first stream of each student is the one that must see it.
  const watched = streams.slice(0, STUDENTS).map((stream) => stream.waitFor('notification'));
  const postedAt = performance.now();
  const posted = await api('POST', `/api/classes/${cls.id}/announcements`, tokens.teacher, {
    bodyHtml: '<p>Bench announcement: the quiz moves to Friday.</p>',
  });
  if (!posted.ok) throw new Error(`announce: ${posted.status} ${await posted.text()}`);
  const committedMs = performance.now() - postedAt;
  const arrivals = (await Promise.all(watched)).map((at) => at - postedAt).sort((a, b) => a - b);
  facts.push(
    `notifications: one announcement to ${STUDENTS} students — POST answered in ${committedMs.toFixed(0)} ms, first delivery ${arrivals[0].toFixed(0)} ms, median ${median(arrivals).toFixed(0)} ms, last ${arrivals.at(-1).toFixed(0)} ms (to each student's live stream)`,
  );
  for (const stream of streams) stream.close();
  facts.push(`notifications: server RSS ${rssMb(server.pid)} MB after the streams closed`);
  return facts;
}

function verdict(route, row) {
  const budget = BUDGETS[route.budget];
  if (budget.ratio === undefined) return '—';
  const ok = row.ratio >= budget.ratio && (budget.p99 === undefined || row.p99 <= budget.p99) && row.non2xx === 0;
  return ok ? 'yes' : 'no';
}

function printTable(rows, facts) {
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'hello req/s', 'ratio', 'budget', 'within'];
  // No response inside the window (each took longer than the run): say so rather than print 0 ms.
  const ms = (row, value) => (row.rps > 0 ? value.toFixed(0) : 'none done');
  const lines = rows.map(({ route, row }) => [
    route.name,
    row.rps.toFixed(0),
    ms(row, row.p50),
    ms(row, row.p99),
    String(row.non2xx),
    row.hello.toFixed(0),
    `${(row.ratio * 100).toFixed(1)} %`,
    BUDGETS[route.budget].label,
    verdict(route, row),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    `| ${cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(format(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 || i >= 7 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
  console.log('');
  for (const fact of facts) console.log(fact);
}

async function main() {
  const only = typeof args.only === 'string' ? args.only : null;
  const routes = ROUTES.filter((r) => (!quick || r.quick) && (!only || r.name.includes(only)));
  const withNotifications = !args['no-notifications'] && (!only || 'notifications'.includes(only));
  if (only === 'exam') routes.length = 0;
  buildIfStale();
  log(
    `${quick ? 'quick (PGlite, reduced data)' : 'full (PostgreSQL)'}: ${routes.length} routes, ${rounds} rounds of ${duration} s, ${connections} connections`,
  );
  const loadMs = await prepareDatabase();
  if (args['prepare-only']) {
    log(`prepared in ${(loadMs / 1000).toFixed(1)} s (--prepare-only: not benchmarking)`);
    return;
  }

  const server = spawnServer(
    process.execPath,
    ['apps/server/dist/server.js'],
    {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...(quick ? { DATA_DIR: dataDir, DATABASE_URL: undefined } : { DATABASE_URL: `${baseUrl}/${DB_NAME}` }),
    },
    path.join(os.tmpdir(), 'lyceum-bench-server.log'),
  );
  const stops = [() => server.kill('SIGTERM')];
  const stopAll = () => stops.forEach((stop) => stop());
  process.on('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/health`);
    const hello = await startReference('hello');
    stops.push(() => hello.child.kill('SIGTERM'));
    const floor = await startReference('floor');
    stops.push(() => floor.child.kill('SIGTERM'));

    const tokens = {
      student: await login('student1@bench.test'),
      teacher: await login('teacher1@bench.test'),
      writers: {},
    };
    let w = 0;
    for (const [group, count] of Object.entries(WRITERS)) {
      tokens.writers[group] = [];
      for (let k = 0; k < count; k += 1) tokens.writers[group].push(await login(`writer${(w += 1)}@bench.test`));
    }

    const load = [os.loadavg()[0]];
    const rssBefore = rssMb(server.pid);
    const results = [];
    for (const route of routes) {
      const url = route.server === 'floor' ? floor.url : `http://127.0.0.1:${PORT}`;
      const counter = { next: 0 };
      await measure(url, route, tokens, counter, 1); // warm-up
      const runs = [];
      const hellos = [];
      for (let r = 0; r < rounds; r += 1) {
        hellos.push((await measure(hello.url, { path: '/' }, tokens, { next: 0 }, duration)).rps);
        runs.push(await measure(url, route, tokens, counter, duration));
      }
      const row = {
        rps: median(runs.map((x) => x.rps)),
        p50: median(runs.map((x) => x.p50)),
        p99: median(runs.map((x) => x.p99)),
        non2xx: runs.reduce((sum, x) => sum + x.non2xx, 0),
        hello: median(hellos),
      };
      row.ratio = row.rps / row.hello;
      results.push({ route, row });
      load.push(os.loadavg()[0]);
      log(
        `${route.name}: ${row.rps.toFixed(0)} req/s (${(row.ratio * 100).toFixed(1)} % of ${row.hello.toFixed(0)}), p99 ${row.p99} ms, non-2xx ${row.non2xx}`,
      );
    }
    let exam = null;
    if (!only || only === 'exam') {
      const counts = String(args['exam-students'] ?? (quick ? '10,25,50,100' : '100,250,500,1000'))
        .split(',')
        .map(Number)
        .filter((n) => n > 0 && n <= size.examinees)
        .sort((a, b) => a - b);
      exam = await runExamScenario({
        base: `http://127.0.0.1:${PORT}`,
        login,
        counts,
        seconds: Number(args['exam-seconds'] ?? (quick ? 10 : 20)),
        intervalMs: Number(args['exam-interval'] ?? 3000),
        log,
      });
      exam.hello = (await measure(hello.url, { path: '/' }, tokens, { next: 0 }, duration)).rps;
      load.push(os.loadavg()[0]);
    }
    const rssAfter = rssMb(server.pid);
    // The bare baseline of this machine beside the notification figures (one hello-world round).
    const notificationFacts = withNotifications
      ? [
          `bare Fastify hello-world on this machine: ${(await measure(hello.url, { path: '/' }, tokens, { next: 0 }, duration)).rps.toFixed(0)} req/s`,
          ...(await notificationsScenario(server, tokens)),
        ]
      : [];
    const counted = results.filter(({ route }) => BUDGETS[route.budget].ratio !== undefined);
    const within = counted.filter(({ route, row }) => verdict(route, row) === 'yes').length;
    printTable(results, [
      `data: ${Object.entries(size)
        .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
        .join(', ')} on ${quick ? 'PGlite' : 'PostgreSQL'}; migrations + load ${(loadMs / 1000).toFixed(1)} s`,
      `${connections} connections, ${rounds} rounds × ${duration} s per route, each round beside bare hello-world (medians)`,
      `server RSS: ${rssBefore} MB before, ${rssAfter} MB after`,
      `load average (1 min) during the run: min ${Math.min(...load).toFixed(2)}, max ${Math.max(...load).toFixed(2)} on ${os.cpus().length} cores`,
      `bench: ${counted.length} routes, ${within} within budget`,
      ...notificationFacts,
    ]);
    if (exam)
      printExamTable(exam, [
        `exam: ${Number(args['exam-seconds'] ?? (quick ? 10 : 20))} s of saves, one every ${Number(args['exam-interval'] ?? 3000)} ms per student, on ${quick ? 'PGlite' : 'PostgreSQL'}; bare hello-world ${exam.hello.toFixed(0)} req/s`,
      ]);
  } finally {
    stopAll();
  }
}

await main();
