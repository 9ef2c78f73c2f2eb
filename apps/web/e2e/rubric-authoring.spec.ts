import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, test, transitionsEnded } from './support';
import { api, gradingCourse } from './grading-setup';

test.describe.configure({ timeout: 180_000 });

/** Screenshots of this spec, looked at by hand (issue 54.5). */
const SHOTS = process.env.RUBRIC_SHOTS_DIR ?? 'e2e/.artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

async function shotsAtBothWidths(page: Page, name: string) {
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

/** Replaces a field's text from the keyboard: select all, then type. */
async function retype(page: Page, field: Locator, text: string) {
  await expect(field).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

test('a teacher authors a rubric by keyboard, attaches it to an essay, duplicates, edits and copies rubrics, and grades with it', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const title = `Rubric course ${stamp}`;
  const course = await gradingCourse(request, title);
  const essay = await course.essay('Why indexes?', '<p>Explain why databases use indexes.</p>');
  const quizId = await course.assessment({ title: 'Essay quiz', points: 4 }, [essay.id]);
  await course.submission({ firstname: 'Rubric', lastname: 'Learner', prefix: 'rubric' }, quizId, {
    [essay.id]: { html: '<p>An index avoids reading the whole table.</p>' },
  });
  // A rubric of another course of the same teacher, to copy into this one.
  const other = await gradingCourse(request, `Rubric source course ${stamp}`);
  const labTitle = `Lab report rubric ${stamp}`;
  await api(request, other.teacher, 'POST', `/api/courses/${other.courseId}/rubrics`, {
    title: labTitle,
    criteria: [{ title: 'Method', levels: [{ title: 'Clear', points: 3 }] }],
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);

  // Reached from the course's Manage menu on My Courses, by keyboard.
  await page.goto('/teacher/coursesList');
  const manage = page.getByRole('button', { name: `Manage ${title}` });
  await manage.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
  const rubricsItem = page.getByRole('menuitem', { name: 'Rubrics' });
  for (let step = 0; step < 10; step += 1) {
    if (await rubricsItem.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(rubricsItem).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/teacher/courses/${course.courseId}/rubrics$`));
  await expect(page.getByRole('heading', { name: 'Rubrics', level: 1 })).toBeVisible();
  await expect(page.getByText('No rubrics yet')).toBeVisible();

  // New rubric, from the keyboard.
  const newRubric = page.getByRole('link', { name: 'New rubric' });
  await newRubric.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'New rubric', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'New rubric' });
  // A page load leaves focus alone.
  await expect(form.getByLabel('Rubric title')).not.toBeFocused();

  // Saving with nothing filled in puts focus on the first field to fix, with its message.
  await form.getByRole('button', { name: 'Create rubric' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Rubric title')).toBeFocused();
  await expect(form.getByText('Give the rubric a title')).toBeVisible();

  await page.keyboard.type('Essay rubric');
  // Attach to: the next field; the arrow keys choose the essay question.
  await page.keyboard.press('Tab');
  const attach = form.getByLabel('Attach to');
  await expect(attach).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(attach).toHaveValue(`question:${essay.id}`);

  const first = form.getByRole('group', { name: 'Criterion 1' });
  await page.keyboard.press('Tab');
  await expect(first.getByLabel('Criterion 1 title')).toBeFocused();
  await page.keyboard.type('Argument');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Does the answer reason from the prompt?');
  await page.keyboard.press('Tab');
  await expect(first.getByLabel('Level 1 title')).toBeFocused();
  await page.keyboard.type('Weak');
  await page.keyboard.press('Tab');
  await retype(page, first.getByLabel('Level 1 points'), '0');
  await page.keyboard.press('Tab');
  await expect(first.getByLabel('Level 1 description (optional)')).toBeFocused();
  await page.keyboard.press('Tab'); // Remove level 1
  await page.keyboard.press('Tab');
  await expect(first.getByLabel('Level 2 title')).toBeFocused();
  await page.keyboard.type('Sound');
  await page.keyboard.press('Tab');
  await retype(page, first.getByLabel('Level 2 points'), '2');
  // A third level: focus goes to its title.
  await first.getByRole('button', { name: 'Add a level to criterion 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(first.getByLabel('Level 3 title')).toBeFocused();
  await page.keyboard.type('Strong');
  await page.keyboard.press('Tab');
  await retype(page, first.getByLabel('Level 3 points'), '4');
  await expect(first.getByText('Up to 4 points')).toBeVisible();

  // A second criterion: focus goes to its title.
  await form.getByRole('button', { name: 'Add a criterion' }).focus();
  await page.keyboard.press('Enter');
  const second = form.getByRole('group', { name: 'Criterion 2' });
  await expect(second.getByLabel('Criterion 2 title')).toBeFocused();
  await page.keyboard.type('Sources');
  await second.getByLabel('Level 1 title').focus();
  await page.keyboard.type('None');
  await second.getByLabel('Level 2 title').focus();
  await page.keyboard.type('Cited');
  await page.keyboard.press('Tab');
  await retype(page, second.getByLabel('Level 2 points'), '2');
  await expect(form.getByText('Highest total: 6 points')).toBeVisible();
  await shotsAtBothWidths(page, 'rubric-editor');

  // Create: back on the list, focus on the new rubric's title.
  await form.getByRole('button', { name: 'Create rubric' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Rubrics', level: 1 })).toBeVisible();
  const created = page.getByRole('link', { name: 'Essay rubric', exact: true });
  await expect(created).toBeFocused();
  const row = page.getByRole('row', { name: /Essay rubric/ });
  await expect(row).toContainText('6 points');
  await expect(row).toContainText('Essay question: Why indexes?');

  // Duplicate: the copy appears, attached to nothing, and takes focus.
  await page.getByRole('button', { name: 'Duplicate Essay rubric' }).focus();
  await page.keyboard.press('Enter');
  const copy = page.getByRole('link', { name: 'Essay rubric (copy)', exact: true });
  await expect(copy).toBeFocused();
  await expect(page.getByRole('row', { name: /Essay rubric \(copy\)/ })).toContainText('Not attached');

  // Edit the copy: rename it and drop its second criterion; Save brings focus back to it in the list.
  await page.keyboard.press('Enter');
  const editForm = page.getByRole('form', { name: 'Edit Essay rubric (copy)' });
  await expect(editForm.getByLabel('Criterion 2 title')).toHaveValue('Sources');
  await editForm.getByRole('button', { name: 'Remove criterion 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(editForm.getByRole('button', { name: 'Add a criterion' })).toBeFocused();
  await expect(editForm.getByRole('group', { name: 'Criterion 2' })).toHaveCount(0);
  await editForm.getByLabel('Rubric title').focus();
  await retype(page, editForm.getByLabel('Rubric title'), 'Short essay rubric');
  await page.keyboard.press('Enter');
  const saved = page.getByRole('link', { name: 'Short essay rubric', exact: true });
  await expect(saved).toBeFocused();
  await expect(page.getByRole('row', { name: /Short essay rubric/ })).toContainText('4 points');

  // Copy a rubric from another course: found by its title, chosen with Enter; the copy takes focus.
  await page.getByRole('button', { name: 'Copy from another course' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Copy a rubric from another course' });
  await expect(dialog.getByLabel('Find a rubric')).toBeFocused();
  await page.keyboard.type(labTitle);
  const choice = dialog.getByRole('button', { name: `Copy ${labTitle} from Rubric source course ${stamp}` });
  await expect(choice).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Copy Essay rubric/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/rubric-copy-dialog-1280.png` });
  await page.keyboard.press('Tab');
  await expect(choice).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('link', { name: labTitle, exact: true })).toBeFocused();
  await shotsAtBothWidths(page, 'rubric-list');

  // Grade the essay with the rubric, by keyboard: a level per criterion with the arrow keys, Ctrl+Enter saves.
  await page.getByRole('link', { name: 'Grade answers' }).click();
  await expect(page.getByRole('heading', { name: 'Grading', level: 1 })).toBeVisible();
  await expect(page.getByText('Rubric: Essay rubric')).toBeVisible();
  await page.getByRole('radio', { name: 'Weak (0)' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Sound (2)' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'None (0)' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Cited (2)' })).toBeChecked();
  // 4 of 6 rubric points on a 4-point essay: 2.67, not rounded.
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).toHaveValue('2.67');
  await page.keyboard.press('Tab');
  const comment = page.getByRole('textbox', { name: 'Comment' });
  await expect(comment).toBeFocused();
  await page.keyboard.type('Sound argument; sources cited.');
  await shotsAtBothWidths(page, 'rubric-grading');
  await comment.focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Graded: 2.67')).toBeVisible();

  const inbox = await api<{ items: { score: number; rubric: { total: number } | null }[] }>(
    request,
    course.teacher,
    'GET',
    `/api/grading/inbox?courseId=${course.courseId}&status=all`,
  );
  expect(inbox.items[0]).toMatchObject({ score: 2.67, rubric: { total: 4 } });
});
