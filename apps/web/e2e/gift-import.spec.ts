import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, test, transitionsEnded, pickMenuItem } from './support';

test.describe.configure({ timeout: 180_000 });

/*
 * Issue 46.17 and 54.12 in the browser: a Moodle file previews with what Moodle takes, a refusal and a note in a
 * teacher's words, and importing the same file again warns about the questions already in the bank. Text without
 * answers is kept as a description (ADR 051), as Moodle keeps it.
 */
const FILE = [
  '$CATEGORY: $course$/top/Default for Biology 101 (Autumn term)/Unit 3: Cells and membranes/Transport',
  '',
  '// true-false',
  '::Q1:: 1+1=2 {T}',
  '',
  '::Much:: There is not {~many~=much} milk left.',
  '',
  '::Pi:: What is the value of pi (to 3 decimal places)? {#3.1415:0.0005}.',
  '',
  '::Food:: Which animal eats which food? { =cat -> cat food =dog dog food }',
  '',
  'A description introducing the questions after it.',
  '',
].join('\n');

async function apiToken(request: APIRequestContext) {
  const response = await request.post('/api/auth/login', { data: DEMO.teacher });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function openImporter(page: Page, title: string) {
  await page.goto('/teacher/coursesList?tab=draft');
  await page.getByRole('button', { name: `Manage ${title}` }).click();
  await pickMenuItem(page, 'Question bank');
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Import GIFT' }).click();
  const importer = page.getByRole('dialog', { name: 'Import GIFT questions' });
  await importer
    .locator('input[type=file]')
    .setInputFiles({ name: 'moodle.gift', mimeType: 'text/plain', buffer: Buffer.from(FILE) });
  await importer.getByRole('button', { name: 'Preview' }).click();
  return importer;
}

test('a Moodle file previews as Moodle reads it, and importing it again warns about duplicates', async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/courses', {
    headers,
    data: { title: `GIFT preview ${Math.random().toString(36).slice(2, 8)}`, category: 'Development' },
  });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { id: string; title: string };

  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  let importer = await openImporter(page, course.title);
  const found = importer.getByRole('heading', { name: '4 questions found' });
  await expect(found).toBeVisible();
  // The Preview button gave way to Import: focus goes on at what was found.
  await expect(found).toBeFocused();
  await expect(importer.getByRole('alert')).toHaveCount(0);
  await expect(importer.getByRole('cell', { name: 'Numeric', exact: true })).toBeVisible();
  await expect(importer.getByRole('cell', { name: 'Description', exact: true })).toBeVisible();
  await expect(importer.getByRole('region', { name: '1 part refused' })).toContainText(
    'Line 10: The matching pair “dog dog food” has no “->”: write each pair as =item -> match.',
  );
  const notes = importer.getByRole('region', { name: '1 note' });
  await expect(notes).toContainText("Line 1: The category is longer than a tag's 50 characters");
  await expect(notes).not.toContainText('description');
  await importer.getByRole('button', { name: 'Import 4 questions' }).click();
  await expect(page.getByText('4 questions imported')).toBeVisible();
  await expect(importer).toBeHidden();
  // The bank lists the text without answers as a description.
  await expect(
    page.getByRole('row').filter({ hasText: 'A description introducing the questions after it.' }),
  ).toContainText('Description');

  importer = await openImporter(page, course.title);
  await expect(importer.getByRole('heading', { name: '4 questions found' })).toBeVisible();
  await expect(importer.getByRole('alert')).toContainText(
    "All 4 questions are already in this course's bank, with the same type and text. Importing adds them again",
  );
  await expect(importer.getByText('Already in the bank')).toHaveCount(4);
  await transitionsEnded(page);
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await transitionsEnded(page);
    await page.screenshot({ path: `e2e/.artifacts/screenshots/gift-import-again-${width}.png`, fullPage: true });
    await importer.screenshot({ path: `e2e/.artifacts/screenshots/gift-import-dialog-${width}.png` });
  }
  await expectNoAxeViolations(page);
});
