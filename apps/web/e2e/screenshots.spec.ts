import { DEMO, expect, logIn, screenshot, test } from './support';

// Pictures of the main screens at desktop and phone widths, for people to look at (e2e/.artifacts/screenshots).
for (const [label, width, height] of [
  ['desktop', 1280, 800],
  ['mobile', 390, 844],
] as const) {
  test.describe(`${label} screenshots`, () => {
    test.use({ viewport: { width, height } });

    test(`public pages at ${width}px`, async ({ page }) => {
      for (const [name, url] of [
        ['home', '/'],
        ['login', '/login'],
        ['register', '/register'],
        ['about', '/aboutUs'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('main')).toBeVisible();
        await screenshot(page, `${name}-${label}`);
      }
    });

    test(`role areas at ${width}px`, async ({ page }) => {
      for (const role of ['student', 'teacher', 'admin'] as const) {
        await logIn(page, DEMO[role].email, DEMO[role].password);
        await expect(page).toHaveURL(new RegExp(`/${role}/?$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await screenshot(page, `${role}-area-${label}`);
        await page.evaluate(() => localStorage.clear());
      }
    });
  });
}
