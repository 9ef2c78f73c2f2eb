import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, pickMenuItem } from './support';

test.describe.configure({ timeout: 90_000 });

async function createDraftCourse(request: APIRequestContext, title: string): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.teacher.email, password: DEMO.teacher.password },
  });
  const { token } = (await login.json()) as { token: string };
  const response = await request.post('/api/courses', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, category: 'Development', status: 'draft' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const GIFT = `// A teacher's bank from Moodle
$CATEGORY: week1

::Capital of France:: What is the capital of France? {=Paris ~Lyon ~Marseille}

::Sunrise:: The sun rises in the east. {T}

::Broken question:: This one never closes its answers {=a ~b

::Gravity:: g in m/s²? {#9.81:0.05}
`;

test('a teacher imports a GIFT file into a course bank and sees its questions', async ({ page, request }) => {
  const title = `Bank course ${Date.now()}`;
  await createDraftCourse(request, title);
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);

  await page.goto('/teacher/coursesList?tab=draft');
  await page.getByRole('button', { name: `Manage ${title}` }).click();
  await pickMenuItem(page, 'Question bank');
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeVisible();
  await expect(page.getByText('No questions yet')).toBeVisible();

  await page.getByRole('button', { name: 'Import GIFT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import GIFT questions' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'week1.gift', mimeType: 'text/plain', buffer: Buffer.from(GIFT) });
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // The preview lists every question parsed and every part refused, with its line; nothing is saved yet.
  await expect(dialog.getByRole('heading', { name: '3 questions found' })).toBeVisible();
  const parsed = dialog.getByRole('table');
  await expect(parsed.getByRole('row')).toHaveCount(4);
  await expect(parsed.getByRole('row', { name: /4 Multiple choice Capital of France/ })).toBeVisible();
  await expect(parsed.getByRole('row', { name: /10 Numeric Gravity/ })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: '1 part refused' })).toBeVisible();
  await expect(dialog.getByText('Line 8:')).toBeVisible();
  await expect(dialog.getByText('::Broken question:: This one never closes its answers {=a ~b')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'question-bank-import-preview');

  await dialog.getByRole('button', { name: 'Import 3 questions' }).click();
  await expect(page.getByText('3 questions imported')).toBeVisible();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table');
  for (const name of ['Capital of France', 'Sunrise', 'Gravity'])
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Broken question' })).toHaveCount(0);
  await expect(page.getByText('3 questions', { exact: true })).toBeVisible();

  // Filters narrow the list.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'True / false' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'Sunrise', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'question-bank-1280');

  // The teacher opens a question in its type's editor.
  await table.getByRole('button', { name: 'Edit Sunrise' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit question' });
  await expect(editor.getByRole('textbox', { name: 'Title' })).toHaveValue('Sunrise');
  await expect(editor.getByRole('radio', { name: 'True' })).toBeChecked();
  await expectNoAxeViolations(page);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole('button', { name: 'Edit Sunrise' })).toBeInViewport();
  await expectNoAxeViolations(page);
  await screenshot(page, 'question-bank-390');
});
