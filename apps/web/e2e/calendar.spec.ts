import { api, classWithLesson, tokenOf } from './api-setup';
import { DEMO, checkBothWidths, expect, logIn, test, uniqueEmail } from './support';

/**
 * Issue 49.2: a student's calendar shows their due dates on their own days and times (a browser in Tokyo), moves by
 * month and week with the keyboard alone, and takes them to the class; axe clean at 1280 and 390 px.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

test('a student in Tokyo reads a due date on their own day, moves through months and weeks by keyboard, and opens it', async ({
  page,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const email = uniqueEmail('calendar');
  const password = 'a-long-unusual-password';
  const registered = await request.post('/api/auth/register', {
    data: { email, firstname: 'Yui', lastname: `Kato${suffix}`, phone: '+81 3 0000 0002', password, role: 'student' },
  });
  expect(registered.status()).toBe(201);
  const student = await tokenOf(request, email, password);
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const { classId, code, lessonId } = await classWithLesson(request, teacher, {
    course: `Ink painting ${suffix}`,
    lesson: `Bamboo ${suffix}`,
    className: `Period 2 painting ${suffix}`,
  });
  await api(request, student, 'POST', '/api/classes/join', { code });
  // 16:30 UTC on 15 January 2030 is 01:30 on the 16th in Tokyo.
  await api(request, teacher, 'POST', `/api/classes/${classId}/assignments`, {
    itemId: lessonId,
    dueAt: '2030-01-15T16:30:00Z',
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email, password);
  await page.waitForURL(/\/student/);
  await page.getByRole('navigation', { name: 'Student area' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/student\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show my calendar address' })).toBeVisible();

  await page.goto('/student/calendar?view=month&day=2029-12-10');
  await expect(page.getByRole('table', { name: 'December 2029' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next month' });
  await next.focus();
  await page.keyboard.press('Enter');
  const january = page.getByRole('table', { name: 'January 2030' });
  await expect(january).toBeVisible();
  await expect(next).toBeFocused();
  const link = january.getByRole('link', { name: `Bamboo ${suffix}` });
  await expect(link.locator('xpath=ancestor::td[1]')).toContainText(/^16, 1 item due/);
  await expect(link.locator('xpath=ancestor::td[1]')).toContainText('Due 01:30');
  await checkBothWidths(page, 'calendar-month');

  // The week view, chosen from the keyboard: Tab to the view switch, arrow to Week.
  await page.getByRole('radio', { name: 'Month' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  // The week of the day the month view stood on (the 1st), then two weeks on.
  await expect(page.getByRole('heading', { level: 2, name: '31 Dec 2029 – 6 Jan 2030', exact: true })).toBeVisible();
  const nextWeek = page.getByRole('button', { name: 'Next week' });
  await nextWeek.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: '7 – 13 Jan 2030', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: '14 – 20 Jan 2030', exact: true })).toBeVisible();
  const wednesday = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Wed 16 Jan' }) });
  await expect(wednesday).toContainText(`Bamboo ${suffix}`);
  await expect(wednesday).toContainText(`Due 01:30 · Period 2 painting ${suffix}`);
  await checkBothWidths(page, 'calendar-week');

  await wednesday.getByRole('link', { name: `Bamboo ${suffix}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/student/classes/${classId}$`));
});
