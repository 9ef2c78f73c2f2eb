import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, test, transitionsEnded } from './support';
import { api, gradingCourse } from './grading-setup';

test.describe.configure({ timeout: 180_000 });

const SHOTS = '/tmp/shots-h2-attempt-view';

/** The page at 1280 and 390 px: axe-clean, no wider than the screen, a full-page screenshot of each. */
async function bothWidths(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
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
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await transitionsEnded(page);
}

test('a teacher opens a student’s attempt from the Attempts tab by keyboard, reads answers, scores and timing, and grades the essay in place (issue 54.8)', async ({
  page,
  request,
}) => {
  const course = await gradingCourse(request, `Attempt view ${Date.now()}`);
  const choice = await course.choice();
  const essay = await course.essay();
  const assessmentId = await course.assessment({ title: 'Indexes quiz', points: 6 }, [choice.id, essay.id]);
  await course.submission({ firstname: 'Ada', lastname: 'Byron', prefix: 'attemptview' }, assessmentId, {
    [choice.id]: { chosen: ['b'] },
    [essay.id]: { html: '<p>An index lets the database find rows without reading the whole table.</p>' },
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/courses/${course.courseId}/assessments/${assessmentId}`);
  // The teacher area's pages are chunks of their own: on a busy machine the first one takes a while.
  await expect(page.getByRole('heading', { name: 'Indexes quiz', level: 1 })).toBeVisible({ timeout: 30_000 });

  // Keyboard only: the Attempts tab, then the student's row.
  await page.getByRole('tab', { name: 'Questions' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Attempts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=attempts$/);
  const open = page.getByRole('link', { name: 'Ada Byron' });
  await open.focus();
  await page.keyboard.press('Enter');

  // Focus lands on the page's heading.
  const heading = page.getByRole('heading', { name: 'Ada Byron · attempt 1', level: 1 });
  await expect(heading).toBeFocused({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/teacher/courses/${course.courseId}/assessments/${assessmentId}/attempts/`));

  // The answers, the scores and the key.
  const q1 = page.getByRole('region', { name: 'Question 1' });
  await expect(q1.getByText('0 / 2 points')).toBeVisible();
  await expect(q1.getByText('Correct answer')).toBeVisible();
  await expect(q1.getByText('B-tree').first()).toBeVisible();
  const q2 = page.getByRole('region', { name: 'Question 2' });
  await expect(q2.getByText('An index lets the database find rows without reading the whole table.')).toBeVisible();
  await expect(q2.getByText('Awaiting grading · 4 points')).toBeVisible();
  await expect(page.getByText('1 answer needs your grade: grade them below.')).toBeVisible();

  // The timing log: what the server recorded, oldest first.
  const timing = page.getByRole('region', { name: 'Timing log' });
  const rows = timing.getByRole('row');
  await expect(rows.nth(1)).toContainText('Started the attempt');
  await expect(timing.getByText('Last saved the answer to question 1')).toBeVisible();
  await expect(timing.getByText('Last saved the answer to question 2')).toBeVisible();
  await expect(rows.last()).toContainText('Submitted the attempt');
  await bothWidths(page, 'teacher-attempt-view');

  // Grading the essay in place, by keyboard.
  const score = q2.getByRole('textbox', { name: 'Score (out of 4)' });
  await score.focus();
  await page.keyboard.type('3.5');
  await page.keyboard.press('Tab');
  await expect(q2.getByRole('textbox', { name: 'Comment for the student' })).toBeFocused();
  await page.keyboard.type('Clear. Name the B-tree next time.');
  await page.keyboard.press('Tab');
  await expect(q2.getByRole('button', { name: 'Save grade' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(q2.getByRole('status')).toHaveText('Grade saved: 3.5 / 4 points.');
  // Focus goes back to the question, whose score now shows; the log and the attempt's status follow.
  await expect(q2.getByRole('heading', { name: 'Question 2', level: 2 })).toBeFocused();
  await expect(q2.getByText('3.5 / 4 points', { exact: true })).toBeVisible();
  await expect(timing.getByText(/Graded question 2 by .+: ungraded → 3\.5 points/)).toBeVisible();
  await expect(page.getByText('Graded', { exact: true }).first()).toBeVisible();
  await expect(q2.getByRole('textbox', { name: 'Comment for the student' })).toHaveValue(
    'Clear. Name the B-tree next time.',
  );
  await expectNoAxeViolations(page);
  await bothWidths(page, 'teacher-attempt-view-graded');

  // The grade is the grading feature's: the inbox holds it as graded.
  const inbox = await api<{ items: { score: number | null; comment: string }[] }>(
    request,
    course.teacher,
    'GET',
    `/api/grading/inbox?courseId=${course.courseId}&status=graded`,
  );
  expect(inbox.items).toEqual([
    expect.objectContaining({ score: 3.5, comment: '<p>Clear. Name the B-tree next time.</p>' }),
  ]);

  // Back to the attempts log, on its tab.
  await page.getByRole('link', { name: 'All attempts' }).click();
  await expect(page.getByRole('tab', { name: 'Attempts' })).toHaveAttribute('aria-selected', 'true');
});
