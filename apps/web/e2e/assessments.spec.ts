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
  pickMenuItem,
} from './support';

test.describe.configure({ timeout: 180_000 });

async function apiToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const item = (id: string, text: string) => ({ id, text });

/** The bank: one question of every type (the quiz's fixed part) and three tagged "pool" for a random draw. */
const BANK = [
  {
    title: 'Capital of France',
    prompt: '<p>What is the capital of France?</p>',
    content: {
      type: 'multiple_choice',
      body: { multiple: false, choices: [item('c1', 'Lyon'), item('c2', 'Paris'), item('c3', 'Nice')] },
      key: { correct: ['c2'] },
    },
  },
  {
    title: 'Sunrise',
    prompt: '<p>The sun rises in the east.</p>',
    content: { type: 'true_false', body: {}, key: { answer: true } },
  },
  {
    title: 'Rivers',
    prompt: '',
    content: {
      type: 'fill_blank',
      body: { sentence: 'The [[1]] flows through Paris and the [[2]] through Rome.' },
      key: { blanks: [{ accepted: ['Seine'] }, { accepted: ['Tiber'] }] },
    },
  },
  {
    title: 'Powerhouse',
    prompt: '<p>Which organelle is the powerhouse of the cell?</p>',
    content: { type: 'short_answer', body: {}, key: { mode: 'auto', accepted: ['mitochondria'] } },
  },
  {
    title: 'Gravity',
    prompt: '<p>The acceleration of gravity at sea level?</p>',
    content: { type: 'numeric', body: { unit: 'm/s²' }, key: { answers: [{ value: 9.81, tolerance: 0.05 }] } },
  },
  {
    title: 'Kingdoms',
    prompt: '<p>Match each living thing with its kingdom.</p>',
    content: {
      type: 'matching',
      body: { prompts: [item('p1', 'cat'), item('p2', 'rose')], options: [item('o1', 'animal'), item('o2', 'flower')] },
      key: { pairs: { p1: 'o1', p2: 'o2' } },
    },
  },
  {
    title: 'Ages',
    prompt: '<p>Put these ages in order, oldest first.</p>',
    content: {
      type: 'ordering',
      body: { items: [item('i1', 'Stone Age'), item('i2', 'Bronze Age'), item('i3', 'Iron Age')] },
      key: { order: ['i1', 'i2', 'i3'] },
    },
  },
  {
    title: 'Reflection',
    prompt: '<p>In a sentence or two: what did you learn this week?</p>',
    content: { type: 'essay', body: { wordLimit: 50 }, key: {} },
  },
  ...[1, 2, 3].map((n) => ({
    title: `Pool question ${n}`,
    prompt: `<p>Pool statement ${n} is true.</p>`,
    tags: ['pool'],
    content: { type: 'true_false', body: {}, key: { answer: true } },
  })),
];

/** Setup through the API: a published course with a section and a bank; a student enrolled in it. */
async function setUp(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.teacher)}` };
  const post = async <T>(url: string, data: unknown, h = headers) => {
    const response = await request.post(url, { headers: h, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
  const suffix = Math.random().toString(36).slice(2, 8);
  const course = await post<{ id: string; title: string }>('/api/courses', {
    title: `World knowledge ${suffix}`,
    category: 'Development',
    status: 'published',
  });
  await post(`/api/courses/${course.id}/sections`, { title: 'Week 1' });
  for (const question of BANK) await post(`/api/courses/${course.id}/questions`, question);

  const student = { email: uniqueEmail('quiz-taker'), password: 'a-long-enough-password-1' };
  const registered = await request.post('/api/auth/register', {
    data: { ...student, firstname: 'Quinn', lastname: 'Taker', phone: '+1 555 0101', role: 'student' },
  });
  expect(registered.status()).toBe(201);
  const enrol = await request.post(`/api/courses/${course.id}/enrolment`, {
    headers: { authorization: `Bearer ${await apiToken(request, student)}` },
  });
  expect(enrol.ok()).toBe(true);
  return { course, student };
}

const question = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Question ${n}\\b`) });

/** The countdown as seconds ("19:42" → 1182). */
async function clockSeconds(page: Page): Promise<number> {
  const text = (await page.getByText(/^\d{1,2}:\d{2}$/).textContent()) ?? '';
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

test('a teacher builds a timed quiz from the bank; a student takes it with the keyboard, reloads, submits', async ({
  page,
  request,
}) => {
  const { course, student } = await setUp(request);

  // ---- The teacher builds the quiz: 8 fixed questions of every type + 2 drawn from the tag "pool".
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto('/teacher/coursesList');
  await page.getByRole('button', { name: `Manage ${course.title}` }).click();
  await pickMenuItem(page, 'Assessments');
  // The assessment pages are their own chunk, fetched on the first visit: on a loaded CI machine that took over 7 s.
  await expect(page.getByRole('heading', { name: 'Assessments', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'New assessment in Week 1' }).click();
  const create = page.getByRole('dialog', { name: 'New assessment in “Week 1”' });
  await create.getByLabel('Title').fill('Week 1 quiz');
  await create.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page.getByRole('heading', { name: 'Week 1 quiz', level: 1 })).toBeVisible();
  const editorUrl = page.url();

  await page.getByRole('button', { name: 'Add bank questions' }).click();
  const picker = page.getByRole('dialog', { name: 'Add questions from the bank' });
  for (const q of BANK.slice(0, 8)) await picker.getByRole('checkbox', { name: new RegExp(`^${q.title} ·`) }).check();
  await picker.getByRole('button', { name: 'Add 8 questions' }).click();
  await expect(picker).toBeHidden();
  await page.getByRole('button', { name: 'Add a random draw' }).click();
  await page.getByRole('textbox', { name: 'Tag' }).fill('pool');
  await page.getByRole('textbox', { name: 'How many' }).fill('2');
  await page.getByRole('button', { name: 'Save questions' }).click();
  await expect(page.getByText('Questions saved')).toBeVisible();
  await expect(page.getByText('10 questions per attempt')).toBeVisible();
  await expect(page.getByText('3 questions carry this tag')).toBeVisible();
  await checkBothWidths(page, 'assessment-authoring-questions');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Time limit' }).check();
  await page.getByRole('textbox', { name: 'Minutes' }).fill('20');
  // The correct answers wait for the teacher's "Release grades".
  await page.getByRole('combobox', { name: 'The correct answers' }).click();
  await page.getByRole('option', { name: 'When the teacher releases them' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await checkBothWidths(page, 'assessment-authoring-settings');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Assessment published')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  // ---- The student opens it from the course outline and starts it with the keyboard.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(`/course-details/${course.id}`);
  await page.getByRole('link', { name: 'Week 1 quiz' }).click();
  await expect(page.getByRole('heading', { name: 'Week 1 quiz', level: 1 })).toBeVisible();
  await expect(page.getByText(/Time limit: 20 minutes/)).toBeVisible();
  await expect(page.getByText(/1 of 1 attempt left/)).toBeVisible();
  await expect(page.getByText(/10 questions, 100 points/)).toBeVisible();
  await checkBothWidths(page, 'assessment-start');
  await page.getByRole('button', { name: 'Start attempt' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/student\/attempts\//);

  await question(page, 1).getByRole('radio', { name: 'Paris' }).focus();
  await page.keyboard.press('Space');
  await question(page, 2).getByRole('radio', { name: 'True' }).focus();
  await page.keyboard.press('Space');
  await question(page, 3).getByRole('textbox', { name: 'Blank 1' }).focus();
  await page.keyboard.type('Seine');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tiber');
  await question(page, 4).getByRole('textbox', { name: 'Your answer' }).focus();
  await page.keyboard.type('mitochondria');
  await expect(page.getByText('All answers saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 4, answered' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 5, unanswered' })).toBeVisible();
  await question(page, 5).getByRole('button', { name: 'Flag question 5 for review' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Question 5, unanswered, flagged' })).toBeVisible();
  const before = await clockSeconds(page);
  expect(before).toBeLessThan(20 * 60);

  // ---- Reload mid-way: the answers and the true remaining time survive.
  await page.reload();
  await expect(question(page, 1).getByRole('radio', { name: 'Paris' })).toBeChecked();
  await expect(question(page, 2).getByRole('radio', { name: 'True' })).toBeChecked();
  await expect(question(page, 3).getByRole('textbox', { name: 'Blank 1' })).toHaveValue('Seine');
  await expect(question(page, 3).getByRole('textbox', { name: 'Blank 2' })).toHaveValue('Tiber');
  await expect(question(page, 4).getByRole('textbox', { name: 'Your answer' })).toHaveValue('mitochondria');
  await expect(page.getByRole('button', { name: 'Question 5, unanswered, flagged' })).toBeVisible();
  const after = await clockSeconds(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 120);

  await question(page, 5).getByRole('textbox', { name: 'Your answer (in m/s²)' }).focus();
  await page.keyboard.type('9.81');
  // Matching: type-ahead on each focused select.
  await question(page, 6).getByRole('combobox', { name: 'cat' }).focus();
  await page.keyboard.type('an');
  await question(page, 6).getByRole('combobox', { name: 'rose' }).focus();
  await page.keyboard.type('fl');
  await expect(question(page, 6).getByRole('combobox', { name: 'cat' })).toHaveValue('o1');
  await expect(question(page, 6).getByRole('combobox', { name: 'rose' })).toHaveValue('o2');
  // Ordering: move an item with its button; a live region says where it went.
  const firstDown = question(page, 7)
    .getByRole('button', { name: /^Move down: / })
    .first();
  const moved = ((await firstDown.getAttribute('aria-label')) ?? '').replace('Move down: ', '');
  await firstDown.focus();
  await page.keyboard.press('Enter');
  await expect(question(page, 7).getByRole('status')).toHaveText(`${moved} moved to position 2 of 3.`);
  await question(page, 8).getByRole('textbox', { name: 'Your answer' }).focus();
  await page.keyboard.type('Rivers cross capitals.');
  await expect(question(page, 8).getByText('3 of 50 words')).toBeVisible();
  await expect(page.getByText('All answers saved')).toBeVisible();
  await checkBothWidths(page, 'assessment-taking');
  // On a phone the timer stays in view while the questions scroll.
  await page.setViewportSize({ width: 390, height: 800 });
  const timeBar = page.getByRole('region', { name: 'Time and saving' });
  await expect(timeBar).toBeVisible();
  await question(page, 8).scrollIntoViewIfNeeded();
  await expect(timeBar).toBeInViewport();
  await expect(timeBar.getByText(/^\d{1,2}:\d{2}$/)).toBeInViewport();
  await screenshot(page, 'assessment-taking-scrolled-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // ---- Submit: the confirmation lists the unanswered (drawn) questions.
  await page.getByRole('button', { name: 'Submit…' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Submit your answers?' });
  await expect(confirm.getByText('2 questions are not answered:')).toBeVisible();
  await expect(confirm.getByText('Question 9, Question 10')).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Submit' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Attempt submitted', level: 1 })).toBeVisible();
  await expect(page.getByText('8 of 10')).toBeVisible();
  // The essay waits for the teacher.
  await expect(page.getByText('Needs grading')).toBeVisible();
  await checkBothWidths(page, 'assessment-receipt');

  // ---- My Quiz Attempts lists it.
  await page.getByRole('main').getByRole('link', { name: 'My Quiz Attempts' }).click();
  await expect(page.getByRole('heading', { name: 'My Quiz Attempts', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /Week 1 quiz/ });
  await expect(row).toContainText(course.title);
  await expect(row).toContainText('Needs grading');
  await checkBothWidths(page, 'my-quiz-attempts');

  // ---- The teacher's attempts log shows it; "Release grades" hands out the correct answers after a confirmation.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(editorUrl);
  await page.getByRole('tab', { name: 'Attempts' }).click();
  const logRow = page.getByRole('row', { name: /Quinn Taker/ });
  await expect(logRow).toContainText(student.email);
  await expect(logRow).toContainText('Needs grading');
  await expect(logRow).toContainText(/127\.0\.0\.1/);
  await expect(page.getByText('Students do not see their correct answers until you release them.')).toBeVisible();
  await checkBothWidths(page, 'assessment-attempts-log');
  await page.getByRole('button', { name: 'Release grades' }).click();
  const releaseDialog = page.getByRole('dialog', { name: 'Release grades to students?' });
  await expectNoAxeViolations(page);
  await releaseDialog.getByRole('button', { name: 'Release grades' }).click();
  await expect(page.getByText('Grades released')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take back the release' })).toBeVisible();
  await expect(page.getByText(/^Released .*: students see their correct answers\.$/)).toBeVisible();
});
