import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expect, logIn, test, uniqueEmail, waitForApp } from './support';

/**
 * The installable app (issue 49.5, ADR 071): Chromium finds it installable; its service worker opens the lesson a
 * student was reading when the network is gone, and never hands one user's kept lesson to the next user.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 150_000 });

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function registerStudent(request: APIRequestContext, name: string) {
  const account = { email: uniqueEmail(name), password: 'a-long-enough-password-1' };
  const response = await request.post('/api/auth/register', {
    data: { ...account, firstname: name, lastname: 'Learner', phone: '+1 555 0100', role: 'student' },
  });
  expect(response.status()).toBe(201);
  return account;
}

/** A published course with one lesson, a student enrolled in it. */
async function setUp(request: APIRequestContext) {
  const teacher = { authorization: `Bearer ${await tokenOf(request, DEMO.teacher)}` };
  const post = async <T>(url: string, data: unknown, headers = teacher) => {
    const response = await request.post(url, { headers, data });
    expect(response.ok(), url).toBe(true);
    return (await response.json()) as T;
  };
  const course = await post<{ id: string }>('/api/courses', {
    title: `Tides and moons ${Math.random().toString(36).slice(2, 8)}`,
    category: 'Design',
    status: 'published',
  });
  const section = await post<{ id: string }>(`/api/courses/${course.id}/sections`, { title: 'The sea' });
  const lesson = await post<{ id: string }>(`/api/courses/${course.id}/sections/${section.id}/lessons`, {
    title: 'Why the tide turns',
    published: true,
    durationMinutes: 10,
    bodyHtml: '<p>The moon pulls the ocean towards it, twice a day.</p>',
  });
  const student = await registerStudent(request, 'Maren');
  await post(`/api/courses/${course.id}/enrolment`, undefined, {
    authorization: `Bearer ${await tokenOf(request, student)}`,
  });
  return { student, url: `/learn/${course.id}/${lesson.id}`, api: `/api/courses/${course.id}/lessons/${lesson.id}` };
}

/** Resolves once the service worker controls the page. */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('Chromium finds Lyceum installable: a manifest with its icons and a service worker', async ({
  baseURL,
}, testInfo) => {
  // Test contexts are incognito, where Chromium installs nothing ("in-incognito"): a profile of its own on disk.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'lyceum-pwa-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, { ...launch, baseURL, serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForApp(page);
    await controlled(page);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    expect(await manifest.json()).toMatchObject({ name: 'Lyceum', display: 'standalone', start_url: '/' });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the lesson a student was reading opens offline; after logout the next user never gets it', async ({
  page,
  context,
  request,
}) => {
  const { student, url, api } = await setUp(request);
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(url);
  await waitForApp(page);
  await controlled(page);
  // Read once with the service worker in control: the lesson is kept for this student.
  await page.reload();
  await waitForApp(page);
  const body = page.getByText('The moon pulls the ocean towards it, twice a day.');
  await expect(body).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Why the tide turns' })).toBeVisible();
  await expect(body).toBeVisible();
  await context.setOffline(false);

  // Logged out: what was kept for them is gone; the next user, offline, gets nothing of it.
  await page.goto('/student');
  await page.getByRole('navigation', { name: 'Student area' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => caches.has('lyceum-learner'))).toBe(false);
  const other = await registerStudent(request, 'Oskar');
  const otherToken = await tokenOf(request, other);
  const enrolled = await request.post(`${api.split('/lessons/')[0]!}/enrolment`, {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(enrolled.ok()).toBe(true);
  await context.setOffline(true);
  const answer = await page.evaluate(
    ([address, token]) =>
      fetch(address!, { headers: { authorization: `Bearer ${token}` } }).then(
        (response) => response.status,
        () => 'unreachable',
      ),
    [api, otherToken],
  );
  expect(answer).toBe('unreachable');
  await context.setOffline(false);

  // The next user signs in here, enrolled in the same course, reads nothing, and goes offline: the lesson is not
  // shown to them from what was kept for the first.
  await logIn(page, other.email, other.password);
  await page.waitForURL(/\/student/);
  await context.setOffline(true);
  await page.goto(url).catch(() => undefined);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Why the tide turns' })).toHaveCount(0);
  await expect(body).toHaveCount(0);
  await context.setOffline(false);
});

test('a session the server ends (logout everywhere) clears what was kept for it, without a Logout click', async ({
  page,
  context,
  request,
}) => {
  const { student, url } = await setUp(request);
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(url);
  await waitForApp(page);
  await controlled(page);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByText('The moon pulls the ocean towards it, twice a day.')).toBeVisible();
  await expect.poll(() => page.evaluate(() => caches.has('lyceum-learner'))).toBe(true);

  // Ended from another device: every token of the account answers 401 from now on.
  const ended = await request.post('/api/me/logout-everywhere', {
    headers: { authorization: `Bearer ${await tokenOf(request, student)}` },
  });
  expect(ended.ok()).toBe(true);
  // The page's next call is refused: the app asks for a login, and the kept lesson is gone.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => caches.has('lyceum-learner'))).toBe(false);
  await context.setOffline(true);
  await page.goto(url).catch(() => undefined);
  await expect(page.getByText('The moon pulls the ocean towards it, twice a day.')).toHaveCount(0);
  await context.setOffline(false);
});
