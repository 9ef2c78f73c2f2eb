import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { freePort } from './free-port.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { browser, formOf, startLtiTool, type LtiTool } from './lti-tool.js';

/*
 * Lyceum as an LTI 1.3 platform (issue 51 slice 1): tools registered by the admin, launched from an external tool
 * item by the browser's path (Lyceum's launch start, the tool's login, Lyceum's authorization endpoint, the tool's
 * launch handler) against ltijs, a real tool on its own port with its own database.
 */

const lyceumPort = await freePort();
const issuer = `http://127.0.0.1:${lyceumPort}`;
/** Added to the app's clock: a launch's hint outlived (LAUNCH_TTL_MS) without waiting. */
let clockOffset = 0;
const ctx = useTestApp({ env: { PUBLIC_URL: issuer }, clock: () => Date.now() + clockOffset });

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

interface AdminTool {
  id: string;
  clientId: string;
  platform: { issuer: string; authorizationEndpoint: string; jwksUrl: string };
}
interface LaunchStart {
  action: string;
  method: 'POST';
  fields: Record<string, string>;
}

let tool: LtiTool;
let admin: TestUser;
let teacher: TestUser;
let student: TestUser;
let outsider: TestUser;
let courseId: string;
let sectionId: string;
/** Shares neither names nor e-mail; the other shares both. */
let quiet: AdminTool;
let open: AdminTool;
let quietItem: string;
let openItem: string;

async function registerTool(name: string, share: boolean): Promise<AdminTool> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/lti/tools',
    headers: bearer(admin.token),
    payload: {
      name,
      deploymentId: `deployment-${name}`,
      loginUrl: tool.loginUrl,
      targetLinkUri: tool.launchUrl,
      jwksUrl: `${tool.origin}/keys`,
      redirectUris: [tool.launchUrl],
      shareName: share,
      shareEmail: share,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<AdminTool>();
  await tool.registerPlatform({ ...created.platform, clientId: created.clientId });
  return created;
}

async function addItem(toolId: string, title: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/sections/${sectionId}/lti-items`,
    headers: bearer(teacher.token),
    payload: { toolId, title },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  await ctx.app.listen({ port: lyceumPort, host: '127.0.0.1' });
  tool = await startLtiTool();
  admin = await createUser(ctx, 'admin');
  teacher = await createUser(ctx, 'teacher', { firstname: 'Ada', lastname: 'Lovelace' });
  student = await createUser(ctx, 'student', { firstname: 'Alan', lastname: 'Turing' });
  outsider = await createUser(ctx, 'student');
  courseId = (await createCourse(ctx, teacher.token, { status: 'published', title: 'Databases 101' })).id;
  const section = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/sections`,
    headers: bearer(teacher.token),
    payload: { title: 'Week 1' },
  });
  sectionId = section.json<{ id: string }>().id;
  const enrol = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/enrolment`,
    headers: bearer(student.token),
  });
  expect(enrol.statusCode).toBe(200);
  quiet = await registerTool('quiet', false);
  open = await registerTool('open', true);
  quietItem = await addItem(quiet.id, 'SQL sandbox');
  openItem = await addItem(open.id, 'Query visualiser');
}, 120_000);

afterAll(async () => {
  await tool?.close();
});

type Browser = ReturnType<typeof browser>;

/** An API call of the web app in browser `b`: its cookies go with it, the ones it answers are kept. */
async function apiCall(b: Browser, user: TestUser, url: string, payload?: object) {
  const cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(user.token), ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
  const set = res.headers['set-cookie'];
  for (const line of Array.isArray(set) ? set : set ? [set] : []) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    b.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return res;
}

async function startLaunch(user: TestUser, itemId: string, b: Browser = browser()) {
  return apiCall(b, user, `/api/lti/items/${itemId}/launch`);
}

/** The browser from Lyceum's launch start to the tool's login, which sends it to Lyceum's authorization endpoint. */
async function toAuthorize(user: TestUser, itemId: string, b: Browser = browser()) {
  const res = await startLaunch(user, itemId, b);
  expect(res.statusCode, res.body).toBe(200);
  const start = res.json<LaunchStart>();
  const login = await b.go(start.action, start.fields, { follow: false });
  expect(login.response.status, login.body).toBe(302);
  const authorizeUrl = new URL(login.response.headers.get('location')!);
  expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${issuer}/api/lti/authorize`);
  return { b, start, authorizeUrl };
}

/** On from the authorization endpoint: its page, then the form it posts to the tool, to the tool's handler. */
async function finish(b: Browser, authorizeUrl: URL) {
  const page = await b.go(authorizeUrl.href);
  if (page.response.status !== 200) return { page, landed: null, form: null };
  const form = formOf(page.body);
  const landed = await b.go(form.action, form.fields);
  return { page, form, landed };
}

describe('LTI 1.3 launch into ltijs', () => {
  it('a learner launches a tool that gets no names or e-mail: the tool receives the LTI claims', async () => {
    const before = tool.launches.length;
    const { b, start, authorizeUrl } = await toAuthorize(student, quietItem);
    expect(start.fields).toMatchObject({
      iss: issuer,
      client_id: quiet.clientId,
      lti_deployment_id: 'deployment-quiet',
      target_link_uri: tool.launchUrl,
    });
    // What ltijs asked for (its own choice of nonce and state).
    expect(authorizeUrl.searchParams.get('response_mode')).toBe('form_post');
    const { page, form, landed } = await finish(b, authorizeUrl);
    expect(page.response.status, page.body).toBe(200);
    expect(page.response.headers.get('content-security-policy')).toContain(`form-action ${tool.origin}`);
    expect(form!.action).toBe(tool.launchUrl);
    const header = decodeProtectedHeader(form!.fields.id_token!);
    expect(header).toMatchObject({ alg: 'RS256' });
    expect(header.kid).toEqual(expect.any(String));
    expect(landed!.response.status, landed!.body).toBe(200);
    expect(tool.launches.length).toBe(before + 1);
    const received = tool.launches.at(-1)!;
    expect(received.user).toBe(start.fields.login_hint);
    expect(received.clientId).toBe(quiet.clientId);
    expect(received.deploymentId).toBe('deployment-quiet');
    expect(received.context.messageType).toBe('LtiResourceLinkRequest');
    expect(received.context.version).toBe('1.3.0');
    expect(received.context.roles).toEqual([LEARNER]);
    expect(received.context.context).toMatchObject({ id: courseId, title: 'Databases 101' });
    expect(received.context.resource).toEqual({ id: quietItem, title: 'SQL sandbox' });
    expect(received.context.targetLinkUri).toBe(tool.launchUrl);
    expect(received.userInfo.email).toBeUndefined();
    expect(received.userInfo.name).toBeUndefined();
    // The token as sent: audience and authorised party are the tool's client_id, the nonce the one ltijs chose.
    const claims = decodeJwt(form!.fields.id_token!);
    expect(claims).toMatchObject({
      iss: issuer,
      aud: quiet.clientId,
      azp: quiet.clientId,
      nonce: authorizeUrl.searchParams.get('nonce'),
    });
    expect(claims.exp! - claims.iat!).toBe(300);
  });

  it('the course teacher launches a tool allowed names and e-mail: Instructor, with them', async () => {
    const { b, authorizeUrl } = await toAuthorize(teacher, openItem);
    const { landed } = await finish(b, authorizeUrl);
    expect(landed!.response.status, landed!.body).toBe(200);
    const received = tool.launches.at(-1)!;
    expect(received.context.roles).toEqual([INSTRUCTOR]);
    expect(received.userInfo).toMatchObject({
      email: teacher.email,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
    });
    expect(received.context.resource).toEqual({ id: openItem, title: 'Query visualiser' });
  });

  it('each tool knows a user by its own stable subject', async () => {
    const first = (await startLaunch(student, quietItem)).json<LaunchStart>().fields.login_hint;
    const again = (await startLaunch(student, quietItem)).json<LaunchStart>().fields.login_hint;
    const elsewhere = (await startLaunch(student, openItem)).json<LaunchStart>().fields.login_hint;
    expect(again).toBe(first);
    expect(elsewhere).not.toBe(first);
    expect(first).not.toContain(student.user.id);
  });

  it('nobody launches an item they may not see: a student not enrolled, another teacher', async () => {
    const otherTeacher = await createUser(ctx, 'teacher');
    expect((await startLaunch(outsider, quietItem)).statusCode).toBe(404);
    expect((await startLaunch(otherTeacher, quietItem)).statusCode).toBe(404);
  });
});

describe('LTI 1.3 authorization endpoint: tampering is refused with a reason', () => {
  async function refused(authorizeUrl: URL, b: Browser) {
    const { page } = await finish(b, authorizeUrl);
    expect(page.response.status, page.body).toBe(400);
    expect(page.body).not.toContain('id_token');
    return (JSON.parse(page.body) as { message: string }).message;
  }

  it('a nonce used once is refused the second time', async () => {
    const first = await toAuthorize(student, quietItem);
    const { landed } = await finish(first.b, first.authorizeUrl);
    expect(landed!.response.status).toBe(200);
    const second = await toAuthorize(student, quietItem);
    second.authorizeUrl.searchParams.set('nonce', first.authorizeUrl.searchParams.get('nonce')!);
    expect(await refused(second.authorizeUrl, second.b)).toContain('(nonce-reused)');
  });

  it('a login_hint of another user is refused, and the launch is used up', async () => {
    const teachers = (await startLaunch(teacher, quietItem)).json<LaunchStart>();
    const { b, authorizeUrl } = await toAuthorize(student, quietItem);
    const own = new URL(authorizeUrl);
    authorizeUrl.searchParams.set('login_hint', teachers.fields.login_hint!);
    expect(await refused(authorizeUrl, b)).toContain('(login-hint-mismatch)');
    expect(await refused(own, b)).toContain('(launch-unknown-or-used)');
  });

  it('a message hint of one user cannot be replayed, nor forged', async () => {
    const { b, authorizeUrl } = await toAuthorize(student, quietItem);
    const copy = new URL(authorizeUrl);
    const { landed } = await finish(b, authorizeUrl);
    expect(landed!.response.status).toBe(200);
    copy.searchParams.set('nonce', 'a-fresh-nonce-for-the-replay');
    expect(await refused(copy, b)).toContain('(launch-unknown-or-used)');
    const forged = await toAuthorize(student, quietItem);
    const [body = ''] = forged.authorizeUrl.searchParams.get('lti_message_hint')!.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const other = Buffer.from(JSON.stringify({ ...claims, u: teacher.user.id })).toString('base64url');
    forged.authorizeUrl.searchParams.set(
      'lti_message_hint',
      `${other}.${forged.authorizeUrl.searchParams.get('lti_message_hint')!.split('.')[1]}`,
    );
    expect(await refused(forged.authorizeUrl, forged.b)).toContain('(hint-invalid)');
  });

  it("a hint is taken only in the browser that began the launch: not in another user's, not in a fresh one", async () => {
    const { b, authorizeUrl } = await toAuthorize(student, quietItem);
    // The teacher's browser (with its own launch cookie), then a browser that never began a launch.
    const teachers = browser();
    expect((await startLaunch(teacher, quietItem, teachers)).statusCode).toBe(200);
    const before = tool.launches.length;
    expect(await refused(authorizeUrl, teachers)).toContain('(browser-mismatch)');
    expect(await refused(authorizeUrl, browser())).toContain('(browser-mismatch)');
    // Checked before the launch is spent: the student's own browser still launches, once.
    const { landed } = await finish(b, authorizeUrl);
    expect(landed!.response.status, landed!.body).toBe(200);
    expect(tool.launches.length).toBe(before + 1);
    expect(await refused(authorizeUrl, b)).toContain('(launch-unknown-or-used)');
    expect(tool.launches.length).toBe(before + 1);
  });

  it('another user signing in the same browser after the launch began: its hint is refused', async () => {
    const shared = browser();
    const { authorizeUrl } = await toAuthorize(student, quietItem, shared);
    // The teacher begins a launch in that browser: the cookie is now the teacher's.
    expect((await startLaunch(teacher, openItem, shared)).statusCode).toBe(200);
    expect(await refused(authorizeUrl, shared)).toContain('(browser-mismatch)');
  });

  it('a hint of the user who signed out since is refused', async () => {
    const leaver = await createUser(ctx, 'student');
    const enrol = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/enrolment`,
      headers: bearer(leaver.token),
    });
    expect(enrol.statusCode).toBe(200);
    const { b, authorizeUrl } = await toAuthorize(leaver, quietItem);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(leaver.token) });
    expect(out.statusCode).toBe(200);
    expect(await refused(authorizeUrl, b)).toContain('(session-ended)');
  });

  it('a hint for another item (forged) or presented by another tool is refused, nothing launched', async () => {
    const before = tool.launches.length;
    const forged = await toAuthorize(student, quietItem);
    const [body = '', mac = ''] = forged.authorizeUrl.searchParams.get('lti_message_hint')!.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const other = Buffer.from(JSON.stringify({ ...claims, i: openItem })).toString('base64url');
    forged.authorizeUrl.searchParams.set('lti_message_hint', `${other}.${mac}`);
    expect(await refused(forged.authorizeUrl, forged.b)).toContain('(hint-invalid)');
    // The quiet item's hint, brought by the other tool (its client_id and its subject of the student).
    const { b, authorizeUrl } = await toAuthorize(student, quietItem);
    const opens = (await startLaunch(student, openItem, b)).json<LaunchStart>();
    authorizeUrl.searchParams.set('client_id', open.clientId);
    authorizeUrl.searchParams.set('lti_deployment_id', 'deployment-open');
    authorizeUrl.searchParams.set('login_hint', opens.fields.login_hint!);
    expect(await refused(authorizeUrl, b)).toContain('(launch-unknown-or-used)');
    expect(tool.launches.length).toBe(before);
  });

  it('a hint past its 5 minutes is refused', async () => {
    const { b, authorizeUrl } = await toAuthorize(student, quietItem);
    clockOffset = 5 * 60 * 1000 + 1000;
    try {
      expect(await refused(authorizeUrl, b)).toContain('(hint-expired)');
    } finally {
      clockOffset = 0;
    }
  });

  it('an unregistered redirect_uri gets no token', async () => {
    const { b, authorizeUrl } = await toAuthorize(student, quietItem);
    authorizeUrl.searchParams.set('redirect_uri', `${tool.origin}/elsewhere`);
    expect(await refused(authorizeUrl, b)).toContain('(redirect-uri-not-registered)');
  });

  it('an unknown client_id is refused', async () => {
    const { b, authorizeUrl } = await toAuthorize(student, quietItem);
    authorizeUrl.searchParams.set('client_id', 'no-such-client');
    expect(await refused(authorizeUrl, b)).toContain('(unknown-client)');
  });

  it('the admin sees the refusals with their reasons', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/lti/attempts', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const reasons = res.json<{ reason: string; outcome: string }[]>().map((a) => a.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'launched',
        'nonce-reused',
        'login-hint-mismatch',
        'launch-unknown-or-used',
        'hint-invalid',
        'redirect-uri-not-registered',
        'browser-mismatch',
        'session-ended',
        'hint-expired',
      ]),
    );
  });
});

describe('LTI platform keys', () => {
  async function jwks(): Promise<JSONWebKeySet> {
    const res = await fetch(`${issuer}/api/lti/jwks`);
    expect(res.status).toBe(200);
    return (await res.json()) as JSONWebKeySet;
  }
  async function rotate() {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/lti/keys/rotate',
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ currentKid: string; previousKid: string }>();
  }

  it('a launch in flight during a rotation still reaches the tool; two rotations later its key is gone', async () => {
    const { b, authorizeUrl } = await toAuthorize(student, quietItem);
    const page = await b.go(authorizeUrl.href);
    const form = formOf(page.body);
    const signedWith = decodeProtectedHeader(form.fields.id_token!).kid;
    const rotated = await rotate();
    expect(rotated.previousKid).toBe(signedWith);
    const keys = await jwks();
    expect(keys.keys.map((k) => k.kid)).toEqual([rotated.currentKid, signedWith]);
    expect(keys.keys.every((k) => k.kty === 'RSA' && k.alg === 'RS256' && !('d' in k))).toBe(true);
    // The tool fetches the JWKS and verifies the token signed with the previous key.
    const before = tool.launches.length;
    const landed = await b.go(form.action, form.fields);
    expect(landed.response.status, landed.body).toBe(200);
    expect(tool.launches.length).toBe(before + 1);
    await expect(jwtVerify(form.fields.id_token!, createLocalJWKSet(keys), { issuer })).resolves.toBeTruthy();
    // New launches are signed with the new key.
    const next = await toAuthorize(student, quietItem);
    const nextPage = await next.b.go(next.authorizeUrl.href);
    expect(decodeProtectedHeader(formOf(nextPage.body).fields.id_token!).kid).toBe(rotated.currentKid);
    await rotate();
    await expect(jwtVerify(form.fields.id_token!, createLocalJWKSet(await jwks()), { issuer })).rejects.toThrow();
  });
});

describe('LTI tool registration', () => {
  it('the admin registers, reads, changes and removes a tool; a tool needs a key source, a key must be public', async () => {
    const base = {
      name: 'Sandbox',
      deploymentId: 'd1',
      loginUrl: 'https://tool.example/login',
      targetLinkUri: 'https://tool.example/launch',
      redirectUris: ['https://tool.example/launch'],
    };
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/lti/tools', headers: bearer(admin.token), payload });
    expect((await post(base)).statusCode).toBe(400);
    // Outside production http:// is allowed to a loopback host only (ltijs here is on 127.0.0.1).
    const plain = await post({ ...base, jwksUrl: 'http://tool.example/jwks' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json<{ message: string }>().message).toMatch(/^jwksUrl must be an https:\/\//);
    const badKey = await post({ ...base, publicKey: 'not a key' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).toContain('publicKey');
    const created = await post({ ...base, jwksUrl: 'https://tool.example/jwks' });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<AdminTool & { shareEmail: boolean; redirectUris: string[] }>();
    expect(row.clientId).toMatch(/^[\w-]{20,}$/);
    expect(row.shareEmail).toBe(false);
    expect(row.platform).toEqual({
      issuer,
      authorizationEndpoint: `${issuer}/api/lti/authorize`,
      jwksUrl: `${issuer}/api/lti/jwks`,
    });
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/lti/tools/${row.id}`,
      headers: bearer(admin.token),
      payload: { shareEmail: true, jwksUrl: '' },
    });
    expect(patched.statusCode).toBe(400);
    const shared = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/lti/tools/${row.id}`,
      headers: bearer(admin.token),
      payload: { shareEmail: true },
    });
    expect(shared.json()).toMatchObject({ shareEmail: true, clientId: row.clientId });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/lti/tools', headers: bearer(admin.token) });
    expect(list.json<AdminTool[]>().map((t) => t.id)).toContain(row.id);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/lti/tools/${row.id}`,
      headers: bearer(admin.token),
    });
    expect(gone.statusCode).toBe(204);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/lti/tools/${row.id}`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it("a teacher adds tool items only to their own course's sections, and lists them", async () => {
    const otherTeacher = await createUser(ctx, 'teacher');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/sections/${sectionId}/lti-items`,
      headers: bearer(otherTeacher.token),
      payload: { toolId: quiet.id, title: 'Not mine' },
    });
    expect(res.statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/lti-items`,
      headers: bearer(teacher.token),
    });
    expect(list.json<{ id: string; toolName: string }[]>()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: quietItem, toolName: 'quiet' }),
        expect.objectContaining({ id: openItem, toolName: 'open' }),
      ]),
    );
  });
});

describe('LTI Deep Linking 2.0', () => {
  const deepLink = (user: TestUser, toolId: string, b: Browser = browser()) =>
    apiCall(b, user, `/api/courses/${courseId}/sections/${sectionId}/lti-deep-linking`, { toolId });
  const items = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/lti-items`, headers: bearer(teacher.token) })
    ).json<{ id: string; title: string; targetLinkUri: string; toolId: string }[]>();
  const postReturn = (jwt: string) =>
    fetch(`${issuer}/api/lti/deep-linking/return`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: jwt }).toString(),
    });

  it('the teacher picks two links in ltijs: they become items of the section, and a learner launches one', async () => {
    tool.deepLinkItems.splice(
      0,
      Infinity,
      { type: 'ltiResourceLink', title: 'Joins drill', url: `${tool.launchUrl}?exercise=joins` },
      { type: 'ltiResourceLink', title: 'Indexes drill', url: `${tool.launchUrl}?exercise=indexes` },
    );
    const b = browser();
    const res = await deepLink(teacher, quiet.id, b);
    expect(res.statusCode, res.body).toBe(200);
    const start = res.json<LaunchStart>();
    const login = await b.go(start.action, start.fields, { follow: false });
    const { landed } = await finish(b, new URL(login.response.headers.get('location')!));
    // ltijs validated the deep linking request and answered its auto-posting form back to Lyceum.
    const request = tool.launches.at(-1)!;
    expect(request.context.messageType).toBe('LtiDeepLinkingRequest');
    expect(request.context.roles).toEqual([INSTRUCTOR]);
    expect(request.context.deepLinkingSettings).toMatchObject({
      deep_link_return_url: `${issuer}/api/lti/deep-linking/return`,
      accept_types: ['ltiResourceLink'],
      title: 'Week 1',
    });
    const answer = formOf(landed!.body);
    expect(answer.action).toBe(`${issuer}/api/lti/deep-linking/return`);
    const back = await b.go(answer.action, answer.fields);
    expect(back.response.status, back.body).toBe(200);
    expect(back.body).toContain('2 item(s) added');
    const added = (await items()).filter((i) => i.title.endsWith('drill'));
    expect(added.map((i) => [i.title, i.targetLinkUri])).toEqual([
      ['Joins drill', `${tool.launchUrl}?exercise=joins`],
      ['Indexes drill', `${tool.launchUrl}?exercise=indexes`],
    ]);
    // The same response again: its nonce is spent.
    const replay = await postReturn(answer.fields.JWT!);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('(nonce-reused)');
    // A learner launches the new item: the tool gets its link and title.
    const { b: lb, authorizeUrl } = await toAuthorize(student, added[0]!.id);
    const launched = await finish(lb, authorizeUrl);
    expect(launched.landed!.response.status, launched.landed!.body).toBe(200);
    expect(tool.launches.at(-1)!.context).toMatchObject({
      messageType: 'LtiResourceLinkRequest',
      targetLinkUri: `${tool.launchUrl}?exercise=joins`,
      resource: { id: added[0]!.id, title: 'Joins drill' },
      roles: [LEARNER],
    });
  });

  it('only the course teacher (or an admin) may begin one', async () => {
    const otherTeacher = await createUser(ctx, 'teacher');
    expect((await deepLink(otherTeacher, quiet.id)).statusCode).toBe(403);
  });

  describe('a response Lyceum must refuse', () => {
    /** A tool registered with a public key the test holds: it signs responses as a forging tool would. */
    let keyed: AdminTool;
    let privateKey: SigningKey;
    let otherKey: SigningKey;
    let data: string;

    beforeAll(async () => {
      const pair = await generateKeyPair('RS256', { extractable: true });
      privateKey = pair.privateKey;
      otherKey = (await generateKeyPair('RS256')).privateKey;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/lti/tools',
        headers: bearer(admin.token),
        payload: {
          name: 'keyed',
          deploymentId: 'deployment-keyed',
          loginUrl: 'https://keyed.example/login',
          targetLinkUri: 'https://keyed.example/launch',
          publicKey: JSON.stringify(await exportJWK(pair.publicKey)),
          redirectUris: ['https://keyed.example/launch'],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      keyed = res.json<AdminTool>();
      // The tool's side of the login, by hand: the authentication request to Lyceum, whose id_token holds `data`.
      const b = browser();
      const start = (await deepLink(teacher, keyed.id, b)).json<LaunchStart>();
      const authorize = new URL(`${issuer}/api/lti/authorize`);
      for (const [name, value] of Object.entries({
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: keyed.clientId,
        redirect_uri: 'https://keyed.example/launch',
        login_hint: start.fields.login_hint!,
        lti_message_hint: start.fields.lti_message_hint!,
        nonce: 'keyed-nonce-1',
        state: 'keyed-state',
      })) {
        authorize.searchParams.set(name, value);
      }
      const page = await b.go(authorize.href);
      expect(page.response.status, page.body).toBe(200);
      const claims = decodeJwt(formOf(page.body).fields.id_token!);
      data = (claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] as { data: string }).data;
    });

    const response = (overrides: { aud?: string; nonce?: string; data?: string; iat?: number; exp?: number } = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        nonce: overrides.nonce ?? `n-${Math.random()}`,
        'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
        'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
        'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-keyed',
        'https://purl.imsglobal.org/spec/lti-dl/claim/data': overrides.data ?? data,
        'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
          { type: 'ltiResourceLink', title: 'Keyed link', url: 'https://keyed.example/launch?x=1' },
        ],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(keyed.clientId)
        .setAudience(overrides.aud ?? issuer)
        .setIssuedAt(overrides.iat ?? now)
        .setExpirationTime(overrides.exp ?? now + 60);
    };
    const reasonOf = async (jwt: string) => {
      const res = await postReturn(jwt);
      return `${res.status} ${(JSON.parse(await res.text()) as { message: string }).message}`;
    };

    it('unreadable, signed by another key, for another audience, expired, or with data Lyceum never sent', async () => {
      const before = (await items()).length;
      expect(await reasonOf('not.a.jwt')).toMatch(/^400 .*\(invalid-message\)/);
      expect(await reasonOf(await response().sign(otherKey))).toMatch(/^400 .*\(bad-signature\)/);
      expect(await reasonOf(await response({ aud: 'https://other-platform.example' }).sign(privateKey))).toMatch(
        /^400 .*\(wrong-audience\)/,
      );
      const old = Math.floor(Date.now() / 1000) - 3600;
      expect(await reasonOf(await response({ iat: old, exp: old + 60 }).sign(privateKey))).toMatch(
        /^400 .*\(token-expired\)/,
      );
      expect(await reasonOf(await response({ data: `${data.split('.')[0]}.forged` }).sign(privateKey))).toMatch(
        /^400 .*\(data-invalid\)/,
      );
      expect((await items()).length).toBe(before);
    });

    it('a good response adds its item once; the same data again is refused', async () => {
      const ok = await postReturn(await response().sign(privateKey));
      expect(ok.status, await ok.text()).toBe(200);
      expect((await items()).filter((i) => i.toolId === keyed.id).map((i) => i.title)).toEqual(['Keyed link']);
      expect(await reasonOf(await response().sign(privateKey))).toMatch(/^400 .*\(data-used\)/);
    });
  });
});
