import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, transitionsEnded, uniqueEmail } from './support';

test.describe.configure({ timeout: 180_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const PDF = path.join(here, 'fixtures', 'lab-report.pdf');

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

async function api<T>(request: APIRequestContext, token: string, method: string, url: string, data?: object) {
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json().catch(() => null)) as T;
}

/** A published course of the demo teacher with an assignment (a task taking text and up to 2 files). */
async function setUp(request: APIRequestContext) {
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const course = await api<{ id: string; title: string }>(request, teacher, 'POST', '/api/courses', {
    title: `Physics lab ${Date.now()}`,
    category: 'Development',
    status: 'published',
  });
  const section = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/sections`, {
    title: 'Week 1',
  });
  const task = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/questions`, {
    title: 'Pendulum report',
    prompt: '<p>Hand in your lab report on the pendulum (PDF), with a short summary.</p>',
    points: 10,
    content: { type: 'task', body: { allowText: true, allowFiles: true, maxFiles: 2 }, key: {} },
  });
  const draft = await api<{ id: string; version: number }>(
    request,
    teacher,
    'POST',
    `/api/courses/${course.id}/sections/${section.id}/assessments`,
    {
      title: 'Pendulum lab report',
      kind: 'assignment',
      points: 10,
      releaseScore: 'manual',
      releaseFeedback: 'manual',
      releaseAnswers: 'manual',
    },
  );
  const parts = await api<{ version: number }>(
    request,
    teacher,
    'PUT',
    `/api/courses/${course.id}/assessments/${draft.id}/parts`,
    { version: draft.version, parts: [{ mode: 'fixed', questionIds: [task.id] }] },
  );
  await api(request, teacher, 'POST', `/api/courses/${course.id}/assessments/${draft.id}/publish`, {
    version: parts.version,
    published: true,
  });
  const student = { email: uniqueEmail('handin'), password: 'a-long-unusual-password' };
  const registered = await request.post('/api/auth/register', {
    data: { ...student, firstname: 'Noor', lastname: 'Haddad', phone: '+1 555 0102', role: 'student' },
  });
  expect(registered.status()).toBe(201);
  await api(
    request,
    await tokenOf(request, student.email, student.password),
    'POST',
    `/api/courses/${course.id}/enrolment`,
  );
  return { course, student };
}

async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await transitionsEnded(page);
    await screenshot(page, `${name}-${width}`);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a student hands in a PDF on an assignment and submits; the teacher downloads it in the grading inbox and grades it', async ({
  page,
  request,
}) => {
  const { course, student } = await setUp(request);

  // ---- The student starts the assignment, writes a summary and hands in the PDF.
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(`/course-details/${course.id}`);
  await page.getByRole('link', { name: 'Pendulum lab report' }).click();
  await page.getByRole('button', { name: 'Start attempt' }).click();
  await page.waitForURL(/\/student\/attempts\//);
  const card = page.getByRole('region', { name: /^Question 1\b/ });
  await card.getByRole('textbox', { name: 'Your answer' }).fill('Ten swings took 20.1 s, so g ≈ 9.8 m/s².');
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();

  const files = card.getByRole('group', { name: 'Files' });
  await files.locator('input[type="file"]').setInputFiles(PDF);
  await expect(files.getByRole('button', { name: 'lab-report.pdf', exact: true })).toBeVisible();
  await expect(files.getByText('1 of 2 handed in')).toBeVisible();

  // A page disguised as a PDF is refused, and the page says why in words.
  await files.locator('input[type="file"]').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
  });
  await expect(files.getByRole('alert')).toContainText('“notes.pdf” cannot be handed in: only PDF, images');
  await checkBothWidths(page, 'assignment-player-refused');
  await files.getByRole('button', { name: 'Dismiss the message about notes.pdf' }).click();
  await expect(files.getByRole('alert')).toHaveCount(0);
  await checkBothWidths(page, 'assignment-player-file');

  // The file survives a reload; then the attempt is submitted.
  await page.reload();
  await expect(files.getByRole('button', { name: 'lab-report.pdf', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit your answers?' });
  await expect(confirm.getByText('Every question is answered.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Attempt submitted', level: 1 })).toBeVisible();

  // ---- The teacher opens the grading inbox, downloads the PDF and grades the answer.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/courses/${course.id}/grading`);
  await expect(page.getByRole('heading', { name: 'Grading', level: 1 })).toBeVisible();
  await expect(page.getByText('Answer 1 of 1 · 1 left to grade')).toBeVisible();
  await expect(page.getByText('Ten swings took 20.1 s')).toBeVisible();
  await expect(page.getByText('Files handed in (1)')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'lab-report.pdf', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('lab-report.pdf');
  const saved = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
  await checkBothWidths(page, 'assignment-grading');

  const score = page.getByRole('textbox', { name: 'Score (out of 10)' });
  await score.fill('8.5');
  await page.getByRole('textbox', { name: 'Comment' }).fill('Clear method; add the error on the period.');
  await score.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('0 left to grade')).toBeVisible();
});
