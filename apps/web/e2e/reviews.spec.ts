import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, transitionsEnded } from './support';

type Item = { id: string; title: string };

async function logInAsStudent(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await logIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/student\/?$/);
}

/**
 * Writes a review through the API for a published course the demo student has not reviewed yet, so the
 * seeded reviews stay as they are for other tests. The course details page (where students write reviews
 * in the app) mounts the reviews panel separately; the panel has its own component tests.
 */
async function writeReview(page: Page, text: string): Promise<Item> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const mine = (await (await page.request.get('/api/student/reviews?pageSize=100', { headers })).json()) as {
    items: { course: { id: string } }[];
  };
  const reviewed = new Set(mine.items.map((item) => item.course.id));
  const catalogue = (await (await page.request.get('/api/courses?pageSize=100')).json()) as { items: Item[] };
  const course = catalogue.items.find((item) => !reviewed.has(item.id));
  if (!course) throw new Error('no published course left to review');
  // Only enrolled students review a course.
  expect((await page.request.post(`/api/courses/${course.id}/enrolment`, { headers })).status()).toBe(200);
  const response = await page.request.post(`/api/courses/${course.id}/reviews`, {
    headers,
    data: { rating: 2, text },
  });
  expect(response.status()).toBe(201);
  return course;
}

test.describe('student reviews', () => {
  test('a student edits and deletes a review from the Review list page', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await logInAsStudent(page);
    const course = await writeReview(page, 'First impressions: <b>solid</b> basics.');

    await page.getByRole('link', { name: 'Reviews' }).first().click();
    await expect(page).toHaveURL(/\/student\/reviews$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review list Courses' })).toBeVisible();
    await page.mouse.move(640, 10);

    // Newest first: the review just written, with its course linked, its stars and its text (markup as text).
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: course.title }) });
    await expect(page.getByRole('article').first()).toContainText(course.title);
    await expect(card.getByRole('link', { name: course.title })).toHaveAttribute(
      'href',
      `/course-details/${course.id}`,
    );
    await expect(card.getByRole('img', { name: /^Rated 2(\.0)? out of 5$/ })).toBeVisible();
    await expect(card.getByText('First impressions: <b>solid</b> basics.')).toBeVisible();
    // The seeded review is listed too.
    await expect(page.getByRole('article')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await transitionsEnded(page);
    await screenshot(page, 'student-reviews-desktop');

    // Edit: the modal starts from the stored review; the star picker works with the keyboard.
    await card.getByRole('button', { name: `Edit your review of ${course.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your review' });
    await expect(dialog).toBeVisible();
    const text = dialog.getByRole('textbox', { name: 'write a review' });
    await expect(text).toHaveValue('First impressions: <b>solid</b> basics.');
    await expect(dialog.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await dialog.getByRole('radio', { name: '2 stars' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await text.fill('Better than I first thought.\nThe exercises pay off.');
    await expectNoAxeViolations(page);
    await transitionsEnded(page);
    await screenshot(page, 'student-reviews-edit-desktop');
    await dialog.getByRole('button', { name: 'Update Review' }).click();

    await expect(page.getByText('update successfully !!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Better than I first thought.')).toBeVisible();
    await expect(card.getByRole('img', { name: /^Rated 4(\.0)? out of 5$/ })).toBeVisible();
    await expect(card).toContainText('edited');

    // Delete: confirm first; Cancel keeps it.
    await card.getByRole('button', { name: `Delete your review of ${course.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Do You Want to Delete This Review?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Delete your review of ${course.title}` }).click();
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Yes, Delete This' }).click();
    await expect(page.getByText('Review deleted successfully')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('link', { name: course.title })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(1);

    // Gone everywhere: the course's own reviews no longer list it.
    const reviews = (await (await page.request.get(`/api/courses/${course.id}/reviews`)).json()) as {
      items: { text: string }[];
    };
    expect(reviews.items.map((item) => item.text)).not.toContain(
      'Better than I first thought.\nThe exercises pay off.',
    );
  });

  test('the Review list page at 390 px', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await logInAsStudent(page);
    const course = await writeReview(page, 'Short and sweet — a phone-sized review.');
    await page.goto('/student/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Review list Courses' })).toBeVisible();
    await expect(page.getByRole('link', { name: course.title })).toBeVisible();
    await expectNoAxeViolations(page);
    await transitionsEnded(page);
    await screenshot(page, 'student-reviews-mobile');

    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: course.title }) });
    await card.getByRole('button', { name: `Edit your review of ${course.title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit your review' })).toBeVisible();
    await transitionsEnded(page);
    await screenshot(page, 'student-reviews-edit-mobile');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // Leave the data as it was.
    await card.getByRole('button', { name: `Delete your review of ${course.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete This' }).click();
    await expect(page.getByText('Review deleted successfully')).toBeVisible();
  });
});
