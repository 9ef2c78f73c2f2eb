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
});
