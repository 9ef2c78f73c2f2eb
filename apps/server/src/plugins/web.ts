import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the server, never to the web app's HTML fallback. */
const SERVER_PREFIXES = ['/api/', '/api', '/uploads/'];

/** The role areas render in the browser only: their pages depend on who is signed in. */
const CLIENT_ONLY_PAGES = /^\/(student|teacher|admin)(\/|$)/i;

/** How long a rendered page is served again to visitors, unless the API changes something first. */
const PAGE_CACHE_MS = 10_000;
/** Addresses kept at most (query strings make many; a page is up to about 300 KB); the oldest go first. */
const PAGE_CACHE_ENTRIES = 100;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type RenderedPage = { status: number; html: string; stateJson: string } | null;

/**
 * Rendered pages by address, for a few seconds. Every visitor gets the same page for an address (server rendering
 * never sees a token), so a burst of visits costs one render, and a visit that arrives while that page is being
 * rendered waits for the same render. Any request that may change data (not GET, HEAD or OPTIONS) empties it, so
 * nobody who has just posted is shown the page from before.
 */
function createPageCache(render: (url: string) => Promise<RenderedPage>) {
  const pages = new Map<string, { expires: number; page: Promise<RenderedPage> }>();
  return {
    get(url: string): Promise<RenderedPage> {
      const now = Date.now();
      const kept = pages.get(url);
      if (kept && kept.expires > now) return kept.page;
      pages.delete(url);
      const page = render(url);
      pages.set(url, { expires: now + PAGE_CACHE_MS, page });
      if (pages.size > PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value!);
      // Only whole pages are kept: a failed render, or one that is not a 200, is tried again next time.
      page.then(
        (result) => {
          if (result?.status !== 200 && pages.get(url)?.page === page) pages.delete(url);
        },
        () => {
          if (pages.get(url)?.page === page) pages.delete(url);
        },
      );
      return page;
    },
    clear: () => pages.clear(),
  };
}

/** The web build's server renderer (`apps/web/src/entry-server.tsx`, built to `dist/ssr/entry-server.js`). */
interface SsrModule {
  SSR_STATE_ELEMENT_ID: string;
  createRenderer(
    fetchApi: (path: string, init: RequestInit) => Promise<Response>,
  ): (url: string) => Promise<RenderedPage>;
}

export interface WebAppOptions {
  /** Paths of an API served at the root (the v1 routes): there only a request that asks for text/html gets a page. */
  isApiPath?: (pathname: string) => boolean;
}

/**
 * Whether a request gets the web app's page: a GET or HEAD outside /api and /uploads that asks for HTML, or —
 * outside the v1 routes — accepts any type (an Accept of star/star or none: curl, link previews, uptime monitors) without
 * asking for JSON.
 */
export function isHtmlNavigation(request: FastifyRequest, isApiPath: (pathname: string) => boolean = () => false) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix))) return false;
  const accept = (request.headers.accept ?? '').toLowerCase();
  if (accept.includes('text/html')) return true;
  if (isApiPath(pathname) || accept.includes('json')) return false;
  return accept.trim() === '' || accept.includes('*/*');
}

/** A page's API calls during server rendering: this app's own routes, in process, without a token. */
function inProcessFetch(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    if (!url.startsWith('/api/')) throw new Error(`server rendering may only call the API, not ${url}`);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`server rendering may only read, not ${method} ${url}`);
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

/**
 * The shell with its stylesheets inlined, for server-rendered pages: the page paints from the first response instead
 * of waiting for a stylesheet that shares the connection with the scripts (a throttled phone painted 1.3 s later).
 * The app shell itself keeps the cacheable link: the role areas paint only after their scripts anyway.
 */
function inlineStylesheets(shell: string, distDir: string): string {
  return shell.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const css = readFileSync(path.join(distDir, file), 'utf8');
    return css.includes('</style') ? link : `<style>${css}</style>`;
  });
}

/**
 * Rendered pages are readable before their scripts run: the app's entry script and the modules it preloads are
 * started by the web build's `boot.js` once the page has painted, instead of being requested while the page itself
 * is still arriving (on a throttled phone they shared the connection with it and held its largest paint back by more
 * than a second). The app shell keeps its scripts as built: it shows nothing without them.
 */
function startScriptsAfterPaint(shell: string, distDir: string): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(shell);
  if (!entry || !existsSync(path.join(distDir, 'boot.js'))) return shell;
  const preloadLink = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;
  const preloads = [...shell.matchAll(preloadLink)].map((match) => match[1]);
  return shell
    .replace(preloadLink, '')
    .replace(
      entry[0],
      `<script type="module" src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`,
    );
}

async function loadRenderer(app: FastifyInstance, distDir: string) {
  const modulePath = path.join(distDir, 'ssr', 'entry-server.js');
  if (!existsSync(modulePath)) {
    app.log.warn({ modulePath }, 'no server renderer in the web build; pages render in the browser only');
    return null;
  }
  const ssr = (await import(pathToFileURL(modulePath).href)) as SsrModule;
  const pages = createPageCache(ssr.createRenderer(inProcessFetch(app)));
  app.addHook('onResponse', async (request) => {
    if (!SAFE_METHODS.has(request.method)) pages.clear();
  });
  return { render: pages.get, stateElementId: ssr.SSR_STATE_ELEMENT_ID };
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated; and, for a browser's
 * request of any other address, the page — rendered on the server when the build has a renderer, otherwise (and for
 * the role areas, or when rendering fails) the app shell. Without a build it serves nothing (API only).
 * The pages are a catch-all route rather than the not-found handler so that they are compressed like every route.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = {},
): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir }, 'web app build not found; serving the API only (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The server renderer is code for this process, not for browsers.
    allowedPath: (pathname) => !pathname.startsWith('/ssr/'),
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const shell = readFileSync(indexPath, 'utf8');
  const rootElement = '<div id="root"></div>';
  const renderer = shell.includes(rootElement) ? await loadRenderer(app, distDir) : null;
  const pageTemplate = renderer ? startScriptsAfterPaint(inlineStylesheets(shell, distDir), distDir) : shell;

  const sendShell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (!isHtmlNavigation(request, options.isApiPath)) return reply.callNotFound();
    const pathname = request.url.split('?')[0] ?? '/';
    if (!renderer || CLIENT_ONLY_PAGES.test(pathname)) return sendShell(reply);
    let page: RenderedPage = null;
    try {
      page = await renderer.render(request.url);
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the app shell');
    }
    if (!page) return sendShell(reply);
    // A function, so that `$&` and the like in page text are not read as replacement patterns.
    const html = pageTemplate.replace(
      rootElement,
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${renderer.stateElementId}">${page.stateJson}</script>`,
    );
    return reply.code(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
