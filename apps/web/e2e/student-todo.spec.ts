import type { StudentTodo } from '@lyceum/contract';
import { formatDateTime } from '@lyceum/contract/constants';
import { api, tokenOf } from './api-setup';
import { DEMO, checkBothWidths, expect, logIn, test, uniqueEmail } from './support';

/**
 * Issue 49.1: a student of two classes opens Lyceum on their To do — overdue work, work due today, the course in
 * progress, in that order — with the due dates in their own zone, one keyboard stop per item, axe clean at 1280 and
 * 390 px. The browser's clock is pinned (page.clock) at the moment the page is read.
 */
test.describe.configure({ timeout: 180_000 });

/** A zone where it is morning now (9:00 or the nearest hour), so work due in three hours is due today there. */
const ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'UTC',
  'Europe/Paris',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Auckland',
  'Pacific/Kiritimati',
];
const hourIn = (zone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(new Date()));
const ZONE = ZONES.reduce((best, zone) => (Math.abs(hourIn(zone) - 9) < Math.abs(hourIn(best) - 9) ? zone : best));
test.use({ timezoneId: ZONE });

test('a student of two classes sees overdue, due-today and in-progress work in that order, with their dates', async ({
  page,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const email = uniqueEmail('todo');
  const password = 'a-long-unusual-password';
  const registered = await request.post('/api/auth/register', {
    data: { email, firstname: 'Noor', lastname: `Todo${suffix}`, phone: '+1 555 0100', password, role: 'student' },
  });
  expect(registered.status()).toBe(201);
  const student = await tokenOf(request, email, password);
  await api(request, student, 'PATCH', '/api/me', { timeZone: ZONE });

  // Two courses of the demo teacher, each taught in a class the student joins.
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const courseWith = async (title: string, lessons: string[]) => {
    const course = await api<{ id: string }>(request, teacher, 'POST', '/api/courses', {
      title,
      category: 'Development',
      status: 'published',
    });
    const section = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/sections`, {
      title: 'Week 1',
    });
    const ids: string[] = [];
    for (const lesson of lessons)
      ids.push(
        (
          await api<{ id: string }>(
            request,
            teacher,
            'POST',
            `/api/courses/${course.id}/sections/${section.id}/lessons`,
            { title: lesson, published: true, durationMinutes: 5, bodyHtml: '<p>Read this.</p>' },
          )
        ).id,
      );
    return { id: course.id, lessons: ids };
  };
  const algebra = await courseWith(`Algebra ${suffix}`, [`Fractions ${suffix}`, `Decimals ${suffix}`]);
  const biology = await courseWith(`Biology ${suffix}`, [`Cells ${suffix}`]);
  const classWith = async (name: string, courseId: string) => {
    const cls = await api<{ id: string; code: string }>(request, teacher, 'POST', '/api/classes', {
      name,
      courseIds: [courseId],
    });
    await api(request, student, 'POST', '/api/classes/join', { code: cls.code });
    return cls;
  };
  const period1 = await classWith(`Period 1 algebra ${suffix}`, algebra.id);
  const period2 = await classWith(`Period 2 biology ${suffix}`, biology.id);

  // Due in a few seconds (so it is overdue by the time the page is read, though set after the student joined), and
  // due in three hours (today, in a zone where it is morning).
  const overdueAt = new Date(Date.now() + 4_000);
  const todayAt = new Date(Date.now() + 3 * 3_600_000);
  await api(request, teacher, 'POST', `/api/classes/${period1.id}/assignments`, {
    itemId: algebra.lessons[0],
    dueAt: overdueAt.toISOString(),
  });
  await api(request, teacher, 'POST', `/api/classes/${period2.id}/assignments`, {
    itemId: biology.lessons[0],
    dueAt: todayAt.toISOString(),
  });
  // In progress: the student opened the algebra course's second lesson.
  await api(request, student, 'GET', `/api/courses/${algebra.id}/lessons/${algebra.lessons[1]}`);
  await expect
    .poll(async () => (await api<StudentTodo>(request, student, 'GET', '/api/me/todo')).overdue.items.length, {
      message: 'the first assignment becomes overdue',
      timeout: 30_000,
    })
    .toBe(1);

  await page.clock.setFixedTime(new Date());
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email, password);
  await page.waitForURL(/\/student/);
  await page.goto('/student');

  const todo = page.getByRole('region', { name: 'To do' });
  await expect(todo.getByRole('heading', { level: 3 })).toHaveText(['Overdue', 'Due today', 'Continue']);
  const overdue = todo.getByRole('region', { name: 'Overdue' });
  await expect(overdue.getByRole('link')).toHaveText([`Fractions ${suffix}`]);
  await expect(overdue).toContainText(`Period 1 algebra ${suffix} · Algebra ${suffix}`);
  await expect(overdue).toContainText(`Was due ${formatDateTime(overdueAt, { style: 'weekday', timeZone: ZONE })}`);
  await expect(overdue.getByText('Late', { exact: true })).toBeVisible();
  const today = todo.getByRole('region', { name: 'Due today' });
  await expect(today.getByRole('link')).toHaveText([`Cells ${suffix}`]);
  await expect(today).toContainText(`Period 2 biology ${suffix} · Biology ${suffix}`);
  await expect(today).toContainText(`Due ${formatDateTime(todayAt, { style: 'weekday', timeZone: ZONE })}`);
  const next = todo.getByRole('region', { name: 'Continue' });
  await expect(next.getByRole('link')).toHaveText([`Decimals ${suffix}`]);
  await expect(next).toContainText(`Next in Algebra ${suffix}`);

  // The keyboard reaches each item, in the order shown.
  const items = [`Fractions ${suffix}`, `Decimals ${suffix}`, `Cells ${suffix}`];
  const reached: string[] = [];
  await page.locator('body').focus();
  for (let press = 0; press < 80 && reached.length < items.length; press++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (items.includes(name)) reached.push(name);
  }
  expect(reached).toEqual([`Fractions ${suffix}`, `Cells ${suffix}`, `Decimals ${suffix}`]);

  await checkBothWidths(page, 'student-todo');

  // One click opens the work.
  await today.getByRole('link', { name: `Cells ${suffix}` }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/${biology.id}/${biology.lessons[0]}`));
});
