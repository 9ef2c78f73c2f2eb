import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test } from './support';

// Whole flows on a production build; generous for a busy machine, still bounded.
test.describe.configure({ timeout: 90_000 });

const PERSONAL_DEVELOPMENT = ['Business', 'Marketing', 'Photography', 'Acting'];

function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

async function logInAs(page: Page, role: keyof typeof DEMO) {
  await logIn(page, DEMO[role].email, DEMO[role].password);
  await expect(page).toHaveURL(new RegExp(`/${role}/?$`));
}

/** Below-the-fold pictures load lazily; a full-page picture (and a check of their size) needs them all. */
async function loadLazyImages(page: Page) {
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
}

/** Every course section has loaded its cards (or its empty state): no skeleton left. */
async function waitForSections(page: Page) {
  await expect(section(page, 'Student are viewing').getByRole('article').first()).toBeVisible();
  await expect(page.locator('[role="status"]:has(.mantine-Skeleton-root)')).toHaveCount(0);
}

test.describe('home page sections', () => {
  test('the three course sections show real courses, each with See all to the catalogue', async ({ page }) => {
    await page.goto('/');
    await waitForSections(page);
    for (const name of ['Get choice of your course', 'The course in personal development', 'Student are viewing']) {
      const region = section(page, name);
      await expect(region.getByRole('heading', { level: 2, name })).toBeVisible();
      await expect(region.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/courses');
      expect(await region.getByRole('article').count()).toBeGreaterThan(0);
    }

    // Choosing a category shows that category's courses and the real count.
    const choice = section(page, 'Get choice of your course');
    const categories = choice.getByRole('group', { name: 'Category:' });
    await expect(categories.getByRole('button', { name: 'Design' })).toHaveAttribute('aria-pressed', 'true');
    await categories.getByRole('button', { name: 'Photography' }).click();
    await expect(categories.getByRole('button', { name: 'Photography' })).toHaveAttribute('aria-pressed', 'true');
    await expect(categories.getByRole('button', { name: 'Design' })).toHaveAttribute('aria-pressed', 'false');
    const catalogue = (await (await page.request.get('/api/courses?category=Photography')).json()) as { total: number };
    await expect(choice.getByRole('status')).toHaveText(
      `Showing ${Math.min(4, catalogue.total)} of ${catalogue.total} Photography course${catalogue.total === 1 ? '' : 's'}`,
    );
    for (const card of await choice.getByRole('article').all()) await expect(card).toContainText('Photography');

    // Personal development: only its four categories.
    for (const card of await section(page, 'The course in personal development').getByRole('article').all()) {
      const category = (await card.locator('.mantine-Badge-root').first().textContent()) ?? '';
      expect(PERSONAL_DEVELOPMENT.map((name) => name.toUpperCase())).toContain(category.toUpperCase());
    }

    // Student are viewing: the server's ranking, with each course's enrolments in the window.
    const popular = (await (await page.request.get('/api/courses/popular?days=30&limit=4')).json()) as {
      items: { course: { title: string }; recentEnrolments: number }[];
    };
    const viewing = section(page, 'Student are viewing').getByRole('article');
    await expect(viewing).toHaveCount(popular.items.length);
    for (const [index, item] of popular.items.entries()) {
      await expect(viewing.nth(index).getByRole('heading', { level: 3 })).toHaveText(item.course.title);
      await expect(viewing.nth(index)).toContainText(`+${item.recentEnrolments} in 30 days`);
    }

    await section(page, 'The course in personal development').getByRole('link', { name: 'See all courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test('the promo card, the feature sections and their links lead somewhere real', async ({ page }) => {
    await page.goto('/');
    const promo = section(page, 'Online coaching lessons for remote learning.');
    await expect(promo).toBeVisible();
    for (const heading of [
      'An online school for people who teach and people who learn',
      'One place to learn and to teach',
      'Everything a course needs, in one place',
      'Tools for teachers and learners',
      'Quizzes, grades and feedback',
    ]) {
      await expect(section(page, heading).getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    // No feature Lyceum does not have is claimed: the all-in-one list names none, and says so.
    const allInOne = section(page, 'Everything a course needs, in one place');
    for (const item of await allInOne.getByRole('listitem').all()) {
      await expect(item).not.toContainText(/invoic|billing|contract|schedul|attendance|customer/i);
    }
    await expect(allInOne).toContainText('What Lyceum does not do: payments, invoices, timetables or attendance.');
    // The copy says what Lyceum does now (issue 46.1): quizzes, grading, classes, calendar, notifications, certificates.
    for (const title of [
      'Question bank',
      'Quizzes, exams and assignments',
      'Grading and gradebook',
      'Classes',
      'Calendar and notifications',
      'Certificates and badges',
    ]) {
      await expect(allInOne.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
    }
    const assessments = section(page, 'Quizzes, grades and feedback');
    await expect(assessments).toContainText('Eight question types.');
    await expect(assessments).toContainText('Rubrics, a bank of saved comments');
    await expect(page.getByRole('main')).not.toContainText(/does not grade|no quizzes, tests or certificates/);
    await expect(section(page, 'Tools for teachers and learners')).toContainText(
      'Join your class with a code, or enrol for free in any course of the catalogue.',
    );

    // Drawings with their size set, so nothing moves while they load.
    await loadLazyImages(page);
    const pictures = page.locator('main img[src^="/home/"]');
    await expect(pictures).toHaveCount(5);
    for (const picture of await pictures.all()) {
      await expect(picture).toHaveAttribute('width', /^\d+$/);
      await expect(picture).toHaveAttribute('height', /^\d+$/);
    }
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-features-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-features-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: 'Read the guide to Lyceum' }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await page.goBack();
    await page.getByRole('link', { name: 'How to build a quiz' }).click();
    await expect(page).toHaveURL(/\/docs#teachers$/);
    await expect(page.getByRole('heading', { level: 3, name: 'Build a quiz' })).toBeVisible();
    await page.goBack();
    await promo.getByRole('link', { name: 'Start learning now' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('watch how it works opens the walkthrough, whose links lead to the catalogue and sign-up', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Join for free' })).toHaveAttribute('href', '/register');
    await page.getByRole('button', { name: 'Watch how it works' }).click();
    const dialog = page.getByRole('dialog', { name: 'How Lyceum works' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
      'Find a course',
      'Enrol and learn',
      'Ask and review',
    ]);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Watch how it works' })).toBeFocused();

    await page.getByRole('button', { name: 'Watch how it works' }).click();
    await dialog.getByRole('link', { name: 'Sign up as a teacher' }).click();
    await expect(page).toHaveURL(/\/register\?role=teacher$/);
    await expect(page.getByRole('form', { name: 'Register' }).getByLabel('Role')).toHaveValue('teacher');

    await page.goto('/');
    await page.getByRole('button', { name: 'Watch how it works' }).click();
    await dialog.getByRole('link', { name: 'Join for free' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/');
    await page.getByRole('button', { name: 'Watch how it works' }).click();
    await dialog.getByRole('link', { name: 'Browse courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test('enter access code asks for a code and closes back onto its button', async ({ page }) => {
    await page.goto('/');
    const students = section(page, 'Joining a teacher’s class?');
    await students.getByRole('button', { name: 'Enter access code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter access code' });
    await expect(dialog).toContainText('Your teacher gives you the code of their class');
    const field = dialog.getByRole('textbox', { name: 'Access code' });
    await expect(field).toBeFocused();
    await dialog.getByRole('button', { name: 'Join class' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('MATH-7B');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(students.getByRole('button', { name: 'Enter access code' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue('');
    await dialog.getByRole('link', { name: 'Browse the catalogue' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(dialog).toBeHidden();
  });

  test('start a class today: a visitor signs up as a teacher, a teacher starts a class', async ({ page }) => {
    await page.goto('/');
    const instructors = section(page, 'Share what you know with students everywhere.');
    await instructors.getByRole('link', { name: 'Start a class today' }).click();
    await expect(page).toHaveURL(/\/register\?role=teacher$/);
    await expect(page.getByRole('form', { name: 'Register' }).getByLabel('Role')).toHaveValue('teacher');

    await logInAs(page, 'teacher');
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Continue learning' })).toHaveCount(0);
    await instructors.getByRole('link', { name: 'Start a class today' }).click();
    await expect(page).toHaveURL(/\/teacher\/classes\?new=1$/);
    await expect(page.getByRole('form', { name: 'New class' })).toBeVisible();
  });

  test('a student sees their latest course under the greeting and goes back into it; axe clean', async ({ page }) => {
    await logInAs(page, 'student');
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const latest = (await (
      await page.request.get('/api/student/enrolments?status=active&page=1&pageSize=1', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      items: {
        courseId: string;
        progressPercent: number;
        totalItems: number;
        course: { title: string; teacher: { firstname: string } };
      }[];
    };
    const enrolment = latest.items[0];
    expect(enrolment, 'the demo student has an active enrolment').toBeDefined();

    await page.goto('/');
    await expect(page.getByText('Welcome back, ready for your next lesson?')).toBeVisible();
    const card = page.getByRole('group', { name: 'Continue learning' });
    await expect(card).toContainText(enrolment!.course.title);
    await expect(card).toContainText(`Instructor: ${enrolment!.course.teacher.firstname}`);
    await expect(card).toContainText(/Enrolled on \d{1,2} [A-Z][a-z]+ \d{4}/); // one date helper, en-GB (ADR 050)
    // Real progress from the curriculum (issue 14): the lesson the student resumes at and the computed percent.
    expect(enrolment!.totalItems).toBeGreaterThan(0);
    await expect(card).toContainText(
      new RegExp(`Lesson \\d+ of ${enrolment!.totalItems} · ${enrolment!.progressPercent}% complete`),
    );
    await waitForSections(page);
    await expectNoAxeViolations(page);
    // A student's account cannot teach: the instructors' call points to the guide.
    await expect(page.getByRole('link', { name: 'How to start teaching' })).toHaveAttribute('href', '/docs#teachers');

    await card.getByRole('link', { name: `Continue the course ${enrolment!.course.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/learn/${enrolment!.courseId}/[0-9a-f-]{36}$`));
    await page.goto('/');
    await page.getByRole('link', { name: 'View history' }).click();
    await expect(page).toHaveURL(/\/student\/enrolled-courses$/);
  });

  test('the server sends the sections filled: a visitor without JavaScript sees their courses', async ({
    browser,
    request,
  }) => {
    const popular = (await (await request.get('/api/courses/popular?days=30&limit=4')).json()) as {
      items: { course: { title: string }; recentEnrolments: number }[];
    };
    expect(popular.items.length).toBeGreaterThan(0);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    for (const name of ['Get choice of your course', 'The course in personal development']) {
      await expect(section(page, name).getByRole('article').first()).toBeVisible();
    }
    const viewing = section(page, 'Student are viewing').getByRole('article');
    await expect(viewing).toHaveCount(popular.items.length);
    await expect(viewing.first()).toContainText(popular.items[0]!.course.title);
    await expect(page.getByText('Loading courses…')).toHaveCount(0);
    await context.close();
  });

  test('logged out, the whole page has no axe violations', async ({ page }) => {
    await page.goto('/');
    await waitForSections(page);
    await loadLazyImages(page);
    await expectNoAxeViolations(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});

for (const [label, width, height] of [
  ['desktop', 1280, 800],
  ['mobile', 390, 844],
] as const) {
  test.describe(`home screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height } });

    test(`home page, its dialogs and a student's home (${label})`, async ({ page }) => {
      // A still carousel makes a steady picture.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await waitForSections(page);
      await loadLazyImages(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, `home-full-${label}`);

      await page.getByRole('button', { name: 'Watch how it works' }).click();
      await expect(page.getByRole('dialog', { name: 'How Lyceum works' })).toBeVisible();
      await page.screenshot({ path: `e2e/.artifacts/screenshots/home-how-it-works-${label}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.getByRole('button', { name: 'Enter access code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enter access code' });
      await dialog.getByRole('textbox', { name: 'Access code' }).fill('MATH7BX');
      await expect(dialog.getByRole('button', { name: 'Join class' })).toBeVisible();
      await page.screenshot({ path: `e2e/.artifacts/screenshots/home-access-code-${label}.png` });
      await page.keyboard.press('Escape');

      await logInAs(page, 'student');
      await page.goto('/');
      await expect(page.getByRole('group', { name: 'Continue learning' })).toBeVisible();
      await page.screenshot({ path: `e2e/.artifacts/screenshots/home-student-${label}.png` });
    });
  });
}
