import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { useTestApp } from './helper.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'lyceum-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Lyceum</title><div id="root"></div>');

const ctx = useTestApp({ env: { WEB_DIST_DIR: webDist, CORS_ORIGINS: 'https://app.example.com' } });

describe('platform', () => {
  it('reports health with the database it runs on', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: ctx.database.kind, redis: 'not-configured' });
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('allows CORS only for configured origins', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight('https://app.example.com');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const denied = await preflight('https://evil.example.com');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it.each([
    '/',
    '/courses',
    '/course-details/abc',
    '/student/wishlist',
    '/admin/student-list',
    '/forum-details/1',
    '/aboutUs',
  ])('serves the web app for the client route %s', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it.each([
    ['curl (*/*)', { accept: '*/*' }],
    ['no Accept header', {}],
    ['a link preview', { accept: 'text/*, */*;q=0.8', 'user-agent': 'Slackbot-LinkExpanding 1.0' }],
  ])('serves the page to %s outside /api, /uploads and the v1 routes', async (_who, headers) => {
    for (const url of ['/', '/courses?page=2', '/student/wishlist']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/', headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    // The API, the files and the v1 routes keep their JSON answers.
    for (const url of ['/api/nope', '/uploads/missing.png', '/add-review', '/ADD-REVIEW/']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });

  it('never answers a POST or a JSON request with the HTML fallback', async () => {
    const post = await ctx.app.inject({ method: 'POST', url: '/student/wishlist', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toMatch(/application\/json/);
    const json = await ctx.app.inject({
      method: 'GET',
      url: '/student/wishlist',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    const axios = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'application/json, text/plain, */*' },
    });
    expect(axios.statusCode).toBe(404);
    expect(axios.headers['content-type']).toMatch(/application\/json/);
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/me', '/api/health']),
    );
    const register = doc.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.properties.role.enum).toEqual([
      'student',
      'teacher',
    ]);
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('documents the parts of the multipart bodies (profile picture, v1 profile update)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const image = doc.paths['/api/me/image'].put.requestBody.content['multipart/form-data'].schema;
    expect(image.required).toEqual(['image']);
    expect(image.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    const v1 = doc.paths['/update-student-details'].post.requestBody.content['multipart/form-data'].schema;
    expect(v1.properties.profileImage).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(v1.properties)).toEqual(expect.arrayContaining(['firstname', 'username', 'githubProfile']));
  });

  it('compresses large responses for clients that accept gzip', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('configuration', () => {
  it('stops with the names of bad variables', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toMatch(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    }
  });

  it('has working defaults for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, corsOrigins: [] });
    expect(config.dataDir).toMatch(/data$/);
  });
});
