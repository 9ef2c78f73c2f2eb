import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, logIn, test, uniqueEmail } from './support';
import { gradingCourse } from './grading-setup';

/**
 * Every action moves focus to its natural next place, never to `<body>` (issue 46.14): a keyboard or screen-reader
 * user goes on from where they acted, or from the new page's heading.
 */
const PASSWORD = 'a-long-unusual-password';

/** What has the focus, as a person would name it: its role-ish tag and its accessible text. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent;
    return `${el.tagName.toLowerCase()}: ${(label ?? '').trim().replace(/\s+/g, ' ')}`;
  });
}

async function register(request: APIRequestContext, firstname: string) {
  const email = uniqueEmail(firstname.toLowerCase());
  const response = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstname, lastname: 'Focus', phone: '+1 555 0110', role: 'student' },
  });
  expect(response.status()).toBe(201);
  return { email, password: PASSWORD };
}

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

test('logging in lands on the area’s heading; My Account’s Save Changes keeps the focus', async ({ page, request }) => {
  const student = await register(request, 'Sami');
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/?$/);
  await expect.poll(() => focused(page)).toMatch(/^h1: /);

  await page.goto('/student/accountDetails');
  const firstName = page.getByRole('form', { name: 'Account details' }).getByLabel('First name');
  await firstName.fill('Samira');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Update successful!')).toBeVisible();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  // Nothing left to save: the button says so (aria-disabled) and keeps the focus; Enter does nothing more.
  await expect(save).toBeFocused();
  await expect(save).toHaveAttribute('aria-disabled', 'true');
});

test('Mark all read keeps the focus on the button; showing the calendar address focuses the address', async ({
  page,
  request,
}) => {
  const student = await register(request, 'Nour');
  const asked = await request.post('/api/forum/questions', {
    headers: await tokenOf(request, student),
    data: { question: `Where does focus go ${Date.now()}?`, description: 'After an action.', tags: ['a11y'] },
  });
  expect(asked.status()).toBe(201);
  const questionId = ((await asked.json()) as { id: string }).id;
  const answered = await request.post(`/api/forum/questions/${questionId}/answers`, {
    headers: await tokenOf(request, DEMO.teacher),
    data: { answer: 'To the next natural place.' },
  });
  expect(answered.status()).toBe(201);

  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/?$/);
  await page.goto('/notifications');
  const markAll = page.getByRole('button', { name: 'Mark all read' });
  await expect(markAll).not.toHaveAttribute('aria-disabled', 'true');
  await markAll.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(markAll).toHaveAttribute('aria-disabled', 'true');
  await expect(markAll).toBeFocused();

  await page.goto('/student/classes');
  const show = page.getByRole('button', { name: 'Show my calendar address' });
  await show.focus();
  await page.keyboard.press('Enter');
  const address = page.getByRole('textbox', { name: 'Private calendar address' });
  await expect(address).toBeFocused();
  await expect(address).toHaveValue(/\/api\/calendar\//);
});

test('class actions: creating lands on the class heading; the assign form takes focus, Post keeps it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const teacherHeaders = await tokenOf(request, DEMO.teacher);
  const suffix = Math.random().toString(36).slice(2, 7);
  const course = await request.post('/api/courses', {
    headers: teacherHeaders,
    data: { title: `Focus course ${suffix}`, category: 'Development', status: 'published' },
  });
  expect(course.status()).toBe(201);
  const courseTitle = `Focus course ${suffix}`;

  // Creating a class: the dialog's control goes with it; focus lands on the new class's heading.
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher\/?$/);
  await page.goto('/');
  await page.getByRole('link', { name: 'Start a class today' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a class' });
  await dialog.getByLabel('Class name').fill(`Focus class ${suffix}`);
  await dialog.getByRole('checkbox', { name: courseTitle }).check();
  await dialog.getByRole('button', { name: 'Create class' }).click();
  const heading = page.getByRole('heading', { level: 1, name: `Focus class ${suffix}` });
  await expect(heading).toBeFocused();

  // Opening the assign form: focus goes to its first field.
  await page.getByRole('tab', { name: 'Assignments' }).click();
  await page.getByRole('button', { name: 'Assign work' }).click();
  await expect(
    page.getByRole('form', { name: 'Assign work' }).getByRole('combobox', { name: 'What to assign' }),
  ).toBeFocused();

  // Posting an announcement: focus stays on Post.
  await page.getByRole('tab', { name: 'Stream' }).click();
  await page.getByRole('textbox', { name: 'Announce something to your class' }).fill('Bring a pencil.');
  const post = page.getByRole('button', { name: 'Post' });
  await post.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Announcement posted')).toBeVisible();
  await expect(post).toBeFocused();
});

test('joining lands on the class heading; starting an attempt on the attempt; archiving on Restore; assigning on Assign work', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const course = await gradingCourse(request, `Focus quiz course ${suffix}`);
  const choice = await course.choice();
  await course.assessment({ title: 'Focus quiz' }, [choice.id]);
  const created = await request.post('/api/classes', {
    headers: { authorization: `Bearer ${course.teacher}` },
    data: { name: `Focus join ${suffix}`, courseIds: [course.courseId] },
  });
  expect(created.status()).toBe(201);
  const cls = (await created.json()) as { id: string; code: string };

  // Joining from My classes: the form's dialog closes and focus lands on the class's heading.
  const student = await register(request, 'Jun');
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/?$/);
  await page.goto('/student/classes');
  await page.getByRole('button', { name: 'Join a class' }).click();
  const join = page.getByRole('form', { name: 'Join a class' });
  await join.getByRole('textbox', { name: 'Access code' }).fill(cls.code);
  await join.getByRole('button', { name: 'Join class' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Focus join ${suffix}` })).toBeFocused();

  // Starting an attempt with the keyboard: the start page's button is gone, focus is on the attempt's heading.
  await page.goto(`/course-details/${course.courseId}`);
  await page.getByRole('link', { name: 'Focus quiz' }).click();
  await page.getByRole('button', { name: 'Start attempt' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/student\/attempts\//);
  await expect.poll(() => focused(page)).toBe('h1: Focus quiz');

  // The teacher archives the class: "Archive class" is replaced, focus goes to "Restore class"; restoring, back.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher\/?$/);
  await page.goto(`/teacher/classes/${cls.id}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const settings = page.getByRole('tabpanel', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Archive class' }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive this class?' });
  await confirm.getByRole('button', { name: 'Archive class' }).press('Enter');
  await expect(confirm).toBeHidden();
  await expect(settings.getByRole('button', { name: 'Restore class' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(settings.getByRole('button', { name: 'Archive class' })).toBeFocused();

  // Cancelling the confirmation gives the focus back to the button that opened it.
  await settings.getByRole('button', { name: 'Archive class' }).press('Enter');
  await page
    .getByRole('dialog', { name: 'Archive this class?' })
    .getByRole('button', { name: 'Cancel' })
    .press('Enter');
  await expect(settings.getByRole('button', { name: 'Archive class' })).toBeFocused();

  // Assigning the quiz: the form goes and focus is back on "Assign work", beside the new assignment.
  await page.getByRole('tab', { name: 'Assignments' }).click();
  const assignWork = page.getByRole('button', { name: 'Assign work' });
  await assignWork.click();
  const form = page.getByRole('form', { name: 'Assign work' });
  await form.getByRole('combobox', { name: 'What to assign' }).fill('Focus quiz');
  await page.getByRole('option', { name: /Focus quiz/ }).click();
  await form.getByRole('button', { name: 'Assign', exact: true }).press('Enter');
  await expect(form).toBeHidden();
  await expect(page.getByRole('article', { name: 'Focus quiz' })).toBeVisible();
  await expect(assignWork).toBeFocused();
});
