import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, logIn, screenshot, test } from './support';

/** A course a teacher publishes, a demo student enrols in, then an admin unpublishes (all through the API). */
async function unpublishedUnderStudent(request: APIRequestContext) {
  const login = async (who: keyof typeof DEMO) => {
    const res = await request.post('/api/auth/login', {
      data: { email: DEMO[who].email, password: DEMO[who].password },
    });
    return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  };
  const [teacher, student, admin] = [await login('teacher'), await login('student'), await login('admin')];
  const title = `Etching ${Date.now()}`;
  const created = await request.post('/api/courses', {
    headers: teacher,
    data: { title, category: 'Design', status: 'published', aboutHtml: '<p>Plates, ink and paper.</p>' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.post(`/api/courses/${id}/enrolment`, { headers: student })).status()).toBe(200);
  expect((await request.post(`/api/admin/courses/${id}/unpublish`, { headers: admin })).status()).toBe(200);
  return { id, title, teacher };
}

test('an enrolled student still reaches a course after it is unpublished, read-only with a notice', async ({
  page,
}) => {
  const course = await unpublishedUnderStudent(page.request);
  await logIn(page, DEMO.student.email, DEMO.student.password);
  // The login has landed before the next address is opened (a goto during the login request lost the session).
  await page.waitForURL(/\/student/);
  await page.goto('/student/enrolled-courses');

  const card = page.getByRole('article').filter({ hasText: course.title });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Unpublished');
  await expect(card.getByRole('button', { name: `Mark complete: ${course.title}` })).toHaveCount(0);
  await screenshot(page, 'enrolled-unpublished-card-1280');

  await card.getByRole('link', { name: course.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByText('This course is no longer published')).toBeVisible();
  await expect(page.getByText('Course not found')).toHaveCount(0);
  await expect(page.getByText('Plates, ink and paper.')).toBeVisible();
  // The sidebar's Level row (the course kept the default level).
  await expect(page.getByRole('complementary', { name: 'Enrolment' })).toContainText('All levels');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'enrolled-unpublished-course-390');

  await page.request.delete(`/api/courses/${course.id}?confirm=true`, { headers: course.teacher });
});
