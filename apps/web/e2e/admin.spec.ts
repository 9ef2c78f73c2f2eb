import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, uniqueEmail, pickMenuItem } from './support';

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

async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD) {
  return request.post('/api/auth/login', { data: { email, password } });
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
  await pickMenuItem(page, item);
}

async function apiToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await apiLogin(request, email, password);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A POST through the API as the holder of `token` (setting up data, not what the tests are about). */
async function apiPost<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** A published course of the demo teacher's, with a word of its own to search for. */
async function createPublishedCourse(request: APIRequestContext, label: string) {
  const word = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const token = await apiToken(request, DEMO.teacher.email, DEMO.teacher.password);
  const course = await apiPost<{ id: string; title: string }>(request, token, '/api/courses', {
    title: `Moderated course ${word}`,
    category: 'Design',
    status: 'published',
    aboutHtml: '<p>A course made by the admin end-to-end tests.</p>',
    learnItems: ['One thing'],
  });
  return { ...course, word, teacherToken: token };
}

/** A student's review, question and answer (on their own question), made through the API. */
async function postAsStudent(request: APIRequestContext, student: Account, courseId: string) {
  const token = await apiToken(request, student.email);
  await apiPost(request, token, `/api/courses/${courseId}/enrolment`, {});
  const reviewText = `Spam review ${student.lastname}`;
  await apiPost(request, token, `/api/courses/${courseId}/reviews`, { rating: 1, text: reviewText });
  const question = await apiPost<{ id: string; question: string }>(request, token, '/api/forum/questions', {
    question: `Is this spam ${student.lastname}?`,
    description: 'Asking for moderation.',
    tags: ['e2e'],
  });
  const answerText = `Buy cheap watches ${student.lastname}`;
  await apiPost(request, token, `/api/forum/questions/${question.id}/answers`, { answer: answerText });
  return { token, reviewText, question, answerText };
}

/** Every page of the admin area with its sidebar label (if it has one) and its heading. */
const ADMIN_PAGES = [
  { path: '/admin', link: null, heading: 'Dashboard' },
  { path: '/admin/dashboard', link: 'Dashboard', heading: 'Dashboard' },
  { path: '/admin/accountDetails', link: 'My Account', heading: 'My Account' },
  { path: '/admin/coursesList', link: 'Courses', heading: 'Courses' },
  { path: '/admin/add-course', link: 'Add Course', heading: 'Add Course' },
  { path: '/admin/student-list', link: 'Student List', heading: 'Student List' },
  { path: '/admin/teacher-list', link: 'Teacher List', heading: 'Teacher List' },
] as const;

/** The page's content is at rest: no skeletons, no placeholder rows. */
async function settled(page: Page) {
  await expect(page.locator('[role="status"]:has(.mantine-Skeleton-root)')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('admin area', () => {
  test('finds a student, suspends and reactivates them, and promotes another to teacher', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const suspended = await registerStudent(page.request, 'Sam');
    const promoted = await registerStudent(page.request, 'Pat');

    // The student is signed in elsewhere before the suspension.
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await logIn(studentPage, suspended.email, PASSWORD);
    await expect(studentPage).toHaveURL(/\/student\/?$/);

    await logInAsAdmin(page);
    await openList(page, 'Student List');
    await search(page, 'students', suspended.email);
    const row = page.getByRole('row', { name: new RegExp(suspended.name) });
    await expect(row).toBeVisible();
    await expect(page.getByText('1 student', { exact: true })).toBeVisible();
    const status = (text: string) => row.getByText(text, { exact: true }).filter({ visible: true });
    await expect(status('Active')).toBeVisible();

    // A reset link is mailed at once (no confirmation needed: it changes nothing until used).
    await rowAction(page, suspended.name, 'Send password reset link');
    await expect(page.getByText('Password reset link sent')).toBeVisible();

    // Suspend, after a confirmation.
    await rowAction(page, suspended.name, 'Suspend');
    const confirm = page.getByRole('dialog', { name: `Suspend ${suspended.name}?` });
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText('User suspended successfully')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(status('Suspended')).toBeVisible();
    // A suspended account gets no reset link.
    await page.getByRole('button', { name: `Actions for ${suspended.name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Send password reset link' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // The student's open session ends on their next page load (their token answers 401), and logging in again is
    // refused: the login screen says why.
    await studentPage.reload();
    await expect(studentPage).toHaveURL(/\/login$/);
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

  test('deletes a review, a forum answer and a forum question from the details drawer, each after a confirmation', async ({
    page,
  }) => {
    // Three deletions through the drawer, each confirmed and read back: 28 s on a loaded 2-core machine, past the
    // default 30 s in a CI run (6 Dec).
    test.setTimeout(90_000);
    const author = await registerStudent(page.request, 'Quinn');
    const course = await createPublishedCourse(page.request, 'drawer');
    const posts = await postAsStudent(page.request, author, course.id);

    await logInAsAdmin(page);
    await openList(page, 'Student List');
    await search(page, 'students', author.email);
    await page.getByRole('button', { name: author.name, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: author.name });
    await expect(drawer.getByText(posts.reviewText)).toBeVisible();
    await expect(drawer.getByText(posts.answerText)).toBeVisible();
    await expect(drawer.getByText('1 question · 1 answer')).toBeVisible();

    // Cancel leaves the review where it was.
    await drawer.getByRole('button', { name: `Delete review of ${course.title}` }).click();
    const reviewConfirm = page.getByRole('dialog', { name: 'Do You Want to Delete This Review?' });
    await reviewConfirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(reviewConfirm).toBeHidden();
    await expect(drawer.getByText(posts.reviewText)).toBeVisible();

    await drawer.getByRole('button', { name: `Delete review of ${course.title}` }).click();
    await reviewConfirm.getByRole('button', { name: 'Yes, Delete This' }).click();
    await expect(page.getByText('Review deleted successfully')).toBeVisible();
    await expect(drawer.getByText(posts.reviewText)).toBeHidden();
    await expect(drawer.getByText('No reviews yet.')).toBeVisible();

    await drawer.getByRole('button', { name: `Delete answer to: ${posts.question.question}` }).click();
    const answerConfirm = page.getByRole('dialog', { name: 'Do You Want to Delete This Answer?' });
    await answerConfirm.getByRole('button', { name: 'Yes, Delete This' }).click();
    await expect(page.getByText('Answer deleted successfully!')).toBeVisible();
    await expect(drawer.getByText(posts.answerText)).toBeHidden();
    await expect(drawer.getByText('1 question · 0 answers')).toBeVisible();

    await drawer.getByRole('button', { name: `Delete question: ${posts.question.question}` }).click();
    const questionConfirm = page.getByRole('dialog', { name: 'Do You Want to Delete This Question?' });
    await questionConfirm.getByRole('button', { name: 'Yes, Delete This' }).click();
    await expect(page.getByText('Question deleted successfully')).toBeVisible();
    await expect(drawer.getByText('0 questions · 0 answers')).toBeVisible();
    // The drawer stayed open through all three confirmations.
    await expect(drawer).toBeVisible();

    // Gone for everyone, not just from the drawer.
    const headers = { authorization: `Bearer ${posts.token}` };
    expect((await page.request.get(`/api/forum/questions/${posts.question.id}`, { headers })).status()).toBe(404);
    const reviews = await (await page.request.get(`/api/courses/${course.id}/reviews`)).json();
    expect(reviews.total).toBe(0);
    await page.request.delete(`/api/courses/${course.id}?confirm=true`, {
      headers: { authorization: `Bearer ${course.teacherToken}` },
    });
  });

  test('deletes a review on the course page and a forum answer and question on the discussion page', async ({
    page,
  }) => {
    const author = await registerStudent(page.request, 'Rory');
    const course = await createPublishedCourse(page.request, 'public');
    const posts = await postAsStudent(page.request, author, course.id);
    await logInAsAdmin(page);

    // The course page: Delete on the review, a confirmation, and the review is gone.
    await page.goto(`/course-details/${course.id}`);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const review = page.getByRole('article', { name: `Review by ${author.name}` });
    await expect(review).toContainText(posts.reviewText);
    await page.getByRole('button', { name: `Delete review by ${author.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Do You Want to Delete This Review?' })
      .getByRole('button', { name: 'Yes, Delete This' })
      .click();
    await expect(page.getByText('Review deleted successfully')).toBeVisible();
    await expect(review).toHaveCount(0);

    // The discussion page: first the answer, then the question itself.
    await page.goto(`/forum-details/${posts.question.id}`);
    await expect(page.getByRole('heading', { level: 1, name: posts.question.question })).toBeVisible();
    const answer = page.getByRole('article', { name: /^Answer by / }).filter({ hasText: posts.answerText });
    await answer.getByRole('button', { name: 'Delete this answer' }).click();
    await page
      .getByRole('dialog', { name: 'Do You Want to Delete This Answer?' })
      .getByRole('button', { name: 'Yes, Delete This' })
      .click();
    await expect(page.getByText('Answer deleted successfully!')).toBeVisible();
    await expect(answer).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete this question' }).click();
    await page
      .getByRole('dialog', { name: 'Do You Want to Delete This Question?' })
      .getByRole('button', { name: 'Yes, Delete This' })
      .click();
    await expect(page.getByText('Question deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/forum$/);
    const headers = { authorization: `Bearer ${posts.token}` };
    expect((await page.request.get(`/api/forum/questions/${posts.question.id}`, { headers })).status()).toBe(404);
    await page.request.delete(`/api/courses/${course.id}?confirm=true`, {
      headers: { authorization: `Bearer ${course.teacherToken}` },
    });
  });

  test("unpublishes a teacher's course from the courses list: it leaves the catalogue", async ({ page }) => {
    const course = await createPublishedCourse(page.request, 'unpublish');
    const inCatalogue = async () =>
      ((await (await page.request.get(`/api/courses?q=${course.word}`)).json()) as { total: number }).total;
    expect(await inCatalogue()).toBe(1);

    await logInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(course.word);
    const row = page.getByRole('row', { name: new RegExp(course.title) });
    await expect(row).toContainText('Grace Hopper');
    await expect(row).toContainText('Published');
    await row.getByRole('button', { name: `Unpublish ${course.title}` }).click();
    // Unpublishing asks first, saying what it does to students (ADR 018).
    const confirm = page.getByRole('dialog', { name: 'Unpublish this course?' });
    await expect(confirm).toContainText('leaves the catalogue and students’ wishlists');
    await confirm.getByRole('button', { name: 'Yes, unpublish' }).click();
    await expect(page.getByText('Update successful!')).toBeVisible();
    await expect(row).toContainText('Draft');
    await expect(row.getByRole('button', { name: `Publish ${course.title}` })).toBeVisible();
    expect(await inCatalogue()).toBe(0);
    await page.request.delete(`/api/courses/${course.id}?confirm=true`, {
      headers: { authorization: `Bearer ${course.teacherToken}` },
    });
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

  test('every sidebar link opens its page, and Logout ends the session', async ({ page }) => {
    // Nine pages, each its own chunk fetched on the first visit.
    test.setTimeout(90_000);
    await logInAsAdmin(page);
    const sidebar = page.getByRole('navigation', { name: 'Admin area' });
    for (const { link, path, heading } of ADMIN_PAGES) {
      if (!link) continue;
      await sidebar.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
    // Notifications, as in the student's and the teacher's sidebars (issue 46.12): the page keeps the admin's sidebar
    // and links to the e-mail choices in My Account.
    await sidebar.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/admin/accountDetails#notification-settings',
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-notifications-1280');
    await sidebar.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logout Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/student-list');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('guards every admin page: a visitor is asked to log in, a teacher is sent to their own area', async ({
    page,
  }) => {
    // Every admin page loaded twice, each a full page load and start of the app: ~5 s each on CI's two busy cores.
    test.setTimeout(150_000);
    for (const { path } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByText('please login first')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    }
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/teacher\/?$/);
    for (const { path } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/teacher\/?$/);
      await expect(page.getByRole('navigation', { name: 'Teacher area' })).toBeVisible();
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
    // The chart is fetched when its place scrolls into view (issue 15.8); a reader scrolls down to it. Where the
    // counters and the courses above leave it below the fold, it is not there until then.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
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

  test('on a phone the dashboard fetches the chart only when its place scrolls into view (issue 15.8)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const chartChunks: string[] = [];
    page.on('request', (request) => {
      if (/admin-activity-chart-[^/]*\.js$/.test(request.url())) chartChunks.push(request.url());
    });
    await logInAsAdmin(page);
    await expect(page.getByRole('group', { name: 'Active Enrolments' })).toBeVisible();
    // Not 'networkidle': a signed-in page keeps its notification stream open. The dashboard's data is in (the region
    // below the chart has rendered) and the browser has gone idle once: an eager import would have been requested.
    await expect(page.getByRole('region', { name: 'In Progress Courses' })).toBeAttached();
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
    expect(chartChunks).toEqual([]);
    await page.getByRole('region', { name: 'In Progress Courses' }).scrollIntoViewIfNeeded();
    await expect(
      page.getByRole('region', { name: 'Sign-ups and Enrolments' }).locator('.recharts-surface'),
    ).toBeVisible();
    expect(chartChunks).toHaveLength(1);
  });

  test('sorts by a column header, with aria-sort and the sort in the address', async ({ page }) => {
    await logInAsAdmin(page);
    await openList(page, 'Student List');
    await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'descending');
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('columnheader', { name: 'Joined' })).not.toHaveAttribute('aria-sort');
    await expect(page).toHaveURL(/[?&]sort=name/);
    // The first row is the server's first by name, both ways.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const firstBy = async (order: 'asc' | 'desc') => {
      const res = await page.request.get(`/api/admin/users?role=student&sort=name&order=${order}&pageSize=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { items } = (await res.json()) as { items: { firstname: string; lastname: string }[] };
      return `${items[0]!.firstname} ${items[0]!.lastname}`;
    };
    const names = page.getByRole('rowheader');
    await expect(names.first()).toContainText(await firstBy('asc'));
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]order=desc/);
    await expect(names.first()).toContainText(await firstBy('desc'));
  });

  test('every admin page, and its menu, drawer and confirmations when open, is axe clean', async ({ page }) => {
    test.setTimeout(180_000);
    await logInAsAdmin(page);
    for (const { path, heading } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await settled(page);
      await expectNoAxeViolations(page);
    }

    // The teacher list's row menu, and a confirmation opened from it. In two CI runs (1 Dec) the menu checked by axe
    // was closed after the run (axe finishes its run in a blank page it opens and closes in this browser context), and
    // the click on its item waited out the test. So the confirmation is opened from a menu opened afresh.
    await page.goto('/admin/teacher-list');
    await settled(page);
    const rowActions = page.getByRole('button', { name: `Actions for ${DEMO.teacher.username}` });
    const suspendItem = page.getByRole('menuitem', { name: 'Suspend' });
    await rowActions.click();
    await expect(suspendItem).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(suspendItem).toBeHidden();
    await rowActions.click();
    await suspendItem.click();
    const suspend = page.getByRole('dialog', { name: `Suspend ${DEMO.teacher.username}?` });
    await expect(suspend).toBeVisible();
    await expectNoAxeViolations(page);
    await suspend.getByRole('button', { name: 'Cancel' }).click();
    await expect(suspend).toBeHidden();

    // The details drawer, and each kind of confirmation over it. Escape closes only the confirmation.
    await page.getByRole('button', { name: DEMO.teacher.username, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: DEMO.teacher.username });
    await expect(drawer.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expectNoAxeViolations(page);
    await drawer
      .getByRole('button', { name: /^Delete review of / })
      .first()
      .click();
    const deleteReview = page.getByRole('dialog', { name: 'Do You Want to Delete This Review?' });
    await expect(deleteReview).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(deleteReview).toBeHidden();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('group', { name: 'Account actions' }).getByRole('button', { name: 'Make student' }).click();
    const role = page.getByRole('dialog', { name: `Make ${DEMO.teacher.username} a student?` });
    await expect(role).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(role).toBeHidden();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // A course's delete confirmation on the courses list, and the edit page.
    await page.goto('/admin/coursesList');
    await settled(page);
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    const deleteCourse = page.getByRole('dialog', { name: 'Delete this course?' });
    await expect(deleteCourse).toBeVisible();
    await expectNoAxeViolations(page);
    await deleteCourse.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();
    await settled(page);
    await expectNoAxeViolations(page);
  });
});

/** Nothing scrolls sideways: not the page, and no table inside its frame. */
async function expectNoSidewaysScroll(page: Page) {
  const overflows = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      if (table.closest('.mantine-VisuallyHidden-root')) continue;
      const frame = (table.closest('.mantine-Paper-root') ?? root).getBoundingClientRect();
      const box = table.getBoundingClientRect();
      if (box.right > frame.right + 1)
        found.push(`table "${table.textContent?.slice(0, 30)}": ${box.right} > ${frame.right}`);
    }
    return found;
  });
  expect(overflows).toEqual([]);
}

for (const [label, width, height] of [
  ['desktop', 1280, 800],
  ['mobile', 390, 844],
] as const) {
  test.describe(`admin pages at ${width}px`, () => {
    test.use({ viewport: { width, height } });

    test(`every page fits without sideways scrolling and is axe clean; screenshots (${label})`, async ({ page }) => {
      test.setTimeout(120_000);
      await logInAsAdmin(page);
      for (const { path, heading } of ADMIN_PAGES.slice(1)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (heading === 'Dashboard') {
          // The chart is fetched when its place scrolls into view (on a phone it is below the counts).
          await page.getByRole('region', { name: 'In Progress Courses' }).scrollIntoViewIfNeeded();
          await expect(
            page.getByRole('region', { name: 'Sign-ups and Enrolments' }).locator('.recharts-surface'),
          ).toBeVisible();
        }
        await settled(page);
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `admin-${path.split('/').pop()}-${label}`);
      }

      // The lists: on phones the name opens the drawer, which has every action; wider, the row menu has them too.
      await page.goto('/admin/teacher-list');
      await expect(page.getByRole('button', { name: DEMO.teacher.username, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: `Actions for ${DEMO.teacher.username}` })).toBeVisible({
        visible: label === 'desktop',
      });
      await page.getByRole('button', { name: DEMO.teacher.username, exact: true }).click();
      const drawer = page.getByRole('dialog', { name: DEMO.teacher.username });
      await expect(drawer.getByRole('group', { name: 'Account actions' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `e2e/.artifacts/screenshots/admin-drawer-${label}.png` });
      await drawer.getByRole('button', { name: 'Close user details' }).click();
      await expect(drawer).toBeHidden();

      if (label === 'mobile') {
        // The sidebar is a panel behind the Admin menu button; its links work from there.
        await page.getByRole('button', { name: 'Admin menu' }).click();
        const sidebar = page.getByRole('navigation', { name: 'Admin area' });
        await expect(sidebar.getByRole('link', { name: 'Student List' })).toBeVisible();
        await expectNoAxeViolations(page);
        await sidebar.getByRole('link', { name: 'Student List' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Student List' })).toBeVisible();
      }
    });
  });
}
