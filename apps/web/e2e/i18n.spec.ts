import type { Page } from '@playwright/test';
import { checkBothWidths, expect, test } from './support';
import { untranslatedText } from './i18n-support';

/*
 * The visitor's language (issue 47, docs/i18n.md): the public header's language menu switches the page at once, the
 * choice is kept (a cookie the server renders pages by), and the server-rendered page carries `lang` and `dir`.
 * Spanish and Arabic (right to left) are checked with axe at phone and desktop widths, with screenshots to look at
 * (e2e/.artifacts/screenshots/i18n-home-*). The pseudo-locale finds text that does not come from a catalogue.
 */

const HEADINGS = {
  en: 'Learn without limits. Teach what you love.',
  es: 'Aprende sin límites. Enseña lo que te apasiona.',
  ar: 'تعلّم بلا حدود. علّم ما تحبّه.',
} as const;

async function chooseLanguage(page: Page, name: string) {
  await page
    .getByRole('banner')
    .getByRole('combobox', { name: /^(Language|Idioma|اللغة)$/ })
    .selectOption({ label: name });
}

async function expectDocumentLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

test('a visitor switches the public site to Arabic: right to left, kept, rendered so by the server', async ({
  page,
}) => {
  // axe on the whole home page at two widths.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expectDocumentLanguage(page, 'en', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS.en);

  await chooseLanguage(page, 'العربية');
  await expectDocumentLanguage(page, 'ar', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS.ar);
  await expect(page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('جميع الحقوق محفوظة');

  // Kept: the server renders the next visit in Arabic, right to left, before any script runs.
  const rendered = await page.request.get('/', { headers: { accept: 'text/html' } });
  expect(await rendered.text()).toContain('<html lang="ar" dir="rtl"');
  await page.reload();
  await expectDocumentLanguage(page, 'ar', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS.ar);
  await checkBothWidths(page, 'i18n-home-ar');
});

test('a visitor switches the public site to Spanish, and the choice is kept', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');

  await chooseLanguage(page, 'Español');
  await expectDocumentLanguage(page, 'es', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS.es);
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Cursos' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS.es);
  await checkBothWidths(page, 'i18n-home-es');
});

test('a browser that asks for Spanish gets the home page in Spanish without choosing', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX' });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(await response?.text()).toContain('<html lang="es" dir="ltr"');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS.es);
  await context.close();
});

test('in Spanish, dates are written in Spanish by the server and stay so in the browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/blog');
  const spanishDay =
    /\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}/;
  expect(await response?.text()).toMatch(spanishDay);
  await expect(page.locator('main time').first()).toHaveText(spanishDay);
  // Hydration found the same text the server wrote.
  expect(errors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  await context.close();
});

test('in the pseudo-locale, the public header, footer and the home page’s own text come from catalogues', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'lyceum-lang', value: 'en-XA', url: baseURL! }]);
  await page.goto('/');
  await expectDocumentLanguage(page, 'en-XA', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('[Ĺéàŕñ');
  // The converted parts so far (docs/i18n.md lists the home page's sections still to convert).
  const regions = [
    'header',
    'footer',
    'main section[aria-labelledby="home-heading"]',
    'main section[aria-labelledby="features-heading"] h2',
    'main section[aria-labelledby="features-heading"] h2 + p',
    'main section[aria-labelledby="features-heading"] h3',
    '#categories-heading',
  ];
  expect(await untranslatedText(page, regions)).toEqual([]);
});

test('login and the catalogue in Spanish and Arabic: axe and screenshots at both widths; their own text comes from catalogues', async ({
  page,
  baseURL,
}) => {
  for (const language of ['es', 'ar'] as const) {
    await page.context().addCookies([{ name: 'lyceum-lang', value: language, url: baseURL! }]);
    await page.goto('/login');
    await expectDocumentLanguage(page, language, language === 'ar' ? 'rtl' : 'ltr');
    await checkBothWidths(page, `i18n-login-${language}`);
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'ar' ? 'الدورات' : 'Cursos');
    await checkBothWidths(page, `i18n-courses-${language}`);
  }
  await page.context().addCookies([{ name: 'lyceum-lang', value: 'en-XA', url: baseURL! }]);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('[');
  expect(await untranslatedText(page, ['main h1', 'main h1 + p', 'main form button[type="submit"]'])).toEqual([]);
  await page.goto('/courses');
  await expect(page.locator('main p[aria-live]')).toContainText('[');
  // The search field, heading and count; category names are not translated yet (docs/i18n.md).
  expect(
    await untranslatedText(page, ['main form[role="search"] > div:first-child', 'main h1', 'main p[aria-live]']),
  ).toEqual([]);
});
