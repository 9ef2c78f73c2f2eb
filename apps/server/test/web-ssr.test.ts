import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';

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
writeFileSync(path.join(webDist, 'assets', 'app-1.css'), 'body{color:#123}');
mkdirSync(path.join(webDist, 'ssr'));
writeFileSync(
  path.join(webDist, 'ssr', 'entry-server.js'),
  `export const SSR_STATE_ELEMENT_ID = 'test-state';
let renders = 0;
export function createRenderer(fetchApi) {
  return async (url) => {
    renders += 1;
    if (url.startsWith('/boom')) throw new Error('render failed');
    if (url.startsWith('/unrenderable')) return null;
    if (url.startsWith('/write')) await fetchApi('/api/auth/logout', { method: 'POST' });
    const health = await (await fetchApi('/api/health', { method: 'GET' })).json();
    const text = url.startsWith('/dollar') ? 'costs $& and $1' : 'page ' + url + ' db ' + health.database;
    return { status: url.startsWith('/missing') ? 404 : 200, html: '<p>' + text + '</p><i>render ' + renders + '</i>' + 'x'.repeat(4000), stateJson: '{"a":1}' };
  };
}
`,
);

const ctx = useTestApp({ env: { WEB_DIST_DIR: webDist } });
const html = { accept: 'text/html' };

describe('server-rendered pages', () => {
  it('answers a public page with the rendered markup, the data it used and no-cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/courses?page=2', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<div id="root"><p>page /courses?page=2 db ${ctx.database.kind}</p>`);
    expect(res.body).toContain('<script type="application/json" id="test-state">{"a":1}</script>');
  });

  it('inlines the stylesheet in rendered pages (first paint without another request), not in the app shell', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: html });
    expect(page.body).toContain('<style>body{color:#123}</style>');
    expect(page.body).not.toContain('app-1.css');
    const shell = await ctx.app.inject({ method: 'GET', url: '/student', headers: html });
    expect(shell.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-1.css">');
    const css = await ctx.app.inject({ method: 'GET', url: '/assets/app-1.css' });
    expect(css.body).toBe('body{color:#123}');
  });

  it('has a rendered page request its scripts only after it has painted (boot.js), and the shell as built', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: html });
    expect(page.body).toContain(
      '<script type="module" src="/boot.js" data-entry="/assets/index-1.js" data-preload="/assets/react-1.js /assets/ui-1.js"></script>',
    );
    expect(page.body).not.toContain('modulepreload');
    expect(page.body).not.toContain('<script type="module" crossorigin');
    const shell = await ctx.app.inject({ method: 'GET', url: '/teacher', headers: html });
    expect(shell.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
    expect(shell.body).not.toContain('boot.js');
  });

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

  it('renders an address once for a burst of visits, and again after any request that may change data', async () => {
    const renderOf = (body: string) => /<i>render (\d+)<\/i>/.exec(body)?.[1];
    const visit = () => ctx.app.inject({ method: 'GET', url: '/forum?burst', headers: html });
    const [first, second] = await Promise.all([visit(), visit()]);
    const third = await visit();
    expect(renderOf(second.body)).toBe(renderOf(first.body));
    expect(renderOf(third.body)).toBe(renderOf(first.body));

    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    const afterWrite = await visit();
    expect(Number(renderOf(afterWrite.body))).toBeGreaterThan(Number(renderOf(first.body)));
    // Other addresses are rendered on their own.
    const other = await ctx.app.inject({ method: 'GET', url: '/forum?other', headers: html });
    expect(Number(renderOf(other.body))).toBeGreaterThan(Number(renderOf(afterWrite.body)));
  });

  it('renders a not-found page or a failed one again on the next visit', async () => {
    const renderOf = (body: string) => /<i>render (\d+)<\/i>/.exec(body)?.[1];
    const first = await ctx.app.inject({ method: 'GET', url: '/missing/again', headers: html });
    const second = await ctx.app.inject({ method: 'GET', url: '/missing/again', headers: html });
    expect(second.statusCode).toBe(404);
    expect(Number(renderOf(second.body))).toBeGreaterThan(Number(renderOf(first.body)));
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
