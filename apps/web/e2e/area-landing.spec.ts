import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, waitForApp } from './support';

/*
 * Role landings (issue 15.8, ADR 014): the server sends /student, /teacher and /admin as the area's shell — header,
 * navigation, title and skeletons, nothing of the user — which paints before the area's code arrives; the browser
 * hydrates it, then fills in the user and the dashboard.
 */

const ROLES = ['student', 'teacher', 'admin'] as const;
const NAV_LABEL = { student: 'Student area', teacher: 'Teacher area', admin: 'Admin area' } as const;
const FIRST_NAMES = { student: 'Liam', teacher: 'Grace', admin: 'Ada' } as const;
const WIDTHS = [1280, 390] as const;

/**
 * The landing as its first paint shows it: the server's shell styled by the CSS inlined in it alone, with the app's
 * scripts and the rest of its stylesheet held back.
 */
async function openShellOnly(browser: Browser, url: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route(/\/assets\/.+\.(js|css)$/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** Remembers the elements the server sent, before any script runs, to check later that hydration kept them. */
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

test.describe('role landings', () => {
  test('the HTML of /teacher carries the area shell: navigation, title, skeletons, and nothing of a user', async ({
    request,
  }) => {
    // The server never sees a session on a navigation; a signed-in teacher's request is the same request.
    const response = await request.get('/teacher', { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`aria-label="${NAV_LABEL.teacher}"`);
    for (const label of ['Dashboard', 'My Courses', 'Classes', 'My Account', 'Questions &amp; Answer', 'Logout']) {
      expect(html, label).toContain(`>${label}<`);
    }
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(html).toContain('Welcome back. Here is how your courses are doing.');
    expect(html).toContain('Loading the dashboard…');
    expect(html).not.toContain('Grace');
    expect(html).not.toContain('Hopper');
    expect(/<header[\s\S]*?<\/header>/.exec(html)?.[0]).not.toMatch(/>Login<|Sign Up/);
    // The area's code is preloaded with the entry, once the shell has painted.
    expect(html).toMatch(/data-preload="[^"]*\/assets\/teacher-area-[^"]+\.js/);
  });

  for (const role of ROLES) {
    test(`the ${role} landing paints the shell before its scripts, hydrates it, then shows the user and the data`, async ({
      page,
    }) => {
      await logIn(page, DEMO[role].email, DEMO[role].password);
      await expect(page).toHaveURL(new RegExp(`/${role}/?$`));
      await rememberServerElements(page);
      await page.goto(`/${role}`);

      // The first paint came before any script was requested.
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(paint).not.toBeNull();
      expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint!);

      // Hydrated, not rebuilt: the header, the navigation and the title the server sent are still the page's.
      const kept = await page.evaluate(() => {
        const elements = (window as unknown as { serverElements: Element[] }).serverElements;
        const stillThere = (selector: string) =>
          elements.filter((element) => element.matches(selector)).every((element) => element.isConnected);
        return {
          header: stillThere('header a'),
          nav: stillThere(`nav[aria-label] a`),
          title: stillThere('h1'),
        };
      });
      expect(kept).toEqual({ header: true, nav: true, title: true });

      await expect(page.getByText(`Welcome back, ${FIRST_NAMES[role]}.`)).toBeVisible();
      await expect(page.getByRole('navigation', { name: NAV_LABEL[role] })).toBeAttached();
      await expect(page.getByRole('group').first()).toBeVisible();
      await expect(page.getByText('Loading the dashboard…')).toHaveCount(0);
    });
  }

  test('a visitor opening /student sees the shell, is told to log in first, and returns there after login', async ({
    page,
  }) => {
    await page.goto('/student');
    await expect(page.getByText('please login first')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await waitForApp(page);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(DEMO.student.email);
    await form.getByLabel('Password').fill(DEMO.student.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/student\/?$/);
    await expect(page.getByText(`Welcome back, ${FIRST_NAMES.student}.`)).toBeVisible();
  });

  test('a teacher opening /admin is sent to their own area from the shell', async ({ page }) => {
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/teacher\/?$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/teacher\/?$/);
    await expect(page.getByText(`Welcome back, ${FIRST_NAMES.teacher}.`)).toBeVisible();
  });

  for (const width of WIDTHS) {
    for (const role of ROLES) {
      test(`the ${role} landing at ${width}px: first paint and with its data, both without axe violations`, async ({
        page,
        browser,
      }) => {
        test.setTimeout(120_000); // two pages, a login and two audits
        const shell = await openShellOnly(browser, `/${role}`, width);
        await expect(shell.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await expectNoAxeViolations(shell);
        await screenshot(shell, `area-${role}-first-paint-${width}`);
        await shell.context().close();

        await page.setViewportSize({ width, height: 900 });
        await logIn(page, DEMO[role].email, DEMO[role].password);
        await expect(page).toHaveURL(new RegExp(`/${role}/?$`));
        await page.goto(`/${role}`);
        await expect(page.getByText(`Welcome back, ${FIRST_NAMES[role]}.`)).toBeVisible();
        await expect(page.getByText(/^Loading (the dashboard|your courses)…$/)).toHaveCount(0);
        await expectNoAxeViolations(page);
        await screenshot(page, `area-${role}-${width}`);
      });
    }
  }
});
