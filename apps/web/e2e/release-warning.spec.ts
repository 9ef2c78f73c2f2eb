import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, test, transitionsEnded } from './support';
import { api, gradingCourse } from './grading-setup';

test.describe.configure({ timeout: 180_000 });

const SHOTS = '/tmp/shots-h4-review-timing';

/** The page (with its open dialog, or `inView` scrolled into view) at 1280 and 390 px: axe clean, a screenshot of each kept; back to 1280 px. */
async function checkDialog(page: Page, name: string, inView?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await inView?.scrollIntoViewIfNeeded();
    await transitionsEnded(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('releasing while students have attempts left: the settings and the release say how many, and the teacher confirms', async ({
  page,
  request,
}) => {
  const course = await gradingCourse(request, `Release warning ${Date.now()}`);
  const choice = await course.choice();
  const assessmentId = await course.assessment({ title: 'Index check', attemptsAllowed: 2 }, [choice.id]);
  // Two students each used one attempt of two.
  const students: { token: string; attemptId: string }[] = [];
  for (const [i, name] of ['Ana', 'Ben'].entries())
    students.push(
      await course.submission({ firstname: name, lastname: 'Tries', prefix: `release${i}` }, assessmentId, {
        [choice.id]: { chosen: ['b'] },
      }),
    );
  const keyShown = async () => {
    const attempt = await api<{ questions: { review: { correctResponse: unknown } | null }[] }>(
      request,
      students[0]!.token,
      'GET',
      `/api/attempts/${students[0]!.attemptId}`,
    );
    return attempt.questions[0]!.review?.correctResponse ?? null;
  };

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/courses/${course.courseId}/assessments/${assessmentId}`);

  // Settings: the timings in plain words; showing the answers at once asks first.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const answers = page.getByRole('combobox', { name: 'The correct answers' });
  await answers.click();
  await expect(page.getByRole('option', { name: 'After the last attempt or the close date' })).toBeVisible();
  await page.getByRole('option', { name: 'Immediately after submitting' }).click();
  await expect(page.getByText('students who may try again see them before their next attempt')).toBeVisible();
  await checkDialog(
    page,
    'settings-answer-timing',
    page.getByRole('group', { name: 'What students see after submitting' }),
  );
  await page.getByRole('button', { name: 'Save settings' }).click();
  const saveWarning = page.getByRole('dialog', { name: 'Students could use the correct answers' });
  await expect(saveWarning).toContainText(
    'This would show the correct answers to 2 students who may still start another attempt.',
  );
  await checkDialog(page, 'settings-answers-warning');
  await saveWarning.getByRole('button', { name: 'Keep editing' }).click();
  await expect(saveWarning).toBeHidden();
  // Back to the choice, to change it.
  await expect(answers).toBeFocused();
  await expect(answers).toHaveValue('Immediately after submitting');
  expect(await keyShown()).toBeNull();

  // The release: asked, warned with the count, kept back once, then released anyway.
  await page.reload();
  await page.getByRole('tab', { name: 'Attempts' }).click();
  const releaseButton = page
    .getByRole('tabpanel', { name: 'Attempts' })
    .getByRole('button', { name: 'Release grades' });
  await releaseButton.click();
  const dialog = page.getByRole('dialog', { name: 'Release grades to students?' });
  await dialog.getByRole('button', { name: 'Release grades' }).click();
  const warning = page.getByRole('dialog', { name: 'Students could use the correct answers' });
  await expect(warning).toContainText(
    'This would show the correct answers to 2 students who may still start another attempt.',
  );
  // Focus is taken to the warning, not to the button that would release.
  await expect(warning.locator(':focus')).toContainText('2 students who may still start another attempt');
  await checkDialog(page, 'release-warning');

  await warning.getByRole('button', { name: 'Keep them held back' }).click();
  await expect(warning).toBeHidden();
  await expect(releaseButton).toBeFocused();
  expect(await keyShown()).toBeNull();

  await releaseButton.click();
  await page
    .getByRole('dialog', { name: 'Release grades to students?' })
    .getByRole('button', { name: 'Release grades' })
    .click();
  await warning.getByRole('button', { name: 'Release anyway' }).click();
  await expect(page.getByText('Grades released')).toBeVisible();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('button', { name: 'Take back the release' })).toBeFocused();
  expect(await keyShown()).toEqual({ chosen: ['a'] });
});
