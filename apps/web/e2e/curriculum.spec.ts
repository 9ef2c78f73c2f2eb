import type { APIRequestContext } from '@playwright/test';
import { DEMO, checkBothWidths, expect, expectNoAxeViolations, logIn, screenshot, test, uniqueEmail } from './support';

test.describe.configure({ timeout: 120_000 });

async function apiToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Setup through the API: a published course of two sections and three lessons, the first a free preview. */
async function courseWithLessons(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.teacher)}` };
  const post = async <T>(url: string, data: unknown) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), url).toBe(201);
    return (await response.json()) as T;
  };
  const suffix = Math.random().toString(36).slice(2, 8);
  const course = await post<{ id: string; title: string }>('/api/courses', {
    title: `Watercolour basics ${suffix}`,
    category: 'Design',
    status: 'published',
  });
  const s1 = await post<{ id: string }>(`/api/courses/${course.id}/sections`, { title: 'Materials' });
  const s2 = await post<{ id: string }>(`/api/courses/${course.id}/sections`, { title: 'Techniques' });
  const lesson = (sectionId: string, title: string, extra: object = {}) =>
    post<{ id: string }>(`/api/courses/${course.id}/sections/${sectionId}/lessons`, {
      title,
      published: true,
      durationMinutes: 10,
      bodyHtml: `<p>${title}: what to do, step by step.</p>`,
      ...extra,
    });
  const l1 = await lesson(s1.id, 'Choosing paper', { preview: true });
  const l2 = await lesson(s1.id, 'Brushes and paint');
  const l3 = await lesson(s2.id, 'Wet on wet');
  return { course, lessons: [l1, l2, l3] };
}

async function registerStudent(request: APIRequestContext) {
  const account = { email: uniqueEmail('learner'), password: 'a-long-enough-password-1' };
  const response = await request.post('/api/auth/register', {
    data: { ...account, firstname: 'Lena', lastname: 'Learner', phone: '+1 555 0100', role: 'student' },
  });
  expect(response.status()).toBe(201);
  return account;
}

test('a student sees locks, opens the preview, enrols, works through lessons and resumes at the right one', async ({
  page,
  request,
}) => {
  const { course, lessons } = await courseWithLessons(request);
  const student = await registerStudent(request);
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/?$/);

  // Course details: the outline for someone not enrolled.
  await page.goto(`/course-details/${course.id}`);
  const content = page.getByRole('region', { name: 'Course content' });
  await expect(content.getByText('2 sections · 3 lessons · 30 min total length')).toBeVisible();
  await expect(content.getByText('Enrol to open', { exact: true })).toHaveCount(2);
  await expect(content.getByRole('link', { name: 'Brushes and paint' })).toHaveCount(0);
  await checkBothWidths(page, 'curriculum-outline-locked');

  // A locked lesson's address shows the lock; the preview lesson opens.
  await page.goto(`/learn/${course.id}/${lessons[1]!.id}`);
  await expect(page.getByRole('heading', { name: 'This lesson is locked' })).toBeVisible();
  await page.goto(`/course-details/${course.id}`);
  await content.getByRole('link', { name: 'Choosing paper' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choosing paper' })).toBeVisible();
  await expect(page.getByText('This is a free preview.')).toBeVisible();

  // Enrol, then start learning.
  await page.goto(`/course-details/${course.id}`);
  await page.getByRole('button', { name: /enrol/i }).first().click();
  await content.getByRole('link', { name: 'Start learning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choosing paper' })).toBeVisible();
  await expect(page.getByText('Lesson 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();
  await expect(page.getByText('1 of 3 lessons completed · 33%')).toBeVisible();
  await checkBothWidths(page, 'curriculum-player');

  // The outline on a phone is a collapsible panel with ticks.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole('button', { name: 'Show the course outline' }).click();
  await expect(page.getByRole('link', { name: 'Choosing paper (completed)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'curriculum-player-outline-390');
  await page.getByRole('link', { name: 'Brushes and paint' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brushes and paint' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Keyboard: Alt+Shift+→ goes to the next lesson; Alt+Shift+← back.
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect(page.getByRole('heading', { level: 1, name: 'Wet on wet' })).toBeVisible();
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect(page.getByRole('heading', { level: 1, name: 'Brushes and paint' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByText('2 of 3 lessons completed · 66%')).toBeVisible();

  // Leave and come back: the home card resumes at the lesson opened last.
  await page.goto('/');
  const card = page.getByRole('group', { name: 'Continue learning' });
  await expect(card.getByText(course.title)).toBeVisible();
  await expect(card.getByText('Lesson 2 of 3 · 66% complete')).toBeVisible();
  await card.getByRole('link', { name: `Continue the course ${course.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brushes and paint' })).toBeVisible();

  // Finishing the last lesson completes the course.
  await page.getByRole('link', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByText('3 of 3 lessons completed · 100%')).toBeVisible();
  await page.goto('/student/enrolled-courses');
  await page.getByRole('tab', { name: 'Completed Courses' }).click();
  const completed = page.getByRole('article', { name: course.title });
  await expect(completed.getByText('3 of 3 lessons')).toBeVisible();
  await expect(completed.getByRole('button', { name: /Mark complete/ })).toHaveCount(0);
});
