// `npm run bench:web` (DESIGN §9, issue 8): builds, serves the production build on a fresh embedded database, and
// prints per public route the initial JavaScript (gzip) and Lighthouse 12 scores (mobile, median of 3 runs).
//
// Initial JS: every same-origin script the page fetches from navigation until it is rendered and the network is
// idle (the load event, then 500 ms without requests). That includes the lazily loaded chunk of the route itself,
// which a load-event cut-off or the Vite manifest's static imports would miss. Each script body is gzipped here
// (zlib level 9) so the number does not depend on the encoding the server negotiated (it prefers brotli).
//
// Role landings (/student, /teacher, /admin) are measured logged in as a demo account: the token is put in
// localStorage before the page loads (Playwright's init script; for Lighthouse, through the same Chrome with storage
// reset turned off). Their budgets: initial JS ≤ 250 KB gzip per area and first contentful / largest contentful
// paint ≤ 1.0 s on Lighthouse's throttled mobile profile (issue 15).
//
// Options: --no-build (reuse apps/web/dist and apps/server/dist), --runs=N (Lighthouse runs per route, default 3),
// --js-only (print each route's scripts and their gzip sizes, skip Lighthouse),
// --only=/,/courses (measure these routes only, by path), --check (exit 1 when a budget is missed). Not part of `npm test`: the scores depend on the machine.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const BUDGETS = { jsKb: 170, performance: 95, accessibility: 100, bestPractices: 95, seo: 95 };
const AREA_BUDGETS = { jsKb: 250, paintMs: 1000, accessibility: 100 };
/** The role landings and the demo account each is measured with (apps/server/src/db/seed/data.ts). */
const AREA_ROUTES = [
  ['student area', '/student', 'student1@lyceum.example', 'lyceum-student-2026'],
  ['teacher area', '/teacher', 'grace@lyceum.example', 'lyceum-teacher-2026'],
  ['admin area', '/admin', 'admin@lyceum.example', 'lyceum-admin-2026'],
];
const TOKEN_STORAGE_KEY = 'token';

const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const check = args.includes('--check');
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);
const jsOnly = args.includes('--js-only');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

function startServer(port, dataDir) {
  return spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
}

async function publicRoutes(baseUrl) {
  const response = await fetch(`${baseUrl}/api/courses?pageSize=1`);
  if (!response.ok) throw new Error(`GET /api/courses answered ${response.status}`);
  const { items } = await response.json();
  const courseId = items[0]?.id;
  if (!courseId) throw new Error('the seeded catalogue has no published course');
  return [
    ['home', '/'],
    ['catalogue', '/courses'],
    ['course', `/course-details/${courseId}`],
    ['forum', '/forum'],
    ['blog', '/blog'],
    ['about', '/aboutUs'],
    ['login', '/login'],
  ];
}

async function logInToken(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${email} answered ${response.status}`);
  return (await response.json()).token;
}

/** Gzipped bytes of the same-origin scripts a fresh visitor's browser fetches to show the route. */
async function initialJsGzipBytes(browser, baseUrl, route, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (token) {
    await context.addInitScript(
      ([key, value]) => globalThis.localStorage.setItem(key, value),
      [TOKEN_STORAGE_KEY, token],
    );
  }
  const page = await context.newPage();
  const scripts = [];
  let lastScriptAt = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') lastScriptAt = Date.now();
  });
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    if (url.startsWith(baseUrl) && /javascript/.test(type)) scripts.push(response);
  });
  await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
  if (token) {
    // A signed-in page keeps its notification stream open (ADR 027), so the network never goes idle: the area has
    // its scripts once the app has taken over (html[data-ready]) and none has been requested for 2 s since.
    await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 60_000 });
    lastScriptAt = Math.max(lastScriptAt, Date.now());
    const deadline = Date.now() + 60_000;
    while (Date.now() - lastScriptAt < 2_000 && Date.now() < deadline) await page.waitForTimeout(250);
  } else {
    await page.waitForLoadState('networkidle');
  }
  let total = 0;
  const files = [];
  for (const response of scripts) {
    const bytes = gzipSync(await response.body(), { level: 9 }).length;
    total += bytes;
    files.push([new URL(response.url()).pathname, bytes]);
  }
  await context.close();
  return { bytes: total, files };
}

/** Per URL, the audits that cost points outside performance in the last run. */
const failingAudits = new Map();

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The performance metrics behind the score (simulated mobile), printed to say where the time goes. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'];
const ATTEMPTS = 3;

/**
 * One Lighthouse run. On a busy machine headless Chromium now and then fails to record the load (NO_FCP,
 * NO_NAVSTART): such a run is repeated, never counted.
 */
async function lighthouseRun(port, url, keepStorage = false) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: keepStorage,
    });
    const problem = !result ? 'no result' : result.lhr.runtimeError?.message;
    if (!problem) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${problem}`);
    console.warn(`  Lighthouse on ${url}: ${problem} — running again`);
  }
}

/** Lighthouse's default config is the mobile one (Moto G Power emulation, simulated slow 4G and 4x CPU). */
async function lighthouseScores(port, url, keepStorage = false) {
  const samples = Object.fromEntries([...CATEGORIES, ...METRICS].map((id) => [id, []]));
  for (let run = 0; run < runs; run += 1) {
    const lhr = await lighthouseRun(port, url, keepStorage);
    for (const id of CATEGORIES) samples[id].push(Math.round((lhr.categories[id]?.score ?? 0) * 100));
    for (const id of METRICS) samples[id].push(lhr.audits[id]?.numericValue ?? 0);
    if (run === runs - 1) {
      failingAudits.set(url, failedAudits(lhr));
      lcpElements.set(url, lcpElementOf(lhr));
    }
  }
  return Object.fromEntries([...CATEGORIES, ...METRICS].map((id) => [id, median(samples[id])]));
}

/** Per URL, the element Lighthouse took as the largest contentful paint in the last run. */
const lcpElements = new Map();

/** The LCP element's markup (Lighthouse's snippet), to say what the paint waited for. */
function lcpElementOf(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const table = details?.items?.find((item) => item.type === 'table') ?? details;
  return table?.items?.[0]?.node?.snippet ?? null;
}

/** The audits that cost points outside performance, to say what to fix. */
function failedAudits(lhr) {
  const failed = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.push(`${id}: ${audit.id}`);
    }
  }
  return failed;
}

function mark(value, ok) {
  return ok ? String(value) : `**${value}** ✗`;
}

async function main() {
  if (!skipBuild) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lyceum-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  let chrome;
  try {
    await waitForHealth(baseUrl, server);
    const routes = (await publicRoutes(baseUrl)).filter(([, route]) => !only || only.includes(route));
    const areas = AREA_ROUTES.filter(([, route]) => !only || only.includes(route));
    const tokens = new Map();
    for (const [, route, email, password] of areas) tokens.set(route, await logInToken(baseUrl, email, password));

    console.log(`\nMeasuring initial JS of ${routes.length + areas.length} routes...`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
    const js = new Map();
    try {
      for (const [, route] of routes) js.set(route, await initialJsGzipBytes(browser, baseUrl, route));
      for (const [, route] of areas)
        js.set(route, await initialJsGzipBytes(browser, baseUrl, route, tokens.get(route)));
    } finally {
      await browser.close();
    }
    if (jsOnly) {
      for (const [, route] of [...routes, ...areas]) {
        const { bytes, files } = js.get(route);
        console.log(`\n${route}: ${(bytes / 1024).toFixed(1)} KB gzip in ${files.length} scripts`);
        for (const [file, size] of files.sort((a, b) => b[1] - a[1]))
          console.log(`  ${(size / 1024).toFixed(1)}  ${file}`);
      }
      return;
    }

    console.log(`Running Lighthouse (mobile, ${runs} runs per route)...`);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', ...BROWSER_ARGS],
    });
    const scores = new Map();
    for (const [name, route] of routes) {
      scores.set(route, await lighthouseScores(chrome.port, `${baseUrl}${route}`));
      console.log(`  ${name} done`);
    }
    for (const [name, route] of areas) {
      // Log in this Chrome (its default profile is the one Lighthouse drives), then keep the storage between runs.
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await cdp.contexts()[0].newPage();
      await page.goto(`${baseUrl}/favicon.svg`);
      await page.evaluate(
        ([key, value]) => globalThis.localStorage.setItem(key, value),
        [TOKEN_STORAGE_KEY, tokens.get(route)],
      );
      await page.close();
      await cdp.close();
      scores.set(route, await lighthouseScores(chrome.port, `${baseUrl}${route}`, true));
      console.log(`  ${name} done`);
    }

    let missed = 0;
    const ok = (condition) => {
      if (!condition) missed += 1;
      return condition;
    };
    const lines = [
      '| route | initial JS gzip KB | performance | accessibility | best practices | SEO |',
      '|---|---:|---:|---:|---:|---:|',
    ];
    for (const [, route] of routes) {
      const kb = js.get(route).bytes / 1024;
      const s = scores.get(route);
      lines.push(
        `| ${route} | ${mark(kb.toFixed(1), ok(kb <= BUDGETS.jsKb))} | ${mark(s.performance, ok(s.performance >= BUDGETS.performance))} | ${mark(s.accessibility, ok(s.accessibility >= BUDGETS.accessibility))} | ${mark(s['best-practices'], ok(s['best-practices'] >= BUDGETS.bestPractices))} | ${mark(s.seo, ok(s.seo >= BUDGETS.seo))} |`,
      );
    }
    if (routes.length) console.log(`\n${lines.join('\n')}\n`);
    const areaLines = [
      '| role landing (logged in) | initial JS gzip KB | FCP ms | LCP ms | performance | accessibility |',
      '|---|---:|---:|---:|---:|---:|',
    ];
    for (const [, route] of areas) {
      const kb = js.get(route).bytes / 1024;
      const s = scores.get(route);
      const fcp = Math.round(s['first-contentful-paint']);
      const lcp = Math.round(s['largest-contentful-paint']);
      areaLines.push(
        `| ${route} | ${mark(kb.toFixed(1), ok(kb <= AREA_BUDGETS.jsKb))} | ${mark(fcp, ok(fcp <= AREA_BUDGETS.paintMs))} | ${mark(lcp, ok(lcp <= AREA_BUDGETS.paintMs))} | ${s.performance} | ${mark(s.accessibility, ok(s.accessibility >= AREA_BUDGETS.accessibility))} |`,
      );
    }
    if (areas.length) {
      console.log(`\n${areaLines.join('\n')}\n`);
      for (const [, route] of areas)
        console.log(`  ${route} LCP element: ${lcpElements.get(`${baseUrl}${route}`) ?? '?'}`);
      console.log('');
    }
    console.log('| route | FCP ms | LCP ms | TBT ms | Speed Index ms |\n|---|---:|---:|---:|---:|');
    for (const [, route] of [...routes, ...areas]) {
      const s = scores.get(route);
      console.log(`| ${route} | ${METRICS.map((id) => Math.round(s[id])).join(' | ')} |`);
    }
    console.log('');
    console.log(
      `Budgets: performance ≥ ${BUDGETS.performance}, accessibility ${BUDGETS.accessibility}, best practices ≥ ${BUDGETS.bestPractices}, SEO ≥ ${BUDGETS.seo}, initial JS ≤ ${BUDGETS.jsKb} KB gzip.`,
    );
    console.log(
      `Role landings: initial JS ≤ ${AREA_BUDGETS.jsKb} KB gzip, FCP and LCP ≤ ${AREA_BUDGETS.paintMs} ms, accessibility ${AREA_BUDGETS.accessibility}.`,
    );
    console.log(
      `Initial JS = same-origin scripts fetched until load + network idle, each gzipped (level 9); Lighthouse ${runs}× per route, median per category.`,
    );
    for (const [url, audits] of failingAudits) if (audits.length) console.log(`  ${url}: ${audits.join(', ')}`);
    console.log(missed ? `${missed} budget(s) missed (marked ✗).` : 'All budgets met.');
    if (check && missed) process.exitCode = 1;
  } finally {
    if (chrome) chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
