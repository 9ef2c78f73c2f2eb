import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@lyceum.example', password: 'lyceum-admin-2026', username: 'Ada Admin' },
  teacher: { email: 'grace@lyceum.example', password: 'lyceum-teacher-2026', username: 'Grace Hopper' },
  student: { email: 'student1@lyceum.example', password: 'lyceum-student-2026', username: 'Liam Carter' },
} as const;

/** Resolves once the app has taken over the page (`html[data-ready]`, set after hydration or the first render). */
export async function waitForApp(page: Page) {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/**
 * Fails a test on any console error or uncaught page error, like a user would notice a broken page.
 * Public pages arrive rendered by the server and answer input only once hydrated: `page.goto` and `page.reload`
 * wait for the app, as a person waits for a page to finish loading before using it.
 */
/**
 * Each worker has its own server and database (playwright.config.ts): files running side by side never see each
 * other's data, as when they ran one after the other. A spec on Playwright's own `test` extends it with this.
 */
export const workerServer = {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use: (url: string) => Promise<void>, testInfo: TestInfo) => use(serverUrl(testInfo)),
};

export const test = base.extend<{ consoleErrors: string[] }>({
  ...workerServer,
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A 401/404 answer that the page handles is logged by Chromium as a failed resource; it is not a page error.
        if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The server of this test's worker: the project's ports (its metadata), one per parallel worker. */
export function serverUrl(testInfo: TestInfo = test.info()): string {
  const ports = (testInfo.project.metadata as { serverPorts: number[] }).serverPorts;
  return `http://127.0.0.1:${ports[testInfo.parallelIndex % ports.length]}`;
}

/** The outbox of this worker's server (start-server.mjs names its data dir): mails land there without SMTP_URL. */
function outboxDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const port = new URL(serverUrl()).port;
  return path.join(readFileSync(path.join(here, '.artifacts', `data-dir-${port}.txt`), 'utf8').trim(), 'outbox');
}

/** Undoes quoted-printable transfer encoding (soft line breaks, =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every mail the server has written so far, newest first, decoded; none before the first one is written. */
export function sentMails(): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((name) => decodeQuotedPrintable(readFileSync(path.join(outboxDir(), name), 'utf8')));
}

/**
 * Resolves once the transitions under way have ended (a drawer sliding in, a dialog fading in), after the next frame
 * so that one just mounted has started. Endless animations (skeletons, loaders) do not count.
 */
export async function transitionsEnded(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Picks an item of the open menu from the keyboard (focus, Enter). A click scrolls the item into view first, and when
 * that scroll gives the menu more room on its other side, Floating UI flips it: the click then lands on the page
 * beside it, which closes the menu (a hang seen in courses.spec on a loaded machine, 7 Dec).
 */
export async function pickMenuItem(page: Page, name: string) {
  await page.getByRole('menuitem', { name }).press('Enter');
}

/**
 * No axe violations on the page as it rests: colours read mid-fade would be wrong. Text in exactly its
 * background's colour counts too: axe files a 1:1 contrast under "incomplete" (it may be text hidden on purpose),
 * not under violations — which is how the Accepted answer badge, teal on teal, passed these checks (issue 15).
 */
export async function expectNoAxeViolations(page: Page) {
  await transitionsEnded(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations', 'incomplete'] })
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const invisibleText = results.incomplete
    .filter((rule) => rule.id === 'color-contrast')
    .flatMap((rule) => rule.nodes)
    .filter((node) =>
      node.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'equalRatio'),
    )
    .map((node) => `color-contrast (1:1, text in its background's colour): ${node.target.join(' ')}`);
  expect([...summary, ...invisibleText]).toEqual([]);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Fills and submits the login form. It returns once the form is sent, not once the login has finished: wait for its
 * outcome (the role's address, or the error) before opening another address, or the login request is cut off.
 */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await waitForApp(page); // pages of contexts made in a test do not have the fixture's waiting goto
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/**
 * A full-page capture, taken from the top: Chromium paints the fixed header and the role areas' fixed sidebar where
 * the window stood, so a capture of a scrolled page showed them in the middle of the image.
 */
export async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/.artifacts/screenshots/${name}.png`, fullPage: true });
}

/**
 * The page as a phone and a desktop see it: at 1280 and 390 px wide, from the top, once transitions have ended, the
 * page is no wider than the screen (a wide table scrolls inside its frame, not the whole page), axe finds nothing, and
 * a full-page screenshot is kept as `<name>-<width>.png`. Leaves the viewport at 1280 px.
 */
export async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await transitionsEnded(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `the page at ${width} px is wider than the screen`,
      })
      .toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Back at the desktop width the layout moves (sidebar, menus re-placed): the next click waits until it rests.
  await transitionsEnded(page);
}
