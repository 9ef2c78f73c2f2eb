import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, screenshot, test } from './support';

const ERROR_HEADING = 'Unexpected Application Error!';
const NOT_FOUND_HEADING = 'Page not found';

function readingList(page: Page) {
  return page.getByRole('region', { name: 'Reading blog list' });
}

/** Below-the-fold images load lazily; a full-page picture needs them all. */
async function loadLazyImages(page: Page) {
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
}

function relatedCarousel(page: Page) {
  return page.getByRole('region', { name: 'Related Blogs' });
}

/** The page clock stands still unless the test moves it, so a slow machine cannot turn a slide in between steps. */
async function stopClock(page: Page) {
  const start = new Date('2026-11-22T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}

test.describe('blog', () => {
  test('a reader opens an article from the reading list, then a related one', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Lyceum Blog' })).toBeVisible();
    await expect(page).toHaveTitle('Lyceum Blog · Lyceum');
    for (const section of ['Reading blog list', 'Related Blogs', 'Marketing Articles']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(
      page.getByRole('link', { name: 'Read the article: Designing lessons people actually finish' }),
    ).toBeVisible();

    const firstCard = readingList(page).getByRole('article').first();
    const title = (await firstCard.getByRole('heading').textContent()) ?? '';
    await firstCard.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} · Lyceum`);
    const main = page.getByRole('main');
    await expect(main.getByRole('img', { name: /.{20,}/ }).first()).toBeVisible();
    expect(await main.locator('article p').count()).toBeGreaterThanOrEqual(3);

    const related = page.getByRole('region', { name: 'Related articles' });
    await expect(related.getByRole('article')).toHaveCount(3);
    const next = related.getByRole('article').first();
    const nextTitle = (await next.getByRole('heading').textContent()) ?? '';
    expect(nextTitle).not.toBe(title);
    await next.getByRole('link', { name: nextTitle }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);

    await page.getByRole('link', { name: 'All articles' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('the topic filter narrows the reading list and keeps the topic in the address', async ({ page }) => {
    await page.goto('/blog');
    const list = readingList(page);
    const filter = list.getByRole('group', { name: 'Filter by topic:' });
    await expect(filter.getByRole('button', { name: 'All topics' })).toHaveAttribute('aria-pressed', 'true');
    const all = await list.getByRole('article').count();

    await filter.getByRole('button', { name: 'React' }).click();
    await expect(page).toHaveURL(/\/blog\?topic=react$/);
    await expect(filter.getByRole('button', { name: 'React' })).toHaveAttribute('aria-pressed', 'true');
    await expect(list.getByRole('status')).toHaveText(/^\d+ articles? on React$/);
    const cards = list.getByRole('article');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(all);
    for (const card of await cards.all()) await expect(card.getByText('React', { exact: true })).toBeVisible();

    await page.reload();
    await expect(list.getByRole('article')).toHaveCount(count);

    await filter.getByRole('button', { name: 'All topics' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(list.getByRole('article')).toHaveCount(all);
  });

  test('the Related Blogs carousel turns on its own, pauses on focus, and the pause button stops it', async ({
    page,
  }) => {
    await stopClock(page);
    await page.goto('/blog');
    const carousel = relatedCarousel(page);
    const position = carousel.getByText(/^Showing /);
    await expect(position).toHaveText('Showing 1 to 2 of 6');
    await expect(carousel.getByRole('group', { name: /of 6$/ })).toHaveCount(6);

    await page.clock.runFor(3_000);
    await expect(position).toHaveText('Showing 2 to 3 of 6');
    // The strip scrolls smoothly in real time; once it has arrived, the position read back from the scroll agrees.
    const second = carousel.getByRole('group', { name: '2 of 6' });
    await expect
      .poll(() =>
        second.evaluate((slide: HTMLElement) => slide.parentElement!.parentElement!.scrollLeft / slide.offsetWidth),
      )
      .toBeGreaterThan(0.9);
    await page.clock.runFor(500);
    await expect(position).toHaveText('Showing 2 to 3 of 6');

    // Keyboard focus inside the slides holds it still (WCAG 2.2.2), without changing the button.
    await second.getByRole('link').first().focus();
    await page.clock.runFor(6_000);
    await expect(position).toHaveText('Showing 2 to 3 of 6');
    await page.getByRole('heading', { level: 1 }).click();

    const pause = page.getByRole('button', { name: 'Pause the articles slideshow' });
    await pause.click();
    await expect(page.getByRole('button', { name: 'Play the articles slideshow' })).toBeVisible();
    const before = await position.textContent();
    await page.clock.runFor(8_000);
    await expect(position).toHaveText(before ?? '');

    await page.getByRole('button', { name: 'Play the articles slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Pause the articles slideshow' })).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(position).not.toHaveText(before ?? '');

    await page.getByRole('button', { name: 'Next articles' }).click();
    await expect(position).toHaveText(/^Showing \d to \d of 6$/);
  });

  test('visitors who ask for reduced motion get the carousel paused from the start', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await stopClock(page);
    await page.goto('/blog');
    await expect(page.getByRole('button', { name: 'Play the articles slideshow' })).toBeVisible();
    await page.clock.runFor(8_000);
    await expect(relatedCarousel(page).getByText(/^Showing /)).toHaveText('Showing 1 to 2 of 6');
  });

  test('shows one slide at a time below 1000 px', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await stopClock(page);
    await page.goto('/blog');
    await expect(relatedCarousel(page).getByText(/^Showing /)).toHaveText('Showing 1 of 6');
  });

  test('an unknown article says so and leads back to the blog', async ({ page }) => {
    await page.goto('/blog/no-such-article');
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
    await expect(page).toHaveTitle('Article not found · Lyceum');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Browse all articles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lyceum Blog' })).toBeVisible();
  });
});

test.describe('about, FAQ, terms and documentation', () => {
  for (const url of ['/aboutUs', '/about']) {
    test(`${url} tells the story, the mission and the four levels`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: 'About Lyceum' })).toBeVisible();
      await expect(page).toHaveTitle('About Lyceum · Lyceum');
      for (const section of ['Our Story', 'Background', 'Mission and Vision', 'Four levels, one path']) {
        await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      }
      for (const level of ['Beginner', 'Intermediate', 'Advanced', 'Mastery']) {
        await expect(page.getByRole('heading', { level: 3, name: level })).toBeVisible();
      }
      await expect(page.getByRole('img', { name: /classical temple/ })).toBeVisible();
      // Classes, quizzes and grading are here now, not "the next chapter" (issue 46.1).
      const background = page.getByRole('region', { name: 'Background' });
      await expect(background).toContainText('students join it with an access code');
      await expect(background).toContainText('quizzes, exams and assignments');
      await expect(page.getByRole('main')).not.toContainText('next chapter');
    });
  }

  test('the FAQ answers questions in sections, each one expandable', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(page).toHaveTitle('Frequently asked questions · Lyceum');
    const question = page.getByRole('button', { name: 'I forgot my password. What now?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/it works once and for one hour/)).toBeVisible();
    await expectNoAxeViolations(page);
    // Classes, access codes, quizzes, grades, the calendar and notifications have their answers (issue 46.1).
    for (const heading of ['Classes and access codes', 'Quizzes and grades', 'Calendar and notifications']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    const code = page.getByRole('button', { name: 'My teacher gave me an access code. Where do I type it?' });
    await code.click();
    await expect(page.getByText(/Press Enter access code on the/)).toBeVisible();
    const notebook = page.getByRole('button', { name: 'What is the mistake notebook?' });
    await notebook.click();
    await expect(page.getByText(/Practice never changes a grade/)).toBeVisible();
    await page.getByRole('button', { name: 'Can I see my due dates in my own calendar?' }).click();
    await expect(page.getByText(/your private calendar address/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Community forum' }).click();
    await expect(page).toHaveURL(/\/faq#community$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Community forum' })).toBeInViewport();
  });

  test('the terms and the documentation are real pages with their sections', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8);

    await page.goto('/docs');
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    for (const section of [
      'Getting started',
      'For teachers',
      'For students',
      'For administrators',
      'Calendar and notifications',
      'For developers',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    // A section per role, step by step (issue 46.1).
    const roles = {
      teachers: ['Build a course', 'Build a quiz', 'Run a class', 'Grade'],
      students: ['Join a class', 'Learn', 'Take a quiz', 'Review your mistakes'],
    };
    for (const [id, steps] of Object.entries(roles)) {
      const part = page.locator(`#${id}`);
      for (const step of steps)
        await expect(part.getByRole('heading', { level: 3, name: step, exact: true })).toBeVisible();
    }
    await expect(page.locator('#teachers')).toContainText('Import GIFT');
    await expect(page.locator('#teachers')).toContainText('access code');
    await expect(page.locator('#students')).toContainText('mistake notebook');
    await expectNoAxeViolations(page);
    await expect(page.getByRole('link', { name: '/api/docs' })).toHaveAttribute('href', '/api/docs');
  });
});

test.describe('header and footer links', () => {
  test('every link in the navigation bar and the footer leads to a real page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();
    const hrefs = new Set<string>();
    for (const landmark of [page.getByRole('banner'), page.getByRole('contentinfo')]) {
      for (const link of await landmark.getByRole('link').all()) {
        const href = await link.getAttribute('href');
        if (href && href.startsWith('/')) hrefs.add(href);
      }
    }
    // Home, the five navigation links, Login/Sign Up and the footer's columns.
    expect(hrefs.size).toBeGreaterThanOrEqual(12);
    for (const href of [...hrefs].sort()) {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
      await expect(page.getByRole('heading', { name: ERROR_HEADING }), href).toHaveCount(0);
      await expect(page.getByRole('heading', { name: NOT_FOUND_HEADING }), href).toHaveCount(0);
    }
  });

  test('the footer links Faqs, Terms and Documentation to their pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, url, heading] of [
      ['Faqs', '/faq', 'Frequently asked questions'],
      ['Terms', '/terms', 'Terms of use'],
      ['Documentation', '/docs', 'Documentation'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });
});

const PAGES = [
  ['blog', '/blog'],
  ['article', '/blog/event-loop-one-timeline'],
  ['about', '/aboutUs'],
  ['faq', '/faq'],
  ['terms', '/terms'],
  ['docs', '/docs'],
] as const;

for (const [label, width, height] of [
  ['desktop', 1280, 800],
  ['mobile', 390, 844],
] as const) {
  test.describe(`public pages at ${width}px`, () => {
    test.use({ viewport: { width, height } });

    for (const [name, url] of PAGES) {
      test(`${url} has one h1, ordered headings, no axe violations and fits the screen (${label})`, async ({
        page,
      }) => {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        const levels = await page
          .getByRole('main')
          .locator('h1, h2, h3, h4, h5, h6')
          .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
        expect(levels[0]).toBe(1);
        levels.forEach((level, index) => {
          const previous = levels[index - 1] ?? 1;
          expect(level - previous, `heading levels ${levels.join(',')}`).toBeLessThanOrEqual(1);
        });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'scrolls sideways').toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
        await loadLazyImages(page);
        await screenshot(page, `${name}-${label}`);
      });
    }
  });
}
