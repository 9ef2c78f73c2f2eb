import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, checkBothWidths, expect, logIn, test, uniqueEmail, pickMenuItem } from './support';

test.describe.configure({ timeout: 120_000 });

async function apiToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Setup through the API: a published course of one section with two lessons, by the demo teacher. */
async function smallCourse(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.teacher)}` };
  const post = async <T>(url: string, data: unknown) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), url).toBe(201);
    return (await response.json()) as T;
  };
  const suffix = Math.random().toString(36).slice(2, 8);
  const course = await post<{ id: string; title: string }>('/api/courses', {
    title: `Bread baking ${suffix}`,
    category: 'Business',
    status: 'published',
  });
  const section = await post<{ id: string }>(`/api/courses/${course.id}/sections`, { title: 'Dough' });
  const lesson = (title: string) =>
    post<{ id: string }>(`/api/courses/${course.id}/sections/${section.id}/lessons`, {
      title,
      published: true,
      durationMinutes: 5,
      bodyHtml: `<p>${title}: flour, water, salt, time.</p>`,
    });
  const lessons = [await lesson('Mixing and kneading'), await lesson('Shaping and baking')];
  return { course, lessons };
}

async function registerStudent(request: APIRequestContext, firstname: string, lastname: string) {
  const account = { email: uniqueEmail('baker'), password: 'a-long-enough-password-1' };
  const response = await request.post('/api/auth/register', {
    data: { ...account, firstname, lastname, phone: '+1 555 0100', role: 'student' },
  });
  expect(response.status()).toBe(201);
  return account;
}

test('a student completes a small course, gets the certificate and its public verification page', async ({
  page,
  request,
}) => {
  const { course, lessons } = await smallCourse(request);
  const student = await registerStudent(request, 'Lena', 'Learner');
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/?$/);
  const enrol = await request.post(`/api/courses/${course.id}/enrolment`, {
    headers: { authorization: `Bearer ${await apiToken(request, student)}` },
  });
  expect(enrol.ok()).toBe(true);

  // Work through both lessons in the player.
  await page.goto(`/learn/${course.id}/${lessons[0]!.id}`);
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByText('1 of 2 lessons completed · 50%')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shaping and baking' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByText('2 of 2 lessons completed · 100%')).toBeVisible();
  // The player says so, with the certificate at hand.
  const notice = page.getByRole('alert').filter({ hasText: 'Course completed' });
  await expect(notice.getByRole('button', { name: 'Certificate (PDF)' })).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Verification page' })).toHaveAttribute(
    'href',
    /^\/certificates\/[0-9A-Z]{16}$/,
  );
  await checkBothWidths(page, 'certificates-player-completed');

  // The dashboard's "Earn Badges" card counts the real badges: first lesson, first course.
  await page.goto('/student/dashboard');
  await expect(page.getByRole('group', { name: 'Earn Badges' })).toContainText('2');
  await checkBothWidths(page, 'certificates-dashboard-card');

  // The profile shows the badges.
  await page.goto('/student/accountDetails');
  const badges = page.getByRole('region', { name: 'Badges' });
  await expect(badges.getByText('2 of 5 earned.')).toBeVisible();
  await expect(badges.getByRole('listitem', { name: 'Course finisher: earned' })).toBeVisible();
  await expect(badges.getByRole('listitem', { name: 'Seven-day streak: not earned yet' })).toBeVisible();
  await checkBothWidths(page, 'certificates-profile-badges');

  // Enrolled Courses lists the certificate: the PDF downloads, the verification page opens.
  await page.goto('/student/enrolled-courses');
  const certificates = page.getByRole('region', { name: 'Certificates' });
  await expect(certificates.getByRole('link', { name: course.title, exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await certificates.getByRole('button', { name: `Download the certificate of ${course.title} (PDF)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lyceum-certificate-[0-9A-Z]{16}\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await checkBothWidths(page, 'certificates-list');

  await certificates.getByRole('link', { name: `Verification page of the certificate of ${course.title}` }).click();
  await expect(page).toHaveURL(/\/certificates\/[0-9A-Z]{16}$/);
  const verifyUrl = page.url();

  // The verification page is public: a visitor without a session sees the same.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(verifyUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Verified certificate' })).toBeVisible();
  await expect(page.getByText('Lena Learner')).toBeVisible();
  await expect(page.getByText(course.title)).toBeVisible();
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(student.email);
  await checkBothWidths(page, 'certificates-verify');

  // An unknown code is a clear "not found", with a field to try another code.
  await page.goto('/certificates/ZZZZZZZZZZZZZZZZ');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
  await checkBothWidths(page, 'certificates-not-found');
  await page.getByLabel('Verification code').fill(verifyUrl.split('/').pop()!.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verified certificate' })).toBeVisible();
});

test("the teacher sees the course's progress grid, sorts it and exports it as CSV", async ({ page, request }) => {
  const { course, lessons } = await smallCourse(request);
  const finisher = await registerStudent(request, 'Fiona', 'Finisher');
  const starter = await registerStudent(request, 'Sam', 'Starter');
  for (const [account, done] of [
    [finisher, 2],
    [starter, 0],
  ] as const) {
    const headers = { authorization: `Bearer ${await apiToken(request, account)}` };
    expect((await request.post(`/api/courses/${course.id}/enrolment`, { headers })).ok()).toBe(true);
    for (const lesson of lessons.slice(0, done)) {
      const res = await request.post(`/api/courses/${course.id}/items/${lesson.id}/completion`, { headers });
      expect(res.ok()).toBe(true);
    }
    // Sam opened the first lesson without finishing it.
    if (done === 0) {
      expect((await request.get(`/api/courses/${course.id}/lessons/${lessons[0]!.id}`, { headers })).ok()).toBe(true);
    }
  }

  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher\/?$/);
  await page.goto('/teacher/coursesList');
  await expect(page.getByRole('button', { name: `Manage ${course.title}` })).toBeVisible();
  await checkBothWidths(page, 'certificates-teacher-courses');
  await page.getByRole('button', { name: `Manage ${course.title}` }).click();
  await pickMenuItem(page, 'Student progress');
  await expect(page).toHaveURL(new RegExp(`/teacher/courses/${course.id}/progress`));
  await expect(page.getByRole('heading', { level: 1, name: 'Student progress' })).toBeVisible();
  await expect(page.getByText('2 students · 2 items')).toBeVisible();

  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Fiona Finisher');
  await expect(rows.nth(1)).toContainText('100%');
  await expect(rows.nth(2)).toContainText('Sam Starter');
  await expect(rows.nth(2).getByText('Opened')).toHaveCount(1);
  await checkBothWidths(page, 'certificates-progress-grid');

  // Sort by progress: ascending puts Sam first.
  await page.getByRole('button', { name: /^Progress/ }).click();
  await page.getByRole('button', { name: /^Progress/ }).click();
  await expect(page.getByRole('columnheader', { name: /Progress/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.nth(1)).toContainText('Sam Starter');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lyceum-progress-.*\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Dough: Mixing and kneading');
  expect(csv.indexOf('Sam Starter')).toBeLessThan(csv.indexOf('Fiona Finisher'));
});
