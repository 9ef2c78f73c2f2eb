import { eq } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ltiTools } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { formOf } from './lti-tool.js';

/*
 * In production Lyceum uses no plain-http tool URL (issue 51): id_tokens, message hints and deep linking answers
 * travel to and from them. Registration names the field refused; a tool stored before the rule (a row changed in
 * SQL here) is not launched over http either. Outside production http to a loopback host is allowed (the platform
 * tests' ltijs on 127.0.0.1); lti-platform.test.ts shows that side.
 */

const issuer = 'https://lyceum.example';
const ctx = useTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: issuer } });

let admin: TestUser;
let teacher: TestUser;
let courseId: string;
let sectionId: string;

const base = {
  name: 'Secure tool',
  deploymentId: 'd1',
  loginUrl: 'https://tool.example/login',
  targetLinkUri: 'https://tool.example/launch',
  jwksUrl: 'https://tool.example/jwks',
  redirectUris: ['https://tool.example/launch'],
};
const register = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/lti/tools', headers: bearer(admin.token), payload });
const messageOf = (body: string) => (JSON.parse(body) as { message: string }).message;

beforeAll(async () => {
  expect(ctx.config.env).toBe('production');
  admin = await createUser(ctx, 'admin');
  teacher = await createUser(ctx, 'teacher');
  courseId = (await createCourse(ctx, teacher.token, { status: 'published', title: 'Networks' })).id;
  const section = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/sections`,
    headers: bearer(teacher.token),
    payload: { title: 'Week 1' },
  });
  sectionId = section.json<{ id: string }>().id;
});

describe('LTI tool URLs in production', () => {
  it('registration refuses an http:// URL, loopback ones too, naming the field', async () => {
    const cases: [object, string][] = [
      [{ loginUrl: 'http://127.0.0.1:9000/login' }, 'loginUrl'],
      [{ targetLinkUri: 'http://localhost:9000/launch' }, 'targetLinkUri'],
      [{ jwksUrl: 'http://tool.example/jwks' }, 'jwksUrl'],
      [{ redirectUris: ['https://tool.example/launch', 'http://tool.example/launch'] }, 'redirectUris.1'],
    ];
    for (const [change, field] of cases) {
      const res = await register({ ...base, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(messageOf(res.body)).toBe(
        `${field} must be an https:// URL (http:// only to localhost or 127.0.0.1, and not in production)`,
      );
      expect(res.json<{ issues: { path: string }[] }>().issues).toEqual([expect.objectContaining({ path: field })]);
    }
    const tools = await ctx.app.inject({ method: 'GET', url: '/api/admin/lti/tools', headers: bearer(admin.token) });
    expect(tools.json<unknown[]>()).toEqual([]);
  });

  it('an https tool registers; changing a URL to http:// or an http:// item link is refused', async () => {
    const created = await register(base);
    expect(created.statusCode, created.body).toBe(201);
    const toolId = created.json<{ id: string }>().id;
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/lti/tools/${toolId}`,
      headers: bearer(admin.token),
      payload: { loginUrl: 'http://tool.example/login' },
    });
    expect(patched.statusCode).toBe(400);
    expect(messageOf(patched.body)).toMatch(/^loginUrl must be an https:\/\//);
    const item = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/sections/${sectionId}/lti-items`,
      headers: bearer(teacher.token),
      payload: { toolId, title: 'Sandbox', targetLinkUri: 'http://127.0.0.1:9000/launch?x=1' },
    });
    expect(item.statusCode).toBe(400);
    expect(messageOf(item.body)).toMatch(/^targetLinkUri must be an https:\/\//);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/lti/tools/${toolId}`,
      headers: bearer(admin.token),
    });
    expect(read.json()).toMatchObject({ loginUrl: base.loginUrl });
  });

  it('a tool stored with http:// URLs before the rule is neither launched nor sent a token over http', async () => {
    const toolId = (await register({ ...base, name: 'Old tool' })).json<{ id: string; clientId: string }>().id;
    const item = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/sections/${sectionId}/lti-items`,
      headers: bearer(teacher.token),
      payload: { toolId, title: 'Old sandbox' },
    });
    const itemId = item.json<{ id: string }>().id;
    const { db } = ctx.database;
    await db.update(ltiTools).set({ loginUrl: 'http://tool.example/login' }).where(eq(ltiTools.id, toolId));
    const launch = () =>
      ctx.app.inject({ method: 'POST', url: `/api/lti/items/${itemId}/launch`, headers: bearer(teacher.token) });
    const refused = await launch();
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused.body)).toContain('login or launch URL must be an https:// URL');
    // Login URL fixed, an http redirect URI left: the authorization endpoint posts no token there.
    await db
      .update(ltiTools)
      .set({ loginUrl: base.loginUrl, redirectUris: ['http://tool.example/launch'] })
      .where(eq(ltiTools.id, toolId));
    const started = await launch();
    expect(started.statusCode, started.body).toBe(200);
    const { fields } = started.json<{ fields: Record<string, string> }>();
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    expect(String(started.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=None; Secure$/);
    const query = new URLSearchParams({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: fields.client_id!,
      redirect_uri: 'http://tool.example/launch',
      login_hint: fields.login_hint!,
      lti_message_hint: fields.lti_message_hint!,
      nonce: 'old-tool-nonce',
    });
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/lti/authorize?${query}`, headers: { cookie } });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toContain('id_token');
    expect(messageOf(answer.body)).toContain('(insecure-url): redirect_uri must be an https:// URL');
  });

  it('a deep linking response whose link is http:// adds nothing, and says which item', async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const created = await register({
      ...base,
      name: 'Keyed',
      jwksUrl: '',
      publicKey: JSON.stringify(await exportJWK(pair.publicKey)),
    });
    const tool = created.json<{ id: string; clientId: string }>();
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/sections/${sectionId}/lti-deep-linking`,
      headers: bearer(teacher.token),
      payload: { toolId: tool.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { fields } = started.json<{ fields: Record<string, string> }>();
    const query = new URLSearchParams({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: tool.clientId,
      redirect_uri: base.redirectUris[0]!,
      login_hint: fields.login_hint!,
      lti_message_hint: fields.lti_message_hint!,
      nonce: 'keyed-nonce',
    });
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/lti/authorize?${query}`,
      headers: { cookie: String(started.headers['set-cookie']).split(';')[0]! },
    });
    expect(page.statusCode, page.body).toBe(200);
    const settings = decodeJwt(formOf(page.body).fields.id_token!)[
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'
    ] as { data: string };
    const now = Math.floor(Date.now() / 1000);
    const jwt = await new SignJWT({
      nonce: 'dl-nonce',
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': base.deploymentId,
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': settings.data,
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        { type: 'ltiResourceLink', title: 'Fine', url: 'https://tool.example/launch?a=1' },
        { type: 'ltiResourceLink', title: 'Plain', url: 'http://tool.example/launch?a=2' },
      ],
    })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(tool.clientId)
      .setAudience(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(pair.privateKey);
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/lti/deep-linking/return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ JWT: jwt }).toString(),
    });
    expect(back.statusCode).toBe(400);
    expect(messageOf(back.body)).toBe(
      'LTI deep linking refused (insecure-url): content_items.1.url must be an https:// URL ' +
        '(http:// only to localhost or 127.0.0.1, and not in production)',
    );
    const items = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/lti-items`,
      headers: bearer(teacher.token),
    });
    expect(items.json<{ toolId: string }[]>().filter((i) => i.toolId === tool.id)).toEqual([]);
  });
});
