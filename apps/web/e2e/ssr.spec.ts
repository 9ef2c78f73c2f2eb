import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, test } from './support';

/*
 * Server rendering (ADR 014): public pages arrive as HTML with their data, the browser takes them over without
 * rebuilding them, and signed-in visitors get their own page.
 */

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Remembers the elements the server sent, before any script runs, to check later that they are still in place. */
async function rememberServerElements(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      (window as unknown as { serverElements: Element[] }).serverElements = Array.from(
        root?.querySelectorAll('*') ?? [],
      );
    });
  });
}

test.describe('server-rendered public pages', () => {
  test('a visitor without JavaScript reads the catalogue, the forum and the blog', async ({ browser, request }) => {
    const courses = (await (await request.get('/api/courses?pageSize=3')).json()) as { items: { title: string }[] };
    const questions = (await (await request.get('/api/forum/questions')).json()) as { items: { question: string }[] };
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const course of courses.items) await expect(page.getByText(course.title).first()).toBeVisible();

    await page.goto('/forum');
    await expect(page.getByRole('link', { name: questions.items[0]!.question }).first()).toBeVisible();

    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await context.close();
  });

  test('a form takes no input before the page is live, so nothing typed is lost or sent in the address', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Login' });
    // Until the page is live its fields take no input and its button sends nothing.
    await expect(form.getByLabel('Email')).toBeDisabled();
    await expect(form.getByLabel('Password')).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Login' })).toBeDisabled();
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });

  test('the browser takes over each page without rebuilding it, and the page then answers input', async ({ page }) => {
    await rememberServerElements(page);
    for (const url of ['/', '/courses', '/forum', '/blog', '/aboutUs', '/login']) {
      await page.goto(url);
      const [kept, total] = await page.evaluate(() => {
        const elements = (window as unknown as { serverElements: Element[] }).serverElements;
        return [elements.filter((element) => element.isConnected).length, elements.length];
      });
      expect(total, url).toBeGreaterThan(50);
      expect(kept, `${url}: server elements still in place`).toBe(total);
    }

    await page.goto('/courses');
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('design');
    await expect(page).toHaveURL(/q=design/);
  });

  test('a page paints before its scripts are requested, so they do not hold the first paint back', async ({ page }) => {
    for (const url of ['/', '/courses', '/login']) {
      await page.goto(url);
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(paint, url).not.toBeNull();
      expect(scripts.length, url).toBeGreaterThan(3);
      expect(Math.min(...scripts), url).toBeGreaterThanOrEqual(paint!);
    }
  });

  test('an address that is no page answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('We could not find that page', { exact: false })).toBeVisible();
  });

  test('text from users cannot break out of the page state', async ({ page, request }) => {
    const token = await tokenOf(request, DEMO.student.email, DEMO.student.password);
    const question = `Why does </script><script>window.injected=1</script> show up? ${Date.now()}`;
    const created = await request.post('/api/forum/questions', {
      headers: { authorization: `Bearer ${token}` },
      data: { question, description: 'It appears in my <!-- page --> as text.', tags: ['html'] },
    });
    expect(created.status()).toBe(201);

    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto('/forum');
    await expect(page.getByRole('link', { name: question }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect(dialogs).toBe(0);
  });

  test('a signed-in student gets their own home page, not the visitor page the server rendered', async ({ page }) => {
    await logIn(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/student/);
    await page.goto('/');
    await expect(page.getByText('Welcome back, ready for your next lesson?')).toBeVisible();
  });

  test('every public page has no axe violations for a signed-in student either', async ({ page, request }) => {
    test.setTimeout(120_000); // six pages, each loaded and audited
    const courses = (await (await request.get('/api/courses?pageSize=1')).json()) as { items: { id: string }[] };
    await logIn(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/student/);
    for (const url of ['/', '/courses', `/course-details/${courses.items[0]!.id}`, '/forum', '/blog', '/aboutUs']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
});
