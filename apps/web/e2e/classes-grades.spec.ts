import type { APIRequestContext } from '@playwright/test';
import { DEMO, checkBothWidths, expect, logIn, test, uniqueEmail } from './support';

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

test('the roster shows each student’s counting grade and the class gradebook lists the class’s members only', async ({
  page,
  request,
}) => {
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const suffix = Math.random().toString(36).slice(2, 7);
  const course = await api<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title: `Graded algebra ${suffix}`,
    category: 'Development',
    status: 'published',
  });
  const section = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/sections`, {
    title: 'Week 1',
  });
  const question = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/questions`, {
    title: 'Sorted keys',
    prompt: '<p>B-trees keep keys sorted.</p>',
    content: { type: 'true_false', body: {}, key: { answer: true } },
  });
  const draft = await api<{ id: string; version: number }>(
    request,
    teacher,
    'POST',
    `/api/courses/${course.id}/sections/${section.id}/assessments`,
    { title: `Check-in quiz ${suffix}` },
  );
  const parts = await api<{ version: number }>(
    request,
    teacher,
    'PUT',
    `/api/courses/${course.id}/assessments/${draft.id}/parts`,
    { version: draft.version, parts: [{ mode: 'fixed', questionIds: [question.id] }] },
  );
  await api(request, teacher, 'POST', `/api/courses/${course.id}/assessments/${draft.id}/publish`, {
    version: parts.version,
    published: true,
  });
  const cls = await api<{ id: string; code: string }>(request, teacher, 'POST', '/api/classes', {
    name: `Period 5 algebra ${suffix}`,
    courseIds: [course.id],
  });

  // Two members answer (one right, one wrong); an outsider enrolled in the course answers right too.
  const learners = [
    { lastname: 'Right', answer: true, member: true },
    { lastname: 'Wrong', answer: false, member: true },
    { lastname: 'Outsider', answer: true, member: false },
  ];
  for (const learner of learners) {
    const email = uniqueEmail(`grade${learner.lastname.toLowerCase()}`);
    const password = 'a-long-unusual-password';
    const registered = await request.post('/api/auth/register', {
      data: { email, firstname: 'Ana', lastname: learner.lastname, phone: '+1 555 0102', password, role: 'student' },
    });
    expect(registered.status()).toBeLessThan(300);
    const token = await tokenOf(request, email, password);
    if (learner.member) await api(request, token, 'POST', '/api/classes/join', { code: cls.code });
    else await api(request, token, 'POST', `/api/courses/${course.id}/enrolment`);
    const attempt = await api<{ id: string }>(
      request,
      token,
      'POST',
      `/api/courses/${course.id}/assessments/${draft.id}/attempts`,
      {},
    );
    await api(request, token, 'PUT', `/api/attempts/${attempt.id}/answers/${question.id}`, {
      response: { answer: learner.answer },
    });
    await api(request, token, 'POST', `/api/attempts/${attempt.id}/submit`);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/classes/${cls.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Period 5 algebra ${suffix}` })).toBeVisible();

  // The roster: the counting grade (course total) beside progress and last activity.
  await expect(page.getByRole('columnheader', { name: 'Grade' })).toBeVisible();
  const right = page.getByRole('row', { name: /Ana Right/ });
  const wrong = page.getByRole('row', { name: /Ana Wrong/ });
  await expect(right.getByRole('cell', { name: '100 %' })).toBeVisible();
  await expect(wrong.getByRole('cell', { name: '0 %' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ana Outsider/ })).toHaveCount(0);
  await checkBothWidths(page, 'classes-roster-grades');

  // The class's gradebook: the course gradebook limited to the class's two members.
  await page.getByRole('tab', { name: 'Gradebook' }).click();
  await expect(page.getByText('2 students of this class · 1 assessment ·')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: new RegExp(`Check-in quiz ${suffix}`) })).toBeVisible();
  const bookRight = page.getByRole('row', { name: /Ana Right/ });
  await expect(bookRight.getByRole('cell', { name: '100 %' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ana Wrong/ }).getByRole('cell', { name: '0 %' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ana Outsider/ })).toHaveCount(0);
  await checkBothWidths(page, 'classes-gradebook');

  // The stream: announcements written with the rich-text editor, shown formatted.
  await page.getByRole('tab', { name: 'Stream' }).click();
  const editor = page.getByRole('textbox', { name: 'Announce something to your class' });
  await editor.click();
  await page.keyboard.type('Quiz grades are in. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Well done');
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.locator('article strong', { hasText: 'Well done' })).toBeVisible();
  await checkBothWidths(page, 'classes-stream-rich');
});

test('the learner’s to-do: the Due soon and Done badges are readable (AA contrast, issue 46.16)', async ({
  page,
  request,
}) => {
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const suffix = Math.random().toString(36).slice(2, 7);
  const course = await api<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title: `To-do course ${suffix}`,
    category: 'Development',
    status: 'published',
  });
  const section = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/sections`, {
    title: 'Week 1',
  });
  const question = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/questions`, {
    title: 'Sorted keys',
    prompt: '<p>B-trees keep keys sorted.</p>',
    content: { type: 'true_false', body: {}, key: { answer: true } },
  });
  async function quiz(title: string) {
    const draft = await api<{ id: string; version: number }>(
      request,
      teacher,
      'POST',
      `/api/courses/${course.id}/sections/${section.id}/assessments`,
      { title },
    );
    const parts = await api<{ version: number }>(
      request,
      teacher,
      'PUT',
      `/api/courses/${course.id}/assessments/${draft.id}/parts`,
      { version: draft.version, parts: [{ mode: 'fixed', questionIds: [question.id] }] },
    );
    await api(request, teacher, 'POST', `/api/courses/${course.id}/assessments/${draft.id}/publish`, {
      version: parts.version,
      published: true,
    });
    return draft.id;
  }
  const soon = await quiz(`Due tomorrow ${suffix}`);
  const done = await quiz(`Handed in ${suffix}`);
  const cls = await api<{ id: string; code: string }>(request, teacher, 'POST', '/api/classes', {
    name: `Period 2 to-do ${suffix}`,
    courseIds: [course.id],
  });
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  await api(request, teacher, 'POST', `/api/classes/${cls.id}/assignments`, { itemId: soon, dueAt: inDays(1) });
  await api(request, teacher, 'POST', `/api/classes/${cls.id}/assignments`, { itemId: done, dueAt: inDays(10) });

  const email = uniqueEmail('todo');
  const password = 'a-long-unusual-password';
  const registered = await request.post('/api/auth/register', {
    data: { email, firstname: 'Tori', lastname: 'Todo', phone: '+1 555 0103', password, role: 'student' },
  });
  expect(registered.status()).toBeLessThan(300);
  const student = await tokenOf(request, email, password);
  await api(request, student, 'POST', '/api/classes/join', { code: cls.code });
  const attempt = await api<{ id: string }>(
    request,
    student,
    'POST',
    `/api/courses/${course.id}/assessments/${done}/attempts`,
    {},
  );
  await api(request, student, 'PUT', `/api/attempts/${attempt.id}/answers/${question.id}`, {
    response: { answer: true },
  });
  await api(request, student, 'POST', `/api/attempts/${attempt.id}/submit`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, email, password);
  await page.waitForURL(/\/student/);
  await page.goto(`/student/classes/${cls.id}`);
  const soonCard = page.getByRole('article').filter({ hasText: `Due tomorrow ${suffix}` });
  const doneCard = page.getByRole('article').filter({ hasText: `Handed in ${suffix}` });
  await expect(soonCard.getByText('Due soon', { exact: true })).toBeVisible();
  await expect(doneCard.getByText('Done', { exact: true })).toBeVisible();
  await checkBothWidths(page, 'classes-todo-badges');
});
