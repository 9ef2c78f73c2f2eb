import { formatDateTime } from '@lyceum/contract/constants';
import { api, classWithLesson, tokenOf } from './api-setup';
import { DEMO, checkBothWidths, expect, logIn, test, uniqueEmail } from './support';

/**
 * Issue 46.9: a student whose browser is in Tokyo sees a due date in Tokyo time on screen and in their notification
 * (the account took the browser's zone at sign-in), and changes the zone in My Account by keyboard.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ timezoneId: 'Asia/Tokyo' });

test('a student in Tokyo sees due dates in Tokyo time, on the class page and in the notification', async ({
  page,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const email = uniqueEmail('tokyo');
  const password = 'a-long-unusual-password';
  const registered = await request.post('/api/auth/register', {
    data: {
      email,
      firstname: 'Haruto',
      lastname: `Sato${suffix}`,
      phone: '+81 3 0000 0000',
      password,
      role: 'student',
    },
  });
  expect(registered.status()).toBe(201);

  // Signing in from a browser in Tokyo gives the account its zone.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email, password);
  await page.waitForURL(/\/student/);
  const student = await page.evaluate(() => localStorage.getItem('token'));
  const me = await api<{ timeZone: string | null }>(request, student!, 'GET', '/api/me');
  expect(me.timeZone).toBe('Asia/Tokyo');

  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const { classId, code, lessonId } = await classWithLesson(request, teacher, {
    course: `Japanese calligraphy ${suffix}`,
    lesson: `Brush strokes ${suffix}`,
    className: `Period 4 calligraphy ${suffix}`,
  });
  await api(request, student!, 'POST', '/api/classes/join', { code });
  // Three days ahead at 14:30 UTC: 23:30 in Tokyo.
  const due = new Date(Date.now() + 3 * 86_400_000);
  due.setUTCHours(14, 30, 0, 0);
  await api(request, teacher, 'POST', `/api/classes/${classId}/assignments`, {
    itemId: lessonId,
    dueAt: due.toISOString(),
  });

  const onScreen = formatDateTime(due, { style: 'weekday', timeZone: 'Asia/Tokyo' });
  expect(onScreen).toMatch(/23:30$/);
  await page.goto(`/student/classes/${classId}`);
  const card = page.getByRole('article').filter({ hasText: `Brush strokes ${suffix}` });
  await expect(card).toContainText(`Due ${onScreen}`);

  const inText = formatDateTime(due, { style: 'weekday', timeZone: 'Asia/Tokyo', zoneName: true });
  expect(inText).toMatch(/23:30 GMT\+9$/);
  await page.goto('/notifications');
  await expect(page.getByRole('main')).toContainText(`Due ${inText}.`);
  await checkBothWidths(page, 'time-zones-notifications');
});

test('My Account: the time zone is changed by keyboard; focus stays on Save and the saved zone is said', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('zone');
  const password = 'a-long-unusual-password';
  const registered = await request.post('/api/auth/register', {
    data: { email, firstname: 'Mika', lastname: 'Zone', phone: '+81 3 0000 0001', password, role: 'student' },
  });
  expect(registered.status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email, password);
  await page.waitForURL(/\/student/);
  await page.goto('/student/accountDetails#time-zone');

  const section = page.getByRole('region', { name: 'Time zone' });
  const select = section.getByRole('combobox', { name: 'Time zone' });
  await expect(select).toHaveValue(/^Asia \/ Tokyo/);
  await select.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('New York');
  await expect(page.getByRole('option', { name: /^America \/ New York/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue(/^America \/ New York/);
  await page.keyboard.press('Tab');
  const save = section.getByRole('button', { name: 'Save time zone' });
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText(
    /^Saved\. Dates now show in America \/ New York \(GMT-[45]\)\.$/,
  );
  await expect(save).toBeFocused();

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await api<{ timeZone: string | null }>(request, token!, 'GET', '/api/me');
  expect(me.timeZone).toBe('America/New_York');
  await checkBothWidths(page, 'time-zones-account');
});
