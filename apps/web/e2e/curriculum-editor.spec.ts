import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, pickMenuItem } from './support';

test.describe.configure({ timeout: 240_000 });

async function apiToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** The course itself comes from the API; its whole curriculum is built in the browser. */
async function emptyCourse(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.teacher)}` };
  const suffix = Math.random().toString(36).slice(2, 8);
  const response = await request.post('/api/courses', {
    headers,
    data: { title: `Sourdough from scratch ${suffix}`, category: 'Design', status: 'published' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

const SECTIONS = ['Starter', 'Dough', 'Baking'];
/** A small, valid PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const lessonTitle = (section: string, n: number) => `${section} lesson ${n}`;

/**
 * dnd-kit measures the rows in an effect after the pick-up renders; an arrow key before that finds no place to go.
 * Two animation frames and an idle moment let that effect run, whatever the machine's load (no fixed sleep).
 */
async function afterPickUpIsMeasured(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 2000 })),
        ),
      ),
  );
}

/**
 * Picks a row up by its handle, moves it with the arrow keys and drops it: keyboard only. Like a screen-reader user,
 * each key waits for the announcement of the previous one (dnd-kit measures the list after the pick-up).
 */
async function keyboardMove(page: Page, label: string, from: number, to: number, total: number) {
  const moved = page.waitForResponse((r) => r.url().endsWith('/move') && r.request().method() === 'POST');
  await page.getByRole('button', { name: `Move ${label}` }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up ${label}. It is in position ${from} of ${total}.`)).toBeAttached();
  await afterPickUpIsMeasured(page);
  const key = to < from ? 'ArrowUp' : 'ArrowDown';
  for (let at = from; at !== to;) {
    at += to < from ? -1 : 1;
    await page.keyboard.press(key);
    await expect(page.getByText(`${label} moved to position ${at} of ${total}.`)).toBeAttached();
  }
  await page.keyboard.press('Space');
  await expect(page.getByText(`${label} dropped in position ${to} of ${total}.`)).toBeAttached();
  expect((await moved).status()).toBe(200);
}

test('a teacher builds 3 sections × 4 lessons, reorders them with the keyboard only, publishes, and the course page follows', async ({
  page,
  request,
  browser,
}) => {
  const course = await emptyCourse(request);
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher\/?$/);

  // From My Courses to the course's curriculum.
  await page.goto('/teacher/coursesList');
  const curriculumLink = page.getByRole('link', { name: `Curriculum of ${course.title}` });
  await expect(curriculumLink).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await screenshot(page, 'teacher-courses-curriculum-link-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'teacher-courses-curriculum-link-1280');
  await curriculumLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Curriculum' })).toBeVisible();
  await expect(page.getByText('No sections yet.')).toBeVisible();

  // Three sections of four lessons.
  const addSection = page.getByRole('form', { name: 'Add a section' });
  for (const title of SECTIONS) {
    await addSection.getByLabel('Section title').fill(title);
    if (title === 'Starter') await addSection.getByLabel('Summary').fill('Feed it for a week before baking.');
    await addSection.getByRole('button', { name: 'Add section' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `Section ${SECTIONS.indexOf(title) + 1}: ${title}` }),
    ).toBeVisible();
  }
  for (const section of SECTIONS) {
    const input = page.getByRole('textbox', { name: `New lesson title in section ${section}` });
    for (let n = 1; n <= 4; n += 1) {
      await input.fill(lessonTitle(section, n));
      await input.press('Enter');
      await expect(page.getByRole('link', { name: lessonTitle(section, n), exact: true })).toBeVisible();
    }
  }
  await expect(page.getByText('3 sections · 12 lessons · 0 min')).toBeVisible();

  // Keyboard only: Baking becomes the first section, announced to screen readers.
  await keyboardMove(page, 'section “Baking”', 3, 1, 3);
  await expect(page.getByRole('heading', { level: 2, name: 'Section 1: Baking' })).toBeVisible();
  // … and Starter lesson 4 the first lesson of its section.
  await keyboardMove(page, 'lesson “Starter lesson 4”', 4, 1, 4);
  const starterLessons = page.getByRole('list', { name: 'Lessons of section Starter' }).getByRole('link');
  await expect(starterLessons).toHaveText([
    'Starter lesson 4',
    'Starter lesson 1',
    'Starter lesson 2',
    'Starter lesson 3',
  ]);

  // axe with a drag in progress (picked up with the keyboard) and with a dialog open, at both widths.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const handle = page.getByRole('button', { name: 'Move lesson “Dough lesson 2”' });
    // The drag is on: the handle is pressed. (Right after a resize dnd-kit may announce a move on its own, replacing
    // "Picked up…" in its one live region before it is read: CI saw "moved to position 4 of 4" with no key pressed.)
    // On a loaded machine the resize event can land right after the key and cancel the pick-up (dnd-kit cancels a
    // keyboard drag on resize): pick up again until the handle says it is pressed, never twice. (Such a cancel once
    // left dnd-kit's key listener behind and broke every later pick-up: SteadyKeyboardSensor, sortable-list.test.)
    await expect(async () => {
      if ((await handle.getAttribute('aria-pressed')) !== 'true') {
        await handle.focus();
        await page.keyboard.press('Space');
      }
      await expect(handle).toHaveAttribute('aria-pressed', 'true', { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await afterPickUpIsMeasured(page);
    await page.keyboard.press('ArrowDown');
    // This block checks the page while a drag is in progress (the exact reordering is checked by keyboardMove above):
    // right after a viewport resize dnd-kit may place the row one further down, which Escape undoes all the same.
    await expect(page.getByText(/lesson “Dough lesson 2” moved to position [34] of 4\./)).toBeAttached();
    await expectNoAxeViolations(page);
    await screenshot(page, `curriculum-editor-dragging-${width}`);
    await page.keyboard.press('Escape');
    await expect(
      page.getByText(/Moving cancelled\. lesson “Dough lesson 2” is back in position 2 of 4\./),
    ).toBeAttached();

    await page.getByRole('button', { name: 'Actions for section “Dough”' }).click();
    await pickMenuItem(page, 'Delete section');
    const dialog = page.getByRole('dialog', { name: 'Delete this section?' });
    await expect(dialog).toContainText('“Dough” and its 4 lessons will be deleted');
    await expectNoAxeViolations(page);
    await screenshot(page, `curriculum-editor-dialog-${width}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('list', { name: 'Lessons of section Dough' }).getByRole('link')).toHaveText([
    'Dough lesson 1',
    'Dough lesson 2',
    'Dough lesson 3',
    'Dough lesson 4',
  ]);

  // One lesson gets a body and a duration: autosaved, with the saved state shown.
  await page.getByRole('link', { name: 'Baking lesson 1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit lesson' })).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'Lesson content' });
  await editor.click();
  await page.keyboard.type('Preheat the oven to 250 °C with the pot inside.');
  await page.getByLabel('Duration (minutes)').fill('25');
  await expect(page.getByTestId('save-status')).toHaveText(/All changes saved/);
  // Attachments: a PDF is listed; a file over 20 MB is refused with the reason, before it is sent.
  const attach = page.locator('input[type="file"]:not([accept])');
  await attach.setInputFiles({ name: 'oven-guide.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: 'oven-guide.pdf' })).toBeVisible();
  await attach.setInputFiles({
    name: 'lecture.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(21 * 1024 * 1024),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Not uploaded' })).toContainText(
    '“lecture.pdf” is 21.0 MB. Attachment must be 20 MB or smaller.',
  );
  await expectNoAxeViolations(page);
  await screenshot(page, 'lesson-editor-1280');

  // A second tab saves first: this tab's next save shows the conflict, never overwrites silently.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.locator('html[data-ready]').waitFor({ state: 'attached' });
  await other.getByLabel('Lesson title').fill('Baking lesson 1: the oven');
  await expect(other.getByTestId('save-status')).toHaveText(/All changes saved/);
  await other.close();
  await page.getByLabel('Lesson title').fill('Baking lesson 1: preheating');
  const conflict = page.getByRole('alert').filter({ hasText: 'Saved elsewhere first' });
  await expect(conflict).toContainText('Someone else saved this in the meantime');
  await expect(page.getByTestId('save-status')).toHaveText('Not saved: someone else saved first');
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoAxeViolations(page);
  await screenshot(page, 'lesson-editor-conflict-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await conflict.getByRole('button', { name: 'Keep my version' }).click();
  await expect(page.getByTestId('save-status')).toHaveText(/All changes saved/);

  // Publish every draft from the curriculum.
  await page.getByRole('link', { name: 'Curriculum' }).click();
  await page.getByRole('button', { name: 'Publish all drafts (12)' }).click();
  await expect(page.getByText('12 lessons published')).toBeVisible();
  await expect(page.getByRole('button', { name: /Publish all drafts/ })).toHaveCount(0);

  // The course page shows the new order and the curriculum's length.
  await page.getByRole('link', { name: 'Course page' }).click();
  const content = page.getByRole('region', { name: 'Course content' });
  await expect(content.getByRole('heading', { level: 3 })).toHaveText(['1. Baking', '2. Starter', '3. Dough']);
  await expect(content.getByRole('listitem').first()).toContainText('Baking lesson 1: preheating');
  const starter = content.getByRole('region', { name: '2. Starter' });
  await expect(starter.getByRole('listitem')).toHaveText([
    /Starter lesson 4/,
    /Starter lesson 1/,
    /Starter lesson 2/,
    /Starter lesson 3/,
  ]);
  await expect(page.getByRole('complementary', { name: 'Enrolment' }).getByText('25 min')).toBeVisible();

  // A student sees the published lessons in the same order.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, DEMO.student.email, DEMO.student.password);
  await expect(student).toHaveURL(/\/student\/?$/);
  await student.goto(`/course-details/${course.id}`);
  await student.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(student.getByRole('region', { name: 'Course content' }).getByRole('heading', { level: 3 })).toHaveText([
    '1. Baking',
    '2. Starter',
    '3. Dough',
  ]);
  await studentContext.close();
});

test('sequential mode: the student opens lessons in order and the player says why one is locked', async ({
  page: teacherPage,
  request,
  browser,
}) => {
  let page = teacherPage;
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.teacher)}` };
  const course = await emptyCourse(request);
  const section = (await (
    await request.post(`/api/courses/${course.id}/sections`, { headers, data: { title: 'Basics' } })
  ).json()) as { id: string };
  const lessonIds: string[] = [];
  for (const title of ['Flour', 'Water', 'Salt']) {
    const response = await request.post(`/api/courses/${course.id}/sections/${section.id}/lessons`, {
      headers,
      data: { title, published: true, durationMinutes: 5, bodyHtml: `<p>${title}.</p>` },
    });
    lessonIds.push(((await response.json()) as { id: string }).id);
  }

  // The teacher turns sequential mode on in the editor.
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher\/?$/);
  await page.goto(`/teacher/courses/${course.id}/curriculum`);
  const sequential = page.getByRole('switch', { name: 'Sequential mode' });
  await sequential.click();
  await expect(page.getByText('Sequential mode is on')).toBeVisible();
  await expect(sequential).toBeChecked();

  // A student enrols: only the first lesson opens; the third one's address shows why.
  const student = { email: `seq.${Date.now()}@example.com`, password: 'a-long-enough-password-1' };
  const registered = await request.post('/api/auth/register', {
    data: { ...student, firstname: 'Sam', lastname: 'Sequence', phone: '+1 555 0101', role: 'student' },
  });
  expect(registered.status()).toBe(201);
  const enrol = await request.post(`/api/courses/${course.id}/enrolment`, {
    headers: { authorization: `Bearer ${await apiToken(request, student)}` },
  });
  expect(enrol.ok()).toBe(true);
  const studentContext = await browser.newContext();
  page = await studentContext.newPage();
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/?$/);
  await page.goto(`/course-details/${course.id}`);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  const content = page.getByRole('region', { name: 'Course content' });
  await expect(content.getByText('Complete “Flour” first', { exact: true })).toHaveCount(2);
  await page.goto(`/learn/${course.id}/${lessonIds[2]}`);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'This lesson is locked' })).toBeVisible();
  await expect(page.getByText('This course opens its lessons in order: complete “Flour” first')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the next open lesson' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flour' })).toBeVisible();
  await expect(page.getByText('The next lesson opens when you complete this one.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Water' })).toBeVisible();
  await page.mouse.move(0, 0);
  await screenshot(page, 'player-sequential-1280');
  await expectNoAxeViolations(page);
  await studentContext.close();
});
