import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, uniqueEmail } from './support';

const PASSWORD = 'a-long-enough-password';

interface Account {
  email: string;
  firstname: string;
  lastname: string;
  name: string;
}

/** Registers a fresh student through the API (each test gets accounts of its own). */
async function registerStudent(request: APIRequestContext, firstname: string): Promise<Account> {
  const stamp = Date.now().toString(36) + Math.floor(Math.random() * 1e4).toString(36);
  const lastname = `E2e${stamp}`;
  const email = uniqueEmail(firstname.toLowerCase());
  const res = await request.post('/api/auth/register', {
    data: { email, firstname, lastname, phone: '+1 555 0142', password: PASSWORD, role: 'student' },
  });
  expect(res.status()).toBe(201);
  return { email, firstname, lastname, name: `${firstname} ${lastname}` };
}

async function apiLogin(request: APIRequestContext, email: string) {
  return request.post('/api/auth/login', { data: { email, password: PASSWORD } });
}

async function logInAsAdmin(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await logIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/?$/);
}

async function openList(page: Page, label: 'Student List' | 'Teacher List') {
  await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

async function search(page: Page, who: string, text: string) {
  await page.getByRole('searchbox', { name: `Search ${who}` }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

/** Opens the row's action menu and picks an item. */
async function rowAction(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('admin area', () => {
  test('finds a student, suspends and reactivates them, and promotes another to teacher', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const suspended = await registerStudent(page.request, 'Sam');
    const promoted = await registerStudent(page.request, 'Pat');

    await logInAsAdmin(page);
    await openList(page, 'Student List');
    await search(page, 'students', suspended.email);
    const row = page.getByRole('row', { name: new RegExp(suspended.name) });
    await expect(row).toBeVisible();
    await expect(page.getByText('1 student', { exact: true })).toBeVisible();
    const status = (text: string) => row.getByText(text, { exact: true }).filter({ visible: true });
    await expect(status('Active')).toBeVisible();

    // Suspend, after a confirmation.
    await rowAction(page, suspended.name, 'Suspend');
    const confirm = page.getByRole('dialog', { name: `Suspend ${suspended.name}?` });
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText('User suspended successfully')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(status('Suspended')).toBeVisible();

    // The student cannot log in: the login screen says why.
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await logIn(studentPage, suspended.email, PASSWORD);
    await expect(studentPage.getByText('Your account is suspended. Please contact an administrator.')).toBeVisible();
    await expect(studentPage).toHaveURL(/\/login$/);

    // Reactivate: the student logs in again.
    await rowAction(page, suspended.name, 'Reactivate');
    await page
      .getByRole('dialog', { name: `Reactivate ${suspended.name}?` })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(page.getByText('User reactivated successfully')).toBeVisible();
    await expect(status('Active')).toBeVisible();
    await logIn(studentPage, suspended.email, PASSWORD);
    await expect(studentPage).toHaveURL(/\/student\/?$/);
    await studentContext.close();

    // Promote another student to teacher: they leave the student list and join the teacher list.
    await search(page, 'students', promoted.email);
    await rowAction(page, promoted.name, 'Make teacher');
    await page
      .getByRole('dialog', { name: `Make ${promoted.name} a teacher?` })
      .getByRole('button', { name: 'Make teacher' })
      .click();
    await expect(page.getByText('Role changed successfully')).toBeVisible();
    await expect(page.getByText(`No students match “${promoted.email}”`)).toBeVisible();
    await openList(page, 'Teacher List');
    await search(page, 'teachers', promoted.email);
    await expect(page.getByRole('row', { name: new RegExp(promoted.name) })).toBeVisible();
    expect((await (await apiLogin(page.request, promoted.email)).json()).role).toBe('teacher');
  });

  test('deletes a forum answer from the details drawer, after a confirmation', async ({ page }) => {
    const author = await registerStudent(page.request, 'Quinn');
    const token = (await (await apiLogin(page.request, author.email)).json()).token as string;
    const headers = { authorization: `Bearer ${token}` };
    const question = await (
      await page.request.post('/api/forum/questions', {
        headers,
        data: {
          question: `Is this answer spam ${author.lastname}?`,
          description: 'Asking for moderation.',
          tags: ['e2e'],
        },
      })
    ).json();
    const answerText = `Buy cheap watches ${author.lastname}`;
    const answer = await page.request.post(`/api/forum/questions/${question.id}/answers`, {
      headers,
      data: { answer: answerText },
    });
    expect(answer.status()).toBe(201);

    await logInAsAdmin(page);
    await openList(page, 'Student List');
    await search(page, 'students', author.email);
    await page.getByRole('button', { name: author.name, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: author.name });
    await expect(drawer.getByText(answerText)).toBeVisible();
    await expect(drawer.getByText('1 question · 1 answer')).toBeVisible();

    await drawer.getByRole('button', { name: `Delete answer to: ${question.question}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Do You Want to Delete This Answer?' });
    await confirm.getByRole('button', { name: 'Yes, Delete This' }).click();
    await expect(page.getByText('Answer deleted successfully!')).toBeVisible();
    await expect(drawer.getByText(answerText)).toBeHidden();
    await expect(drawer.getByText('1 question · 0 answers')).toBeVisible();
    const after = await (await page.request.get(`/api/forum/questions/${question.id}`, { headers })).json();
    expect(after.answers).toEqual([]);
  });

  test('exports the filtered list as CSV with a header row', async ({ page }) => {
    const student = await registerStudent(page.request, 'Cass');
    await logInAsAdmin(page);
    await openList(page, 'Student List');
    await search(page, 'students', student.lastname);
    await expect(page.getByRole('row', { name: new RegExp(student.name) })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lyceum-students-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('ID,First name,Last name,Username,Email,Phone,Role,Status,Joined,Enrolments');
    expect(lines.slice(1).filter(Boolean)).toHaveLength(1);
    // The phone starts with "+": spreadsheets must not read it as a formula.
    expect(lines[1]).toContain(`,${student.email},'+1 555 0142,student,active,`);
    await expect(page.getByText('CSV downloaded')).toBeVisible();
  });

  test('every sidebar link opens its page', async ({ page }) => {
    await logInAsAdmin(page);
    const sidebar = page.getByRole('navigation', { name: 'Admin area' });
    for (const [label, path] of [
      ['Dashboard', '/admin/dashboard'],
      ['My Account', '/admin/accountDetails'],
      ['Courses', '/admin/coursesList'],
      ['Add Course', '/admin/add-course'],
      ['Student List', '/admin/student-list'],
      ['Teacher List', '/admin/teacher-list'],
    ] as const) {
      await sidebar.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    }
  });

  test('the dashboard shows the real counters, the 30-day chart and In Progress Courses; axe is clean', async ({
    page,
  }) => {
    await logInAsAdmin(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const dashboard = await (
      await page.request.get('/api/admin/dashboard', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    await expect(page.getByRole('group', { name: 'Sign-ups, Last 30 Days' })).toContainText(
      String(dashboard.signUpsLast30Days),
    );
    await expect(page.getByRole('group', { name: 'Active Enrolments' })).toContainText(
      String(dashboard.activeEnrolments),
    );
    const chart = page.getByRole('region', { name: 'Sign-ups and Enrolments' });
    await expect(chart.locator('.recharts-surface')).toBeVisible();
    await expect(chart.getByRole('table', { name: 'Sign-ups and enrolments per day' }).getByRole('row')).toHaveCount(
      31,
    );
    const inProgress = page.getByRole('region', { name: 'In Progress Courses' });
    if (dashboard.inProgressCourses.length > 0) {
      await expect(inProgress.getByRole('link', { name: dashboard.inProgressCourses[0].title })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('the student and teacher lists and the details drawer are axe clean', async ({ page }) => {
    test.setTimeout(60_000);
    await logInAsAdmin(page);
    await openList(page, 'Student List');
    await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'descending');
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=name/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: DEMO.student.username, exact: true }).click();
    await expect(page.getByRole('dialog', { name: DEMO.student.username }).getByText('Profile')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await openList(page, 'Teacher List');
    await expect(page.getByRole('button', { name: DEMO.teacher.username, exact: true })).toBeVisible();
    // The pointer leaves the sidebar link it clicked: axe judges the page at rest, not a hover state.
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
  });
});

for (const [label, width, height] of [
  ['desktop', 1280, 800],
  ['mobile', 390, 844],
] as const) {
  test.describe(`admin screenshots, ${label}`, () => {
    test.use({ viewport: { width, height } });

    test(`dashboard, lists and drawer at ${width}px`, async ({ page }) => {
      await logInAsAdmin(page);
      await expect(
        page.getByRole('region', { name: 'Sign-ups and Enrolments' }).locator('.recharts-surface'),
      ).toBeVisible();
      await screenshot(page, `admin-dashboard-${label}`);
      for (const [name, url, who] of [
        ['students', '/admin/student-list', DEMO.student.username],
        ['teachers', '/admin/teacher-list', DEMO.teacher.username],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('button', { name: who, exact: true })).toBeVisible();
        await screenshot(page, `admin-${name}-${label}`);
      }
      await page.getByRole('button', { name: DEMO.teacher.username, exact: true }).click();
      await expect(page.getByRole('dialog', { name: DEMO.teacher.username }).getByText('Profile')).toBeVisible();
      await page.screenshot({ path: `e2e/.artifacts/screenshots/admin-drawer-${label}.png` });
    });
  });
}
