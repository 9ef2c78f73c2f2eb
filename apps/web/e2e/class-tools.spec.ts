import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, checkBothWidths, expect, expectNoAxeViolations, logIn, test, uniqueEmail } from './support';

// Issue 46.4 and the header part of 46.7: editing an assignment, its accommodation, its Turned in / Assigned /
// Missing lists, the past-due warning, and "Join a class" from the header.
test.describe.configure({ timeout: 180_000 });

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

/** A new student account, signed in through the API. */
async function newStudent(request: APIRequestContext, lastname: string) {
  const email = uniqueEmail(`tools${lastname.toLowerCase()}`);
  const password = 'a-long-unusual-password';
  const registered = await request.post('/api/auth/register', {
    data: { email, firstname: 'Tia', lastname, phone: '+1 555 0103', password, role: 'student' },
  });
  expect(registered.status()).toBeLessThan(300);
  return { email, password, name: `Tia ${lastname}`, token: await tokenOf(request, email, password) };
}

/** A datetime-local value for an instant, in the browser's zone (the e2e browser runs in the machine's). */
async function localInput(page: Page, at: number) {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, at);
}

test('a teacher sees who turned an assignment in, edits its dates and sets an accommodation on it', async ({
  page,
  request,
}) => {
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const suffix = Math.random().toString(36).slice(2, 7);
  const lessonCourse = `Reading club ${suffix}`;
  const course = await api<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title: lessonCourse,
    category: 'Development',
    status: 'published',
  });
  // A second course of the teacher, for the class's settings.
  const secondTitle = `Writing club ${suffix}`;
  await api(request, teacher, 'POST', '/api/courses', {
    title: secondTitle,
    category: 'Development',
    status: 'published',
  });
  const section = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/sections`, {
    title: 'Week 1',
  });
  const lessonTitle = `Chapter one ${suffix}`;
  const lesson = await api<{ id: string }>(
    request,
    teacher,
    'POST',
    `/api/courses/${course.id}/sections/${section.id}/lessons`,
    { title: lessonTitle, published: true, durationMinutes: 5 },
  );
  const cls = await api<{ id: string; code: string }>(request, teacher, 'POST', '/api/classes', {
    name: `Tools ${suffix}`,
    courseIds: [course.id],
  });
  const reader = await newStudent(request, `Reader${suffix}`);
  const idle = await newStudent(request, `Idle${suffix}`);
  for (const s of [reader, idle]) await api(request, s.token, 'POST', '/api/classes/join', { code: cls.code });
  // Due in a few seconds: both were members before it; the reader reads it, the other does not.
  await api(request, teacher, 'POST', `/api/classes/${cls.id}/assignments`, {
    itemId: lesson.id,
    dueAt: new Date(Date.now() + 3_000).toISOString(),
  });
  await api(request, reader.token, 'POST', `/api/courses/${course.id}/items/${lesson.id}/completion`);
  await expect
    .poll(
      async () =>
        (
          await api<{ items: { missingCount: number }[] }>(
            request,
            teacher,
            'GET',
            `/api/classes/${cls.id}/assignments`,
          )
        ).items[0]!.missingCount,
      { message: 'the due date passes', timeout: 30_000 },
    )
    .toBe(1);

  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/classes/${cls.id}`);
  await page.getByRole('tab', { name: 'Assignments' }).click();
  const card = page.getByRole('article', { name: lessonTitle });
  await expect(card.getByText('1 of 2 done · 0 late · 1 missing')).toBeVisible();
  await checkBothWidths(page, 'class-tools-assignments');

  // Turned in / Assigned / Missing.
  const who = card.getByRole('button', { name: `Who turned in ${lessonTitle}` });
  await who.click();
  const lists = page.getByRole('dialog', { name: `Who turned in ${lessonTitle}` });
  await expect(lists.getByRole('tab', { name: 'Turned in (1)' })).toBeFocused();
  await expect(lists.getByRole('list', { name: 'Turned in' }).getByText(reader.name)).toBeVisible();
  await checkBothWidths(page, 'class-tools-lists');
  await lists.getByRole('tab', { name: 'Missing (1)' }).click();
  await expect(lists.getByRole('list', { name: 'Missing' }).getByText(idle.name)).toBeVisible();
  await lists.getByRole('tab', { name: 'Assigned (0)' }).click();
  await expect(lists.getByText('Nobody is waiting to do it.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(lists).toBeHidden();
  await expect(who).toBeFocused();

  // Edit: a past due date is warned about; a later one takes the idle student off the missing list.
  const edit = card.getByRole('button', { name: `Edit ${lessonTitle}` });
  await edit.click();
  const editor = page.getByRole('dialog', { name: `Edit ${lessonTitle}` });
  const due = editor.getByRole('textbox', { name: 'Due', exact: true });
  await due.fill(await localInput(page, Date.now() - 24 * 3_600_000));
  await expect(editor.getByText('This due date has already passed')).toBeVisible();
  await checkBothWidths(page, 'class-tools-edit-past-due');
  await due.fill(await localInput(page, Date.now() + 7 * 24 * 3_600_000));
  await expect(editor.getByText('This due date has already passed')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(card.getByText('1 of 2 done · 0 late · 0 missing')).toBeVisible();

  // An accommodation on this assignment only.
  const accommodate = card.getByRole('button', { name: `Accommodation on ${lessonTitle}` });
  await accommodate.click();
  const accommodation = page.getByRole('dialog', { name: `Accommodation on ${lessonTitle}` });
  const learner = accommodation
    .getByRole('textbox', { name: 'Learner' })
    .or(accommodation.getByRole('combobox', { name: 'Learner' }));
  await expect(learner).toBeFocused();
  await learner.fill(idle.name);
  await page.getByRole('option', { name: idle.name }).click();
  await accommodation.getByLabel('Extend the due date by (days)').fill('2');
  await expectNoAxeViolations(page);
  await accommodation.getByRole('button', { name: 'Save' }).click();
  await expect(accommodation).toBeHidden();
  await expect(accommodate).toBeFocused();
  await expect(card.getByText(`${idle.name}: +2 days to due dates (this assignment)`)).toBeVisible();

  // Settings: the class's dates and courses change.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const details = page.getByRole('form', { name: 'Class details' });
  await details.getByLabel('Ends on (optional)').fill('2027-06-30');
  await details.getByRole('checkbox', { name: secondTitle }).check();
  await checkBothWidths(page, 'class-tools-settings');
  const save = details.getByRole('button', { name: 'Save details' });
  await save.click();
  await expect(page.getByText('Class details saved')).toBeVisible();
  await expect(save).toBeFocused();
  await expect(page.locator('header, main').getByText(secondTitle, { exact: true }).first()).toBeVisible();
  const saved = await api<{ endsOn: string; courses: { title: string }[] }>(
    request,
    teacher,
    'GET',
    `/api/classes/${cls.id}`,
  );
  expect(saved.endsOn).toBe('2027-06-30');
  expect(saved.courses.map((c) => c.title).sort()).toEqual([lessonCourse, secondTitle].sort());
  await page.getByRole('tab', { name: 'Assignments' }).click();

  // A new assignment with a past due date: warned; Cancel goes back to "Assign work".
  const assignWork = page.getByRole('button', { name: 'Assign work' });
  await assignWork.click();
  const form = page.getByRole('form', { name: 'Assign work' });
  await form.getByRole('textbox', { name: 'Due', exact: true }).fill(await localInput(page, Date.now() - 3_600_000));
  await expect(form.getByText('This due date has already passed')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(assignWork).toBeFocused();
});

test('a signed-in student reaches "Join a class" from the header in a few Tab presses', async ({ page }) => {
  await logIn(page, DEMO.student.email, DEMO.student.password);
  await page.waitForURL(/\/student/);
  await page.goto('/');
  await checkBothWidths(page, 'class-tools-header-student');
  let presses = 0;
  for (; presses < 10; presses++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (name === 'Join a class') break;
  }
  expect(presses + 1, 'Tab presses from the top of the home page').toBeLessThanOrEqual(10);
  await expect(page.getByRole('link', { name: 'Join a class' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/join$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join a class' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Access code' })).toBeFocused();
  await checkBothWidths(page, 'class-tools-join-from-header');

  // On a phone it is in the menu.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Join a class' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
});
