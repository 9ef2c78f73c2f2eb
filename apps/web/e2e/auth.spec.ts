import { DEMO, expect, expectNoAxeViolations, logIn, test, uniqueEmail } from './support';

test.describe('registration and login', () => {
  for (const role of ['student', 'teacher'] as const) {
    test(`a new ${role} registers, logs in, lands in their area, keeps the session on reload, and logs out`, async ({
      page,
    }) => {
      const email = uniqueEmail(role);
      await page.goto('/register');
      const form = page.getByRole('form', { name: 'Register' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('First name').fill('Eve');
      await form.getByLabel('Last name').fill(role === 'student' ? 'Student' : 'Teacher');
      await form.getByLabel('Phone').fill('+1 555 0199');
      await form.getByLabel('Password').fill('a-long-enough-password');
      await form.getByLabel('Role').selectOption(role);
      await form.getByRole('button', { name: /register|sign up|create/i }).click();
      await expect(page.getByText('successfully register!!')).toBeVisible();

      await logIn(page, email, 'a-long-enough-password');
      await expect(page.getByText('Login successful!!')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${role}/?$`));

      const header = page.getByRole('banner');
      const username = `Eve ${role === 'student' ? 'Student' : 'Teacher'}`;
      const areaLink = header.getByRole('link', { name: new RegExp(username) });
      await expect(areaLink).toBeVisible();
      await expect(areaLink.getByRole('img')).toHaveAttribute('src', /default-avatar/);

      await page.reload();
      await expect(page).toHaveURL(new RegExp(`/${role}/?$`));
      await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(username) })).toBeVisible();

      await page.getByRole('button', { name: 'Logout' }).first().click();
      await expect(page.getByText('Logout Successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    });
  }

  test('the demo admin logs in and lands in the admin area with real counters', async ({ page }) => {
    await logIn(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(DEMO.admin.username) })).toBeVisible();
    // The counters are the database's: compare with what the API says right now.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const counts = await (
      await page.request.get('/api/admin/dashboard', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(counts.students).toBeGreaterThanOrEqual(10);
    await expect(page.getByRole('group', { name: 'Students' })).toContainText(String(counts.students));
    await expect(page.getByRole('group', { name: 'Teachers' })).toContainText(String(counts.teachers));
  });

  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await logIn(page, DEMO.student.email, 'not-the-password');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('registration shows field errors and keeps the placeholder role invalid', async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: /register|sign up|create/i }).click();
    await expect(form.getByText(/valid email/i)).toBeVisible();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('role guards', () => {
  test('a visitor opening a student page is told to log in first and sent to /login', async ({ page }) => {
    await page.goto('/student/wishlist');
    await expect(page.getByText('please login first')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a teacher opening /admin lands in the teacher area', async ({ page }) => {
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/teacher\/?$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/teacher/);
  });

  test('a logged-in visitor opening /login goes to their own area', async ({ page }) => {
    await logIn(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/student\/?$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/student/);
  });

  test('an unknown route says the page is missing, not that the application failed', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    await expect(page).toHaveTitle(/Page not found/);
  });
});

test.describe('accessibility', () => {
  for (const url of ['/', '/login', '/register', '/aboutUs']) {
    test(`${url} has no axe violations`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  for (const role of ['student', 'teacher', 'admin'] as const) {
    test(`the ${role} landing page has no axe violations`, async ({ page }) => {
      await logIn(page, DEMO[role].email, DEMO[role].password);
      await expect(page).toHaveURL(new RegExp(`/${role}/?$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
