import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot as capture, test, uniqueEmail } from './support';

/** A full-page screenshot from the top of the page (a scrolled page draws its sticky header mid-picture). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await capture(page, name);
}

test.describe.configure({ timeout: 180_000 });

const STUDENTS = 10;

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

/** A published course with an essay quiz (rubric attached) that 10 students have submitted. */
async function courseWithEssays(request: APIRequestContext, title: string) {
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const course = await api<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title,
    category: 'Development',
    status: 'published',
  });
  const section = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/sections`, {
    title: 'Week 1',
  });
  const essay = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/questions`, {
    title: 'Why indexes?',
    prompt: '<p>Explain why databases use indexes.</p>',
    points: 4,
    content: { type: 'essay', body: {}, key: {} },
  });
  await api(request, teacher, 'POST', `/api/courses/${course.id}/rubrics`, {
    title: 'Essay rubric',
    attachTo: { type: 'question', id: essay.id },
    criteria: [
      {
        title: 'Argument',
        levels: [
          { title: 'Weak', points: 0 },
          { title: 'Strong', points: 4 },
        ],
      },
      {
        title: 'Sources',
        levels: [
          { title: 'None', points: 0 },
          { title: 'Cited', points: 4 },
        ],
      },
    ],
  });
  await api(request, teacher, 'POST', '/api/me/comment-bank', {
    title: `Cite sources ${Date.now()}`,
    html: '<p>Good argument: cite your sources.</p>',
  });
  const draft = await api<{ id: string; version: number }>(
    request,
    teacher,
    'POST',
    `/api/courses/${course.id}/sections/${section.id}/assessments`,
    { title: 'Essay quiz', points: 4, releaseScore: 'manual', releaseFeedback: 'manual', releaseAnswers: 'manual' },
  );
  const parts = await api<{ version: number }>(
    request,
    teacher,
    'PUT',
    `/api/courses/${course.id}/assessments/${draft.id}/parts`,
    { version: draft.version, parts: [{ mode: 'fixed', questionIds: [essay.id] }] },
  );
  await api(request, teacher, 'POST', `/api/courses/${course.id}/assessments/${draft.id}/publish`, {
    version: parts.version,
    published: true,
  });
  const students: { token: string; attemptId: string }[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    const email = uniqueEmail(`grading${i}`);
    const password = 'a-long-unusual-password';
    const registered = await request.post('/api/auth/register', {
      data: { email, firstname: `Learner`, lastname: `No ${i + 1}`, phone: '+1 555 0102', password, role: 'student' },
    });
    expect(registered.status()).toBeLessThan(300);
    const token = await tokenOf(request, email, password);
    await api(request, token, 'POST', `/api/courses/${course.id}/enrolment`);
    const attempt = await api<{ id: string }>(
      request,
      token,
      'POST',
      `/api/courses/${course.id}/assessments/${draft.id}/attempts`,
      {},
    );
    await api(request, token, 'PUT', `/api/attempts/${attempt.id}/answers/${essay.id}`, {
      response: { html: `<p>Answer ${i + 1}: an index avoids reading the whole table.</p>` },
    });
    await api(request, token, 'POST', `/api/attempts/${attempt.id}/submit`);
    students.push({ token, attemptId: attempt.id });
  }
  return { courseId: course.id, assessmentId: draft.id, essayId: essay.id, teacher, students };
}

test('a teacher grades 10 essays by question with the keyboard, with the comment bank and a rubric; the gradebook and its CSV agree', async ({
  page,
  request,
}) => {
  const title = `Grading course ${Date.now()}`;
  const setup = await courseWithEssays(request, title);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/courses/${setup.courseId}/grading`);
  await expect(page.getByRole('heading', { name: 'Grading', level: 1 })).toBeVisible();
  await expect(page.getByText('Answer 1 of 10 · 10 left to grade')).toBeVisible();

  // The first answer: scored by the rubric, with a comment from the bank (keyboard only).
  await page.getByRole('radio', { name: 'Strong (4)' }).check();
  await page.getByRole('radio', { name: 'None (0)' }).check();
  const bank = page.getByRole('combobox', { name: 'Insert a saved comment' });
  await bank.focus();
  await page.keyboard.type('Cite');
  await expect(page.getByRole('option', { name: /Cite sources/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('Good argument: cite your sources.');
  await expect(bank).toHaveValue('');
  // 4 of 8 rubric points on a 4-point essay.
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).toHaveValue('2');
  await expectNoAxeViolations(page);
  await screenshot(page, 'grading-inbox-rubric-1280');
  await page.getByRole('textbox', { name: 'Comment' }).focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Answer 2 of 10 · 9 left to grade')).toBeVisible();

  // The nine others: type the score, Enter saves and opens the next one.
  for (let i = 2; i <= STUDENTS; i += 1) {
    const score = page.getByRole('textbox', { name: 'Score (out of 4)' });
    await expect(score).toBeFocused();
    await page.keyboard.type(String(i % 2 === 0 ? 3 : 2.5));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${STUDENTS - i} left to grade`)).toBeVisible();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshot(page, 'grading-inbox-390');

  // The gradebook shows the counting scores; the CSV has the same numbers.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Gradebook' }).click();
  await expect(page.getByRole('heading', { name: 'Gradebook', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Learner No 1 .* 2 50 %/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Learner No 2 .* 3 75 %/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Learner No 3 .* 2\.5 62\.5 %/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'gradebook-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'gradebook-390');
  const csv = await request.get(`/api/courses/${setup.courseId}/gradebook.csv`, {
    headers: { authorization: `Bearer ${setup.teacher}` },
  });
  const lines = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(STUDENTS + 1);
  expect(lines.find((line) => line.startsWith('Learner No 1,'))).toMatch(/,2,50$/);
  expect(lines.find((line) => line.startsWith('Learner No 2,'))).toMatch(/,3,75$/);

  // Released: the student sees the score, the comment and the rubric levels.
  await api(
    request,
    setup.teacher,
    'POST',
    `/api/courses/${setup.courseId}/assessments/${setup.assessmentId}/release`,
    {
      released: true,
    },
  );
  const first = setup.students[0]!;
  const review = await api<{ questions: { review: { score: number; feedback: { grader: string } } }[] }>(
    request,
    first.token,
    'GET',
    `/api/attempts/${first.attemptId}`,
  );
  expect(review.questions[0]!.review).toMatchObject({
    score: 2,
    feedback: { grader: '<p>Good argument: cite your sources.</p>' },
  });
  const rubrics = await api<{ released: boolean; items: { score: { total: number } }[] }>(
    request,
    first.token,
    'GET',
    `/api/me/attempts/${first.attemptId}/rubrics`,
  );
  expect(rubrics).toMatchObject({ released: true, items: [{ score: { total: 4 } }] });
});
