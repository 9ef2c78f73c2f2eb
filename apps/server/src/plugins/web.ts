import { runUngated } from '../lib/request-gate.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../lib/http-cache.js';
import type { InvalidationBus } from '../lib/invalidation.js';
import { parseStylesheet, usedCss, type ParsedStylesheet } from '../lib/page-css.js';
import { sanitizeForDisplay } from '../lib/sanitize.js';
import { directionOf, type Language, type UiLocale } from '@lyceum/contract/constants';
import {
  createPageCache,
  fixedPage,
  pageCacheKey,
  pageLocaleOf,
  pageOfCacheKey,
  preferredEncoding,
  recordApiRead,
  type CachedPage,
} from './page-cache.js';
import type { PageReplay } from './page-replay.js';

/** Paths that belong to the server, never to the web app's HTML fallback. */
const SERVER_PREFIXES = ['/api/', '/api', '/uploads/'];

/**
 * The role areas render in the browser only: their pages depend on who is signed in. So do the pages a mailed link
 * with a token opens (unsubscribe, a guardian invitation): no token goes into the page cache.
 */
const CLIENT_ONLY_PAGES = /^\/(student|teacher|admin|guardian|guardian-invitation|notifications|unsubscribe)(\/|$)/i;
/**
 * Except their landings (the dashboards): the server renders the area's shell — header, navigation, the page's title
 * and skeletons, nothing of the user — so that it paints before the area's code has arrived (issue 15, ADR 014).
 */
const AREA_LANDING = /^\/(student|teacher|admin)(\/dashboard)?\/?$/;
/** The source module of each area's chunk (the web build's manifest names its file and imports). */
const AREA_MODULES: Record<string, string> = {
  student: 'src/app/routes/student-area.tsx',
  teacher: 'src/app/routes/teacher-area.tsx',
  admin: 'src/app/routes/admin-area.tsx',
};

/**
 * How long a rendered page is served again when nothing reports a change to what it shows (changes made outside the
 * API — the admin CLI, SQL by hand — show after this at the latest).
 */
const PAGE_CACHE_MS = 30_000;
/**
 * The fetch times in a page's dehydrated query state: they change on every render while the data stays the same,
 * so the ETag leaves them out (a weak ETag: the same page, not the same bytes).
 */
const FETCH_TIMES = /"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;
/** Addresses kept at most; the least recently used go first. */
const PAGE_CACHE_ENTRIES = 200;
/** Bytes kept at most: the pages' text and their compressed copies (a page is up to about 300 KB of text). */
const PAGE_CACHE_BYTES = 24 * 1024 * 1024;
/**
 * Rendered pages are the same for every visitor: any cache may keep them, but must revalidate with the ETag on every
 * use (a 304 costs no render and no body). No stale-while-revalidate here: a browser would show a teacher the
 * catalogue from before the course they just published (the courses e2e caught it).
 */
const PAGE_CACHE_CONTROL = 'public, no-cache';

type RenderedPage = { status: number; html: string; stateJson: string } | null;

/** The web build's server renderer (`apps/web/src/entry-server.tsx`, built to `dist/ssr/entry-server.js`). */
interface SsrModule {
  SSR_STATE_ELEMENT_ID: string;
  createRenderer(
    fetchApi: (path: string, init: RequestInit) => Promise<Response>,
    sanitizeHtml: (html: string) => string,
  ): (url: string, locale: UiLocale) => Promise<RenderedPage>;
}

export interface WebAppOptions {
  /** Paths of an API served at the root (the v1 routes): there only a request that asks for text/html gets a page. */
  isApiPath?: (pathname: string) => boolean;
  /** Where writes report what they changed: the rendered pages that show it are dropped from the page cache. */
  invalidation?: InvalidationBus;
  /** Where the cached pages' responses are recorded and replayed ahead of the app's hooks. */
  replay?: PageReplay;
  /** The school's language: pages for visitors who chose none and whose browser asks for none we speak. */
  defaultLanguage?: Language;
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
    recordApiRead(url);
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

/** What a rendered page is built from: the shell, less its stylesheet links and scripts, and what replaces them. */
interface PageTemplate {
  /** The built index.html with a marker where the page's CSS goes and one where the boot script goes. */
  html: string;
  /** The app's stylesheets, read once: each page inlines the rules its markup uses. */
  stylesheets: ParsedStylesheet[];
  /** Their addresses, linked after the first paint (boot.js) and for visitors without JavaScript. */
  stylesheetHrefs: string[];
  entry: string | null;
  preloads: string[];
}

const CSS_MARKER = '<!--lyceum:page-css-->';
const BOOT_MARKER = '<!--lyceum:boot-->';

/**
 * The shell made into a page template. Its stylesheet is inlined, cut to what the page uses: the page paints from
 * the first response instead of waiting for a stylesheet that shares the connection with the scripts (a throttled
 * phone painted 1.3 s later), and carries 40–55 KB of CSS instead of all 199 KB (issue 20). The app's scripts and
 * the modules it preloads are started by the web build's `boot.js` once the page has painted, with the whole
 * stylesheet: requested while the page itself was still arriving, they shared the connection with it and held its
 * largest paint back by more than a second. The app shell itself keeps its links and scripts as built.
 */
function pageTemplateOf(shell: string, distDir: string): PageTemplate {
  const stylesheets: ParsedStylesheet[] = [];
  const stylesheetHrefs: string[] = [];
  let html = shell.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const css = readFileSync(path.join(distDir, href.slice(1)), 'utf8');
    if (css.includes('</style')) return link;
    stylesheets.push(parseStylesheet(css));
    stylesheetHrefs.push(href);
    return stylesheets.length === 1 ? CSS_MARKER : '';
  });
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(html);
  if (!entry || !existsSync(path.join(distDir, 'boot.js'))) {
    return { html, stylesheets, stylesheetHrefs: [], entry: null, preloads: [] };
  }
  const preloadLink = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;
  const preloads = [...html.matchAll(preloadLink)].map((match) => match[1]!);
  html = html.replace(preloadLink, '').replace(entry[0], BOOT_MARKER);
  return { html, stylesheets, stylesheetHrefs, entry: entry[1]!, preloads };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The boot script (entry, preloads, stylesheet after paint) and the stylesheet link for visitors without scripts. */
function bootTagsOf(template: PageTemplate, extraPreloads: readonly string[]): string {
  if (!template.entry) return '';
  const preloads = [...new Set([...template.preloads, ...extraPreloads])];
  const stylesheets = template.stylesheetHrefs.join(' ');
  const noscript = template.stylesheetHrefs.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`);
  return (
    `<script type="module" src="/boot.js" data-entry="${escapeAttribute(template.entry)}" data-preload="${escapeAttribute(preloads.join(' '))}"` +
    (stylesheets ? ` data-stylesheet="${escapeAttribute(stylesheets)}"` : '') +
    '></script>' +
    (noscript.length ? `<noscript>${noscript.join('')}</noscript>` : '')
  );
}

/**
 * Per role, the files of its area's chunk and the chunks it imports, from the web build's manifest: a landing
 * preloads them with the entry, instead of the browser finding them only once the entry has run.
 */
function areaPreloadsOf(distDir: string): Record<string, string[]> {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return {};
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] } | undefined
  >;
  const filesOf = (key: string, seen: Set<string>): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((imported) => filesOf(imported, seen))];
  };
  return Object.fromEntries(Object.entries(AREA_MODULES).map(([role, source]) => [role, filesOf(source, new Set())]));
}

async function loadRenderer(
  app: FastifyInstance,
  distDir: string,
  pageOf: (page: NonNullable<RenderedPage>, stateElementId: string, pathname: string, locale: UiLocale) => string,
  invalidation: InvalidationBus | undefined,
) {
  const modulePath = path.join(distDir, 'ssr', 'entry-server.js');
  if (!existsSync(modulePath)) {
    app.log.warn({ modulePath }, 'no server renderer in the web build; pages render in the browser only');
    return null;
  }
  const ssr = (await import(pathToFileURL(modulePath).href)) as SsrModule;
  const render = ssr.createRenderer(inProcessFetch(app), sanitizeForDisplay);
  const pages = createPageCache(
    async (key) => {
      const { url, locale } = pageOfCacheKey(key);
      const page = await render(url, locale);
      if (!page) return null;
      const html = pageOf(page, ssr.SSR_STATE_ELEMENT_ID, url.split('?')[0] ?? '/', locale);
      return { status: page.status, html, etagSource: html.replace(FETCH_TIMES, '"$1":0') };
    },
    { ttlMs: PAGE_CACHE_MS, maxEntries: PAGE_CACHE_ENTRIES, maxBytes: PAGE_CACHE_BYTES },
    invalidation,
  );
  return pages;
}

/**
 * Sends a page in the encoding the browser prefers (compressed once per page), or 304 when it has this one; a cached
 * page's response is recorded for replay (`replay`).
 */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  cacheControl: string,
  replay?: PageReplay,
) {
  // The page's language follows the language cookie and Accept-Language (`pageLocaleOf`).
  reply
    .code(page.status)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding, accept-language, cookie');
  reply.type('text/html; charset=utf-8');
  if (page.status !== 200) return reply.send(page.body);
  reply.header('etag', page.etag);
  if (etagMatches(request.headers['if-none-match'], page.etag)) {
    replay?.record(request, reply, page, null);
    return reply.code(304).send();
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding ? await page.encoded(encoding) : page.body;
  replay?.record(request, reply, page, body);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * Serves the built web app: hashed assets cached for a year (sent precompressed, brotli or gzip, when the build
 * made those files), everything else revalidated; and, for a browser's request of any other address, the page —
 * rendered on the server when the build has a renderer, otherwise (and for the role areas, or when rendering fails)
 * the app shell. Without a build it serves nothing (API only).
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
  // The build's files are public: @fastify/static takes no route config, so its routes (marked by their
  // config.file) get the declaration here. Hooks on this context see only routes registered from now on.
  app.addHook('onRoute', (route) => {
    if (route.config && 'file' in route.config) route.config.access ??= { who: 'public' };
  });
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // `npm run build` writes a .br and a .gz beside each compressible file (scripts/precompress.mjs).
    preCompressed: true,
    // Our setHeaders decides Cache-Control (send's default `public, max-age=0` replaced it on every file).
    cacheControl: false,
    // The server renderer and the build's manifest are for this process, not for browsers.
    allowedPath: (pathname) => !pathname.startsWith('/ssr/') && !pathname.startsWith('/.vite/'),
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const shellHtml = readFileSync(indexPath, 'utf8');
  const defaultLanguage = options.defaultLanguage ?? 'en';
  const localeOf = (request: FastifyRequest) => pageLocaleOf(request.headers, defaultLanguage);
  // Every page, the shell included, names its language and direction on <html> (issue 47): one shell per language.
  const withLocale = (html: string, locale: UiLocale) =>
    html.replace(/<html(?: lang="[^"]*")?/, () => `<html lang="${locale}" dir="${directionOf(locale)}"`);
  const shells = new Map<UiLocale, CachedPage>();
  const shellOf = (locale: UiLocale) => {
    let shell = shells.get(locale);
    if (!shell) shells.set(locale, (shell = fixedPage({ status: 200, html: withLocale(shellHtml, locale) })));
    return shell;
  };
  const rootElement = '<div id="root"></div>';
  const template = pageTemplateOf(shellHtml, distDir);
  const areaPreloads = areaPreloadsOf(distDir);
  // Functions as replacements, so that `$&` and the like in page text are not read as replacement patterns.
  const pageOf = (page: NonNullable<RenderedPage>, stateElementId: string, pathname: string, locale: UiLocale) => {
    const role = AREA_LANDING.exec(pathname)?.[1];
    // Without boot.js nothing would load the rest of the stylesheet later: such a page inlines all of it.
    const css = template.stylesheets
      .map((stylesheet) => (template.entry ? usedCss(stylesheet, page.html) : stylesheet.text))
      .join('');
    return withLocale(template.html, locale)
      .replace(CSS_MARKER, () => `<style>${css}</style>`)
      .replace(BOOT_MARKER, () => bootTagsOf(template, role ? (areaPreloads[role] ?? []) : []))
      .replace(
        rootElement,
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="${stateElementId}">${page.stateJson}</script>`,
      );
  };
  const pages = shellHtml.includes(rootElement) ? await loadRenderer(app, distDir, pageOf, options.invalidation) : null;
  if (pages)
    options.replay?.attach({
      peek: (key) => pages.peek(key),
      keyOf: (request) => pageCacheKey(request.url, localeOf(request)),
    });

  app.get('/*', { config: { access: { who: 'public' } }, schema: { hide: true } }, async (request, reply) => {
    if (!isHtmlNavigation(request, options.isApiPath)) return reply.callNotFound();
    const pathname = request.url.split('?')[0] ?? '/';
    const locale = localeOf(request);
    const shell = shellOf(locale);
    if (!pages || (CLIENT_ONLY_PAGES.test(pathname) && !AREA_LANDING.test(pathname))) {
      return sendPage(request, reply, shell, 'no-cache');
    }
    let page: CachedPage | null = null;
    try {
      // The render's in-process API reads are part of this page request, not new requests for the gate.
      page = await runUngated(() => pages.get(pageCacheKey(request.url, locale)));
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the app shell');
    }
    if (!page) return sendPage(request, reply, shell, 'no-cache');
    return sendPage(request, reply, page, PAGE_CACHE_CONTROL, options.replay);
  });
}
