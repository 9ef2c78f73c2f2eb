import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO,
  checkBothWidths,
  expect,
  expectNoAxeViolations,
  logIn,
  screenshot,
  test,
  uniqueEmail,
  waitForApp,
} from './support';

test.describe.configure({ timeout: 150_000 });

/**
 * No text on the page is cut to an ellipsis: every element that would show "…" for overflowing text (Mantine's
 * badges, buttons, truncated texts) has room for all of it.
 */
async function expectNothingCut(page: Page) {
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((el) => {
        const style = getComputedStyle(el);
        return (
          style.textOverflow === 'ellipsis' &&
          style.overflow !== 'visible' &&
          el.offsetParent !== null &&
          el.scrollWidth > el.clientWidth + 1
        );
      })
      .map((el) => el.textContent ?? ''),
  );
  expect(cut, 'texts cut to an ellipsis').toEqual([]);
}

async function apiToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test('a teacher starts a class from two courses and shows its code; a visitor types it in any case, registers and lands in the class, enrolled in both', async ({
  page,
  browser,
  request,
}) => {
  // Two published courses of the demo teacher, through the API.
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.teacher)}` };
  const suffix = Math.random().toString(36).slice(2, 7);
  const titles = [`Algebra basics ${suffix}`, `Geometry basics ${suffix}`];
  for (const title of titles) {
    const response = await request.post('/api/courses', {
      headers,
      data: { title, category: 'Development', status: 'published' },
    });
    expect(response.status()).toBe(201);
  }

  // The teacher: home page → "Start a class today" → the new-class form.
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher\/?$/);
  await page.goto('/');
  await page.getByRole('link', { name: 'Start a class today' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a class' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Class name').fill(`Period 2 maths ${suffix}`);
  await dialog.getByLabel('Section or period').fill('Period 2');
  await dialog.getByRole('checkbox', { name: titles[0] }).check();
  await dialog.getByRole('checkbox', { name: titles[1] }).check();
  await expectNoAxeViolations(page);
  await screenshot(page, 'classes-new-1280');
  await dialog.getByRole('button', { name: 'Create class' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Period 2 maths ${suffix}` })).toBeVisible();
  const code = ((await page.getByTestId('class-code').textContent()) ?? '').replace(/\s/g, '');
  expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTWXYZ]{7}$/);
  await checkBothWidths(page, 'classes-teacher-class');

  // The projector view.
  await page.getByRole('button', { name: 'Show full screen' }).click();
  const projector = page.getByRole('dialog', { name: `Period 2 maths ${suffix}` });
  await expect(projector.getByText(`${code.slice(0, 3)} ${code.slice(3)}`)).toBeVisible();
  await checkBothWidths(page, 'classes-projector');
  await page.keyboard.press('Escape');
  await expect(projector).toBeHidden();

  // A visitor in another browser: "Enter access code", the code in lower case.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const errors: string[] = [];
  visitor.on('pageerror', (error) => errors.push(error.message));
  await visitor.goto('/');
  await waitForApp(visitor);
  await visitor.getByRole('button', { name: 'Enter access code' }).click();
  const codeDialog = visitor.getByRole('dialog', { name: 'Enter access code' });
  await codeDialog.getByRole('textbox', { name: 'Access code' }).fill(code.toLowerCase());
  await codeDialog.getByRole('button', { name: 'Join class' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/join/${code}$`));
  await expect(visitor.getByText(`You are joining a class with the code ${code}`)).toBeVisible();
  await expectNothingCut(visitor);
  await checkBothWidths(visitor, 'classes-join-visitor');

  await visitor.getByRole('link', { name: 'Create a student account' }).click();
  const email = uniqueEmail('classmate');
  const form = visitor.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('First name').fill('Cleo');
  await form.getByLabel('Last name').fill('Classmate');
  await form.getByLabel('Phone').fill('+1 555 0142');
  await form.getByLabel('Password').fill('a-long-enough-password');
  await expect(form.getByLabel('Role')).toHaveValue('student');
  await form.getByRole('button', { name: /register|sign up|create/i }).click();
  await expect(visitor.getByText('successfully register!!')).toBeVisible();
  const login = visitor.getByRole('form', { name: 'Login' });
  await expect(login.getByLabel('Email')).toHaveValue(email);
  await login.getByLabel('Password').fill('a-long-enough-password');
  await login.getByRole('button', { name: 'Login' }).click();

  // Lands in the class, enrolled in both courses.
  await expect(visitor).toHaveURL(/\/student\/classes\/[0-9a-f-]{36}$/);
  await expect(visitor.getByRole('heading', { level: 1, name: `Period 2 maths ${suffix}` })).toBeVisible();
  for (const title of titles) await expect(visitor.getByRole('link', { name: title })).toBeVisible();
  await checkBothWidths(visitor, 'classes-student-class');
  const studentHeaders = {
    authorization: `Bearer ${await apiToken(request, { email, password: 'a-long-enough-password' })}`,
  };
  const enrolments = await request.get('/api/student/enrolments?pageSize=100', { headers: studentHeaders });
  const enrolled = ((await enrolments.json()) as { items: { course: { title: string } }[] }).items.map(
    (e) => e.course.title,
  );
  expect(enrolled.sort()).toEqual([...titles].sort());
  expect(errors).toEqual([]);
  await visitorContext.close();

  // The teacher sees the new student on the roster.
  await page.reload();
  await expect(page.getByRole('cell', { name: /^Cleo Classmate/ })).toBeVisible();
  // An accommodation, seen at a glance on the roster.
  await page.getByRole('button', { name: 'Accommodation for Cleo Classmate' }).click();
  const accommodation = page.getByRole('dialog', { name: 'Accommodation for Cleo Classmate' });
  await accommodation.getByText('× 1.5').click();
  await accommodation.getByLabel('Extend due dates by (days)').fill('2');
  await accommodation.getByRole('button', { name: 'Save' }).click();
  await expect(accommodation).toBeHidden();
  await expect(page.getByText('× 1.5 time · +2 days to due dates')).toBeVisible();
  // Every column at a glance at 1280 (the accommodation whole, "Remove" on screen); a card per student at 390.
  await expect(page.getByRole('button', { name: 'Remove Cleo Classmate' })).toBeInViewport({ ratio: 1 });
  await expectNothingCut(page);
  await checkBothWidths(page, 'classes-roster');
  await page.setViewportSize({ width: 390, height: 900 });
  const card = page.getByRole('list', { name: 'Students' }).getByRole('listitem').filter({ hasText: 'Cleo Classmate' });
  for (const label of ['Progress', 'Grade', 'Last activity', 'Accommodation']) {
    await expect(card.getByText(label, { exact: true }).and(card.locator('p'))).toBeVisible();
  }
  await expect(card.getByText('× 1.5 time · +2 days to due dates')).toBeVisible();
  // Within the screen's width (the card is below the fold).
  const removeBox = await card.getByRole('button', { name: 'Remove Cleo Classmate' }).boundingBox();
  expect(removeBox!.x + removeBox!.width).toBeLessThanOrEqual(390);
  await expectNothingCut(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Joining off: no code, no invite link, no projector view; a note and the way back on.
  await page.getByRole('switch', { name: 'Students can join with the code' }).click();
  await expect(page.getByText('Joining is off')).toBeVisible();
  await expect(page.getByTestId('class-code')).toHaveCount(0);
  await expect(page.getByText(/Invite link/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show full screen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Turn joining on' })).toBeFocused();
  await checkBothWidths(page, 'classes-joining-off');
  await page.getByRole('button', { name: 'Turn joining on' }).click();
  await expect(page.getByTestId('class-code')).toHaveText(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(page.getByRole('switch', { name: 'Students can join with the code' })).toBeFocused();
});

test('a student’s My Quiz Attempts shows every status and score whole, at 1280 and on a phone', async ({ page }) => {
  await logIn(page, DEMO.student.email, DEMO.student.password);
  await page.waitForURL(/\/student/);
  await page.goto('/student/quizAttempt');
  await expect(page.getByRole('heading', { name: 'My Quiz Attempts', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNothingCut(page);
  await checkBothWidths(page, 'classes-my-quiz-attempts');
  await page.setViewportSize({ width: 390, height: 900 });
  // The table scrolls inside its frame on a phone, and says so.
  await expect(page.getByText('Swipe the table sideways for every column →')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
});
