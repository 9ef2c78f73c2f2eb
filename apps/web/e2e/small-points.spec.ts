import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, transitionsEnded } from './support';

test.describe.configure({ timeout: 120_000 });

/** The fixed header's height: controls scrolled under it are the header's business, not the floating button's. */
const HEADER_HEIGHT = 72;

async function teacherHeaders(request: APIRequestContext) {
  const response = await request.post('/api/auth/login', { data: DEMO.teacher });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/**
 * The controls in the window whose middle something else covers (a floating button, a bar): each is named by its
 * text and the element on top. Controls under the fixed header are left out.
 */
async function coveredControls(page: Page) {
  return page.evaluate((headerHeight) => {
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])',
    );
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y < headerHeight || y > window.innerHeight || x < 0 || x > window.innerWidth) continue;
      const top = document.elementFromPoint(x, y);
      if (top && top !== control && !control.contains(top) && !top.contains(control))
        covered.push(
          `${control.textContent?.trim() || control.getAttribute('aria-label')} under ${top.outerHTML.slice(0, 80)}`,
        );
    }
    return covered;
  }, HEADER_HEIGHT);
}

/** WCAG contrast of a badge's text against what is painted behind it (its own background, else its ancestors'). */
async function badgeContrast(page: Page, label: string) {
  const badge = page.locator('.mantine-Badge-root', { hasText: new RegExp(`^${label}$`) }).first();
  await expect(badge).toBeVisible();
  return badge.evaluate((element) => {
    const parse = (value: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a: value.startsWith('rgba') ? a : 1 };
    };
    // The backgrounds from the badge outwards, composited until one is opaque (white under everything).
    const layers: { r: number; g: number; b: number; a: number }[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const layer = parse(getComputedStyle(node).backgroundColor);
      if (layer.a > 0) layers.push(layer);
      if (layer.a === 1) break;
    }
    let under = { r: 255, g: 255, b: 255 };
    for (const layer of layers.reverse())
      under = {
        r: layer.r * layer.a + under.r * (1 - layer.a),
        g: layer.g * layer.a + under.g * (1 - layer.a),
        b: layer.b * layer.a + under.b * (1 - layer.a),
      };
    const text = parse(getComputedStyle(element).color);
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const [light, dark] = [luminance(text), luminance(under)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
}

test('the curriculum editor’s Published and Free preview badges are readable (AA contrast), at 1280 and 390 px', async ({
  page,
  request,
}) => {
  const headers = await teacherHeaders(request);
  const post = async <T>(url: string, data: unknown) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), url).toBe(201);
    return (await response.json()) as T;
  };
  const course = await post<{ id: string }>('/api/courses', {
    title: `Badge contrast ${Math.random().toString(36).slice(2, 8)}`,
    category: 'Design',
    status: 'published',
  });
  const section = await post<{ id: string }>(`/api/courses/${course.id}/sections`, { title: 'Materials' });
  const lessons = `/api/courses/${course.id}/sections/${section.id}/lessons`;
  await post(lessons, { title: 'Choosing paper', published: true, preview: true, durationMinutes: 10 });
  await post(lessons, { title: 'Mixing colours', published: false, durationMinutes: 10 });

  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher/);
  await page.goto(`/teacher/courses/${course.id}/curriculum`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await transitionsEnded(page);
    for (const label of ['Published', 'Free preview', 'Draft'])
      expect(await badgeContrast(page, label), `${label} at ${width} px`).toBeGreaterThanOrEqual(4.5);
    await expectNoAxeViolations(page);
    await screenshot(page, `small-points-curriculum-badges-${width}`);
  }
});

test('no floating button covers controls on a phone; the footer’s Back to top takes the reader and the focus up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/courses');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // Down the whole page a screen at a time: every control in view can be tapped (nothing floats over it).
  for (let y = 0; y < height; y += 700) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await transitionsEnded(page);
    expect(await coveredControls(page), `scrolled to ${y}`).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await transitionsEnded(page);
  expect(await coveredControls(page), 'at the bottom').toEqual([]);
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeHidden();
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/small-points-page-bottom-390.png' });

  await page.getByRole('link', { name: 'Back to top' }).click();
  await expect(page.locator('#main-content')).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(HEADER_HEIGHT);

  // On a wide screen the floating button is there, and at the bottom of the page it covers no footer link.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  await transitionsEnded(page);
  expect(await coveredControls(page), 'at the bottom, 1280 px').toEqual([]);
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/small-points-page-bottom-1280.png' });
  await expect(page.getByRole('link', { name: 'Back to top' })).toBeHidden();
});
