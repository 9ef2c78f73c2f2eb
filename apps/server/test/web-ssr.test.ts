import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import { describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTokenService } from '../src/auth/tokens.js';
import { openDatabase } from '../src/db/client.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, TEST_SECRET, useTestApp } from './helper.js';

/*
 * The server's side of server rendering (plugins/web.ts) with a stand-in for the web build's renderer: a module
 * with the same interface that renders the API answer it fetched through the server, and fails on request.
 * The real renderer is exercised end to end by the Playwright suite (e2e/ssr.spec.ts).
 */
const webDist = mkdtempSync(path.join(tmpdir(), 'lyceum-web-ssr-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Lyceum</title><script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n<link rel="modulepreload" crossorigin href="/assets/ui-1.js">\n<link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(webDist, 'boot.js'), '// starts the entry after the first paint');
mkdirSync(path.join(webDist, 'assets'));
const appCss =
  'body{color:#123}.used{color:red}.unused{color:blue}.used .unused{color:green}.used:not(.unused){top:0}' +
  '@media (min-width:40em){.unused{left:0}.used{right:0}}@keyframes spin{to{rotate:1turn}}';
writeFileSync(path.join(webDist, 'assets', 'app-1.css'), appCss);
// The build's manifest names each role area's chunk and what it imports (vite build.manifest).
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_react-1.js'] },
    'src/app/routes/teacher-area.tsx': { file: 'assets/teacher-area-1.js', imports: ['_shared-1.js', '_react-1.js'] },
  }),
);
const appScript = `console.log(${JSON.stringify('lyceum '.repeat(500))});`;
writeFileSync(path.join(webDist, 'assets', 'index-1.js'), appScript);
writeFileSync(path.join(webDist, 'assets', 'index-1.js.br'), brotliCompressSync(appScript));
writeFileSync(path.join(webDist, 'assets', 'index-1.js.gz'), gzipSync(appScript));
mkdirSync(path.join(webDist, 'ssr'));
writeFileSync(
  path.join(webDist, 'ssr', 'entry-server.js'),
  `export const SSR_STATE_ELEMENT_ID = 'test-state';
let renders = 0;
// Like the real renderer's dehydrated queries: the fetch times (here the render's number) change on every render.
const state = (n) => '{"queries":{"queries":[{"state":{"data":1,"dataUpdatedAt":' + n + ',"errorUpdatedAt":0}}],"dehydratedAt":' + n + '}}';
export function createRenderer(fetchApi) {
  return async (url, locale) => {
    renders += 1;
    if (url.startsWith('/boom')) throw new Error('render failed');
    if (url.startsWith('/unrenderable')) return null;
    if (url.startsWith('/write')) await fetchApi('/api/auth/logout', { method: 'POST' });
    const health = await (await fetchApi('/api/health', { method: 'GET' })).json();
    const path = url.split('?')[0];
    const read = async (api, pick) => {
      const answer = await fetchApi(api, { method: 'GET' });
      if (!answer.ok) throw new Error('API ' + answer.status);
      return pick(await answer.json());
    };
    let data = '';
    if (path.startsWith('/course-details/')) data = await read('/api/courses/' + path.slice(16), (c) => c.title);
    if (path === '/courses') data = await read('/api/courses?pageSize=100', (p) => p.items.map((c) => c.title).join(','));
    if (path === '/forum') data = await read('/api/forum/questions', (p) => p.items.map((q) => q.question).join(','));
    const text = url.startsWith('/dollar') ? 'costs $& and $1' : 'page ' + url + ' db ' + health.database + ' data ' + data + ' in ' + locale;
    return { status: url.startsWith('/missing') ? 404 : 200, html: '<p>' + text + '</p><i class="used other">rendered</i>' + 'x'.repeat(4000), stateJson: state(renders) };
  };
}
`,
);

const ctx = useTestApp({ env: { WEB_DIST_DIR: webDist } });
const html = { accept: 'text/html' };
const visit = (url: string) => ctx.app.inject({ method: 'GET', url, headers: html });
/** Which render of the stand-in a page is (its state's fetch time). */
const renderOf = (body: string) => Number(/"dehydratedAt":(\d+)/.exec(body)?.[1]);

describe('server-rendered pages', () => {
  it('answers a public page with the rendered markup, the data it used, and lets caches revalidate it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/courses?page=2', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.body).toContain(`<div id="root"><p>page /courses?page=2 db ${ctx.database.kind} data`);
    expect(res.body).toMatch(/<script type="application\/json" id="test-state">\{"queries":.*\}<\/script>/);
  });

  it('inlines the CSS rules a rendered page uses (first paint without another request), not the whole stylesheet', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: html });
    // The rules without a class, those whose classes are all on the page (outside :not()), at-rules kept as they are.
    expect(page.body).toContain(
      '<style>body{color:#123}.used{color:red}.used:not(.unused){top:0}@media (min-width:40em){.used{right:0}}@keyframes spin{to{rotate:1turn}}</style>',
    );
    expect(page.body).not.toContain('.unused{');
    expect(page.body).not.toContain('<link rel="stylesheet" crossorigin');
    // The whole stylesheet follows after the first paint, and without scripts straight away.
    expect(page.body).toContain('data-stylesheet="/assets/app-1.css"');
    expect(page.body).toContain('<noscript><link rel="stylesheet" href="/assets/app-1.css"></noscript>');
    const shell = await ctx.app.inject({ method: 'GET', url: '/student/wishlist', headers: html });
    expect(shell.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-1.css">');
    expect(shell.body).not.toContain('<style>');
    const css = await ctx.app.inject({ method: 'GET', url: '/assets/app-1.css' });
    expect(css.body).toBe(appCss);
  });

  it('has a rendered page request its scripts only after it has painted (boot.js), and the shell as built', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: html });
    expect(page.body).toContain(
      '<script type="module" src="/boot.js" data-entry="/assets/index-1.js" data-preload="/assets/react-1.js /assets/ui-1.js" data-stylesheet="/assets/app-1.css"></script>',
    );
    expect(page.body).not.toContain('modulepreload');
    expect(page.body).not.toContain('<script type="module" crossorigin');
    const shell = await ctx.app.inject({ method: 'GET', url: '/teacher/add-course', headers: html });
    expect(shell.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
    expect(shell.body).not.toContain('boot.js');
  });

  it.each(['/teacher', '/teacher/', '/teacher/dashboard'])(
    'renders the landing %s on the server, its area chunk preloaded with the entry after the first paint',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<div id="root"><p>page ${url} db`);
      expect(res.body).toContain(
        'data-preload="/assets/react-1.js /assets/ui-1.js /assets/teacher-area-1.js /assets/shared-1.js"',
      );
      expect(res.body).not.toContain('<script type="module" crossorigin');
      // The build's manifest is for the server, not served.
      const manifest = await ctx.app.inject({ method: 'GET', url: '/.vite/manifest.json', headers: { accept: '*/*' } });
      expect(manifest.body).not.toContain('src/app/routes/teacher-area.tsx');
      const asJson = await ctx.app.inject({
        method: 'GET',
        url: '/.vite/manifest.json',
        headers: { accept: 'application/json' },
      });
      expect(asJson.statusCode).toBe(404);
    },
  );

  it('compresses the page for a browser that accepts it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { ...html, 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<p>page / db');
  });

  it('passes the renderer status on (an unknown address is a 404 page)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/missing/page', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<p>page /missing/page');
  });

  it('inserts page text literally, even where it looks like a replacement pattern', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dollar', headers: html });
    expect(res.body).toContain('<p>costs $& and $1</p>');
  });

  it.each(['/student/wishlist', '/teacher/add-course', '/admin/student-list', '/ADMIN'])(
    'sends the role area %s as the app shell, rendered in the browser',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('test-state');
    },
  );

  it('falls back to the app shell when rendering fails, declines, or tries to write through the API', async () => {
    for (const url of ['/boom', '/unrenderable', '/write']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('renders an address once for a burst of visits', async () => {
    const visit = () => ctx.app.inject({ method: 'GET', url: '/forum?q=burst', headers: html });
    const [first, second] = await Promise.all([visit(), visit()]);
    const third = await visit();
    expect(renderOf(second.body)).toBe(renderOf(first.body));
    expect(renderOf(third.body)).toBe(renderOf(first.body));
    // Other addresses are rendered on their own.
    const other = await ctx.app.inject({ method: 'GET', url: '/forum?q=other', headers: html });
    expect(renderOf(other.body)).toBeGreaterThan(renderOf(third.body));
  });

  it('keeps its pages when a request changes nothing they show: a failed login, a logout, a wishlist', async () => {
    const student = await createUser(ctx, 'student');
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Kept course', status: 'published' });
    const pages = ['/', '/forum', '/courses', `/course-details/${course.id}`];
    const before = await Promise.all(pages.map(visit));

    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student.email, password: 'wrong-password-123' },
    });
    expect(failed.statusCode).toBe(401);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    const wish = await ctx.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}/wishlist`,
      headers: bearer(student.token),
    });
    expect(wish.statusCode).toBe(200);

    const after = await Promise.all(pages.map(visit));
    expect(after.map((res) => renderOf(res.body))).toEqual(before.map((res) => renderOf(res.body)));
  });

  it("shows a course edit at once on that course's page and the lists, and keeps the forum's pages", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Old title', status: 'published' });
    const other = await createCourse(ctx, teacher.token, { title: 'Other course', status: 'published' });
    const page = `/course-details/${course.id}`;
    expect((await visit(page)).body).toContain('data Old title');
    expect((await visit('/courses')).body).toContain('Old title');
    const otherPage = await visit(`/course-details/${other.id}`);
    const forum = await visit('/forum');

    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${course.id}`,
      headers: bearer(teacher.token),
      payload: { title: 'New title' },
    });
    expect(edit.statusCode).toBe(200);

    expect((await visit(page)).body).toContain('data New title');
    expect((await visit('/courses')).body).toContain('New title');
    expect(renderOf((await visit(`/course-details/${other.id}`)).body)).toBe(renderOf(otherPage.body));
    expect(renderOf((await visit('/forum')).body)).toBe(renderOf(forum.body));
  });

  it("shows a new review on its course's page, and a forum question on the forum's pages only", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, teacher.token, { title: 'Reviewed course', status: 'published' });
    // Only a student enrolled in the course may review it.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enrolment`,
      headers: bearer(student.token),
    });
    const page = `/course-details/${course.id}`;
    const first = await visit(page);
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/reviews`,
      headers: bearer(student.token),
      payload: { rating: 5, text: 'Clear and well paced.' },
    });
    expect(review.statusCode, review.body).toBe(201);
    const afterReview = await visit(page);
    expect(renderOf(afterReview.body)).toBeGreaterThan(renderOf(first.body));

    const forum = await visit('/forum');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/forum/questions',
      headers: bearer(student.token),
      payload: { question: 'Where are the slides?', description: 'Of week one.', tags: ['course'] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await visit('/forum')).body).toContain('Where are the slides?');
    expect(renderOf((await visit(page)).body)).toBe(renderOf(afterReview.body));
    expect(renderOf(forum.body)).toBeLessThan(renderOf((await visit('/forum')).body));
  });

  it('keeps one page for an address whatever unknown query it carries, and the parameters in any order', async () => {
    const first = await visit('/faq');
    for (let i = 1; i <= 1000; i += 1) {
      const res = await visit(`/faq?x=${i}`);
      expect(renderOf(res.body)).toBe(renderOf(first.body));
    }
    const filtered = await visit('/courses?category=Design&page=2&utm_source=mail');
    expect(filtered.body).toContain('page /courses?category=Design&page=2 db');
    expect(renderOf((await visit('/courses?page=2&category=Design')).body)).toBe(renderOf(filtered.body));
    expect(renderOf((await visit('/courses?page=2&category=Design&page=3')).body)).toBe(renderOf(filtered.body));
  });

  it('answers a repeat visit that has the page with 304 and no body, and a changed page with 200', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Tagged course', status: 'published' });
    const page = `/course-details/${course.id}`;
    const first = await visit(page);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await ctx.app.inject({ method: 'GET', url: page, headers: { ...html, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${course.id}`,
      headers: bearer(teacher.token),
      payload: { title: 'Retitled course' },
    });
    const changed = await ctx.app.inject({ method: 'GET', url: page, headers: { ...html, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Retitled course');
  });

  it('keeps the ETag of a page rendered again with nothing changed, so the browser still gets 304', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Steady course', status: 'published' });
    const page = `/course-details/${course.id}`;
    const first = await visit(page);
    const etag = first.headers.etag as string;
    // A write that changes nothing the page shows still drops the page's copy: the next visit renders it again.
    const same = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${course.id}`,
      headers: bearer(teacher.token),
      payload: { title: 'Steady course' },
    });
    expect(same.statusCode).toBe(200);
    const again = await visit(page);
    expect(renderOf(again.body)).toBeGreaterThan(renderOf(first.body));
    expect(again.body).not.toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    const revalidated = await ctx.app.inject({ method: 'GET', url: page, headers: { ...html, 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('sends a page compressed with brotli or gzip, the same bytes on every hit', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/about',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    const brAgain = await ctx.app.inject({
      method: 'GET',
      url: '/about',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await ctx.app.inject({ method: 'GET', url: '/about', headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(brotliDecompressSync(br.rawPayload).toString());
    const plain = await ctx.app.inject({ method: 'GET', url: '/about', headers: html });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(gunzipSync(gz.rawPayload).toString());
  });

  it('renders a not-found page or a failed one again on the next visit', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/missing/again', headers: html });
    const second = await ctx.app.inject({ method: 'GET', url: '/missing/again', headers: html });
    expect(second.statusCode).toBe(404);
    expect(renderOf(second.body)).toBeGreaterThan(renderOf(first.body));
  });

  it("sends the build's precompressed copy of a hashed asset, cached for a year", async () => {
    const brotli = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-1.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(appScript);
    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(appScript);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index-1.js' });
    expect(plain.body).toBe(appScript);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const boot = await ctx.app.inject({ method: 'GET', url: '/boot.js' });
    expect(boot.headers['cache-control']).toBe('no-cache');
  });

  it("renders a page in the visitor's language, kept choice first, and caches each language apart (issue 47)", async () => {
    const page = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/faq', headers: { ...html, ...headers } });
    const english = await page({});
    expect(english.body).toContain('<html lang="en" dir="ltr"><head>');
    expect(english.body).toContain('page /faq db');
    expect(english.body).toContain(' in en</p>');
    const spanish = await page({ 'accept-language': 'fr-CA, es-MX;q=0.8, en;q=0.5' });
    expect(spanish.body).toContain('<html lang="es" dir="ltr"><head>');
    expect(spanish.body).toContain(' in es</p>');
    // The kept choice wins over the browser's languages; Arabic reads right to left.
    const arabic = await page({ 'accept-language': 'es', cookie: 'other=1; lyceum-lang=ar' });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl"><head>');
    expect(arabic.body).toContain(' in ar</p>');
    expect(arabic.headers.vary).toMatch(/accept-language/i);
    expect(arabic.headers.vary).toMatch(/cookie/i);
    // Each language is its own cached page: a repeat visit in Spanish is the same render, with the same ETag.
    const spanishAgain = await page({ 'accept-language': 'es' });
    expect(spanishAgain.headers.etag).toBe(spanish.headers.etag);
    expect(renderOf(spanishAgain.body)).toBe(renderOf(spanish.body));
    expect(renderOf(arabic.body)).not.toBe(renderOf(spanish.body));
    // A language Lyceum does not speak, or a forged cookie, gets the school's default.
    const other = await page({ 'accept-language': 'de', cookie: 'lyceum-lang=<x>' });
    expect(other.body).toContain('<html lang="en" dir="ltr"><head>');
    // The app shell of the client-rendered areas names the language too.
    const shell = await ctx.app.inject({
      method: 'GET',
      url: '/student/wishlist',
      headers: { ...html, cookie: 'lyceum-lang=ar' },
    });
    expect(shell.body).toContain('<html lang="ar" dir="rtl"><head>');
  });

  it('keeps the renderer itself private and non-HTML requests on the JSON 404', async () => {
    const bundle = await ctx.app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain('createRenderer');
    const json = await ctx.app.inject({ method: 'GET', url: '/courses', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.headers['content-type']).toMatch(/application\/json/);
  });
});

// PostgreSQL only (PGlite serves one process): registered on the postgres project alone, so no run reports a skip.
if (inject('databaseUrl'))
  describe('rendered pages of two app processes on one PostgreSQL database', () => {
    it("shows a write made through one process on the other's pages (LISTEN/NOTIFY)", async () => {
      const database = await openDatabase({ kind: 'postgres', url: ctx.database.url!, maxConnections: 2 });
      const second = await buildApp({ config: ctx.config, database, tokens: createTokenService(TEST_SECRET) });
      try {
        await second.ready();
        const teacher = await createUser(ctx, 'teacher');
        const course = await createCourse(ctx, teacher.token, { title: 'Before', status: 'published' });
        const page = `/course-details/${course.id}`;
        const visitSecond = () => second.inject({ method: 'GET', url: page, headers: html });
        expect((await visitSecond()).body).toContain('data Before');
        expect((await visitSecond()).body).toContain('data Before');

        const edit = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/courses/${course.id}`,
          headers: bearer(teacher.token),
          payload: { title: 'After' },
        });
        expect(edit.statusCode).toBe(200);
        // The notification arrives asynchronously; well within the 30 s the page would otherwise be kept.
        await vi.waitFor(async () => expect((await visitSecond()).body).toContain('data After'), {
          timeout: 5000,
          interval: 50,
        });
      } finally {
        await second.close();
        await database.close();
      }
    });
  });

/*
 * Replay (plugins/page-replay.ts): a cached page's repeat is answered before the app's hooks, with what the app sent
 * the first time. The route-level hook below runs only when a request reaches the page route's own lifecycle: it
 * counts the requests the app answered itself.
 */
let routeRuns = 0;
const countRouteRuns = (route: RouteOptions) => {
  if (route.url !== '/*' || !['GET', 'HEAD'].includes(String(route.method))) return;
  const existing = route.onRequest ? [route.onRequest].flat() : [];
  route.onRequest = [
    ...existing,
    (_request, _reply, done) => {
      routeRuns += 1;
      done();
    },
  ];
};
const replayCtx = useTestApp({ env: { WEB_DIST_DIR: webDist }, onRoute: countRouteRuns });
const withoutDate = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('rendered pages replayed ahead of the request lifecycle', () => {
  const browser = { ...html, 'accept-encoding': 'gzip, deflate, br' };
  const get = (url: string, headers: Record<string, string>) => replayCtx.app.inject({ method: 'GET', url, headers });

  it('answers a repeat visit with the status, headers and bytes the app sent the first time, without the app', async () => {
    const first = await get('/blog', browser);
    const runsAfterFirst = routeRuns;
    const again = await get('/blog?utm_source=mail', browser);
    expect(routeRuns).toBe(runsAfterFirst);
    expect(again.statusCode).toBe(200);
    expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    // Each variant is answered by the app once, then replayed: gzip, none, and the revalidation's 304.
    const etag = first.headers.etag as string;
    for (const headers of [{ ...html, 'accept-encoding': 'gzip' }, html, { ...browser, 'if-none-match': etag }]) {
      const before = routeRuns;
      const answered = await get('/blog', headers);
      const replayed = await get('/blog', headers);
      expect(routeRuns).toBe(before + 1);
      expect(replayed.statusCode).toBe(answered.statusCode);
      expect(withoutDate(replayed.headers)).toEqual(withoutDate(answered.headers));
      expect(replayed.rawPayload.equals(answered.rawPayload)).toBe(true);
    }
    const notModified = await get('/blog', { ...browser, 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, no-cache');
    expect(notModified.body).toBe('');
  });

  it('replays a page only while it is cached: a change to what it shows is rendered and sent at once', async () => {
    const teacher = await createUser(replayCtx, 'teacher');
    const course = await createCourse(replayCtx, teacher.token, { title: 'Replayed before', status: 'published' });
    const page = `/course-details/${course.id}`;
    await get(page, browser);
    expect(brotliDecompressSync((await get(page, browser)).rawPayload).toString()).toContain('data Replayed before');

    const edit = await replayCtx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${course.id}`,
      headers: bearer(teacher.token),
      payload: { title: 'Replayed after' },
    });
    expect(edit.statusCode).toBe(200);
    const before = routeRuns;
    const changed = await get(page, browser);
    expect(routeRuns).toBe(before + 1);
    expect(brotliDecompressSync(changed.rawPayload).toString()).toContain('data Replayed after');
  });

  it('leaves to the app what the first answer does not decide: cross-origin requests, HEAD, JSON, the shell', async () => {
    await get('/about', browser);
    await get('/about', browser);
    for (const request of [
      { method: 'GET' as const, headers: { ...browser, origin: 'https://elsewhere.example' } },
      { method: 'HEAD' as const, headers: browser },
      { method: 'GET' as const, headers: { accept: 'application/json' } },
    ]) {
      const before = routeRuns;
      await replayCtx.app.inject({ url: '/about', ...request });
      expect(routeRuns, `${request.method} ${JSON.stringify(request.headers)}`).toBe(before + 1);
    }
    // The role areas are the app shell (not cached): every visit is the app's.
    const before = routeRuns;
    await get('/student/courses', browser);
    await get('/student/courses', browser);
    expect(routeRuns).toBe(before + 2);
  });
});

const loggedCtx = useTestApp({ env: { WEB_DIST_DIR: webDist, LOG_LEVEL: 'debug' }, onRoute: countRouteRuns });

describe('rendered pages while every request is logged (LOG_LEVEL=debug)', () => {
  it('answers every visit through the app, so that each one is in the log', async () => {
    const before = routeRuns;
    for (let i = 0; i < 3; i += 1) {
      const res = await loggedCtx.app.inject({ method: 'GET', url: '/about', headers: html });
      expect(res.statusCode).toBe(200);
    }
    expect(routeRuns).toBe(before + 3);
  });
});
