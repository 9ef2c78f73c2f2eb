import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, uniqueEmail, pickMenuItem } from './support';

test.describe.configure({ timeout: 240_000 });

/** Twenty questions of every type GIFT has: ten tagged "core" (Moodle category), ten tagged "pool". */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/twenty-questions.gift');
const CORE = [
  'Capital of France',
  'Prime numbers',
  'Sunrise',
  'Moon cheese',
  'Organelle',
  'River',
  'Kingdoms',
  'Gravity',
  'Boiling point',
  'Reflection',
];

async function apiToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** A published course with a section "Week 1" and an enrolled student; the bank stays empty for the import. */
async function setUp(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.teacher)}` };
  const suffix = Math.random().toString(36).slice(2, 8);
  const created = await request.post('/api/courses', {
    headers,
    data: { title: `GIFT course ${suffix}`, category: 'Development', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { id: string; title: string };
  const section = await request.post(`/api/courses/${course.id}/sections`, { headers, data: { title: 'Week 1' } });
  expect(section.status()).toBe(201);
  const student = { email: uniqueEmail('gift-taker'), password: 'a-long-enough-password-1' };
  const registered = await request.post('/api/auth/register', {
    data: { ...student, firstname: 'Gia', lastname: 'Taker', phone: '+1 555 0102', role: 'student' },
  });
  expect(registered.status()).toBe(201);
  const enrol = await request.post(`/api/courses/${course.id}/enrolment`, {
    headers: { authorization: `Bearer ${await apiToken(request, student)}` },
  });
  expect(enrol.ok()).toBe(true);
  return { course, student };
}

const question = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Question ${n}\\b`) });

async function press(page: Page, target: ReturnType<Page['getByRole']>, key: string) {
  await target.focus();
  await page.keyboard.press(key);
}

async function typeInto(page: Page, target: ReturnType<Page['getByRole']>, text: string) {
  await target.focus();
  await page.keyboard.type(text);
}

test('a teacher imports 20 GIFT questions, builds a timed quiz of 10 fixed + 5 drawn; a student takes it by keyboard', async ({
  page,
  request,
}) => {
  const { course, student } = await setUp(request);

  // ---- Import the GIFT file through the bank's import screen.
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto('/teacher/coursesList');
  await page.getByRole('button', { name: `Manage ${course.title}` }).click();
  await pickMenuItem(page, 'Question bank');
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Import GIFT' }).click();
  const importer = page.getByRole('dialog', { name: 'Import GIFT questions' });
  await importer.locator('input[type=file]').setInputFiles(FIXTURE);
  await importer.getByRole('button', { name: 'Preview' }).click();
  await expect(importer.getByRole('heading', { name: '20 questions found' })).toBeVisible();
  const parsed = importer.getByRole('table');
  for (const type of ['Multiple choice', 'True / false', 'Short answer', 'Fill in the blank', 'Matching', 'Numeric'])
    await expect(parsed.getByRole('cell', { name: type, exact: true }).first()).toBeVisible();
  await expect(parsed.getByRole('cell', { name: 'Essay', exact: true })).toBeVisible();
  await importer.getByRole('button', { name: 'Import 20 questions' }).click();
  await expect(page.getByText('20 questions imported')).toBeVisible();
  await expect(importer).toBeHidden();

  // ---- A timed quiz: the ten "core" questions fixed, five drawn from "pool".
  await page.goto('/teacher/coursesList');
  await page.getByRole('button', { name: `Manage ${course.title}` }).click();
  await pickMenuItem(page, 'Assessments');
  await page.getByRole('button', { name: 'New assessment in Week 1' }).click();
  const create = page.getByRole('dialog', { name: 'New assessment in “Week 1”' });
  await create.getByLabel('Title').fill('GIFT quiz');
  await create.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page.getByRole('heading', { name: 'GIFT quiz', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add bank questions' }).click();
  const picker = page.getByRole('dialog', { name: 'Add questions from the bank' });
  await picker.getByRole('textbox', { name: 'Tag' }).fill('core');
  await expect(picker.getByRole('checkbox')).toHaveCount(10);
  for (const title of CORE) await picker.getByRole('checkbox', { name: new RegExp(`^${title} ·`) }).check();
  await picker.getByRole('button', { name: 'Add 10 questions' }).click();
  await expect(picker).toBeHidden();
  await page.getByRole('button', { name: 'Add a random draw' }).click();
  await page.getByRole('textbox', { name: 'Tag' }).fill('pool');
  await page.getByRole('textbox', { name: 'How many' }).fill('5');
  await page.getByRole('button', { name: 'Save questions' }).click();
  await expect(page.getByText('Questions saved')).toBeVisible();
  await expect(page.getByText('15 questions per attempt')).toBeVisible();
  await expect(page.getByText('10 questions carry this tag')).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Time limit' }).check();
  await page.getByRole('textbox', { name: 'Minutes' }).fill('30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Assessment published')).toBeVisible();

  // ---- The student takes it with the keyboard alone.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(`/course-details/${course.id}`);
  await page.getByRole('link', { name: 'GIFT quiz' }).click();
  await expect(page.getByText(/Time limit: 30 minutes/)).toBeVisible();
  await expect(page.getByText(/15 questions/)).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Start attempt' }), 'Enter');
  await page.waitForURL(/\/student\/attempts\//);

  await press(page, question(page, 1).getByRole('radio', { name: 'Paris' }), 'Space');
  await press(page, question(page, 2).getByRole('checkbox', { name: 'Two' }), 'Space');
  await press(page, question(page, 2).getByRole('checkbox', { name: 'Three' }), 'Space');
  await press(page, question(page, 3).getByRole('radio', { name: 'True' }), 'Space');
  await press(page, question(page, 4).getByRole('radio', { name: 'False' }), 'Space');
  await typeInto(page, question(page, 5).getByRole('textbox', { name: 'Your answer' }), 'mitochondria');
  await typeInto(page, question(page, 6).getByRole('textbox', { name: 'Blank 1' }), 'Paris');
  await typeInto(page, question(page, 7).getByRole('combobox', { name: 'cat' }), 'an');
  await typeInto(page, question(page, 7).getByRole('combobox', { name: 'rose' }), 'pl');
  await typeInto(page, question(page, 7).getByRole('combobox', { name: 'trout' }), 'an');
  await typeInto(page, question(page, 8).getByRole('textbox', { name: /^Your answer/ }), '9.8');
  await typeInto(page, question(page, 9).getByRole('textbox', { name: /^Your answer/ }), '100');
  await typeInto(page, question(page, 10).getByRole('textbox', { name: 'Your answer' }), 'GIFT imports keep banks.');
  for (let n = 11; n <= 15; n += 1) {
    await expect(question(page, n)).toContainText(/Pool statement/);
    await press(page, question(page, n).getByRole('radio', { name: 'True' }), 'Space');
  }
  await expect(page.getByText('All answers saved')).toBeVisible();
  for (let n = 1; n <= 15; n += 1)
    await expect(page.getByRole('button', { name: `Question ${n}, answered` })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'gift-quiz-taking-1280');

  await press(page, page.getByRole('button', { name: 'Submit…' }), 'Enter');
  const confirm = page.getByRole('dialog', { name: 'Submit your answers?' });
  await press(page, confirm.getByRole('button', { name: 'Submit' }), 'Enter');
  await expect(page.getByRole('heading', { name: 'Attempt submitted', level: 1 })).toBeVisible();
  await expect(page.getByText('15 of 15')).toBeVisible();
  // The essay waits for the teacher.
  await expect(page.getByText('Needs grading')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'gift-quiz-receipt-1280');
});
