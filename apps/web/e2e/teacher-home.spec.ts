import type { APIRequestContext } from '@playwright/test';
import type { TeacherHome } from '@lyceum/contract';
import { TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { checkBothWidths, expect, test, uniqueEmail } from './support';

/**
 * Issue 49.3: a teacher opens Lyceum on what needs them — the answer waiting to be graded and a student at risk with
 * the reason (two assignments missing) — axe clean at 1280 and 390 px; one click and a send message the students at
 * risk. Set up through the API.
 */
const PASSWORD = 'a-long-unusual-password';

async function register(request: APIRequestContext, role: 'teacher' | 'student', firstname: string, lastname: string) {
  const email = uniqueEmail(`home-${role}`);
  const registered = await request.post('/api/auth/register', {
    data: { email, firstname, lastname, phone: '+1 555 0100', password: PASSWORD, role },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { email, token: ((await login.json()) as { token: string }).token };
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

test('a teacher sees the answer waiting for them and a student at risk with the reason', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const [teacher, writer, behind] = await Promise.all([
    register(request, 'teacher', 'Tess', `Home${suffix}`),
    register(request, 'student', 'Wren', `Writer${suffix}`),
    register(request, 'student', 'Blake', `Behind${suffix}`),
  ]);
  const t = teacher.token;

  // A published course: two lessons and a quiz of one essay question.
  const course = await api<{ id: string }>(request, t, 'POST', '/api/courses', {
    title: `Databases ${suffix}`,
    category: 'Development',
    status: 'published',
  });
  const section = await api<{ id: string }>(request, t, 'POST', `/api/courses/${course.id}/sections`, {
    title: 'Week 1',
  });
  const lessons: string[] = [];
  for (const title of ['B-trees', 'Hashing'])
    lessons.push(
      (
        await api<{ id: string }>(request, t, 'POST', `/api/courses/${course.id}/sections/${section.id}/lessons`, {
          title: `${title} ${suffix}`,
          published: true,
          durationMinutes: 5,
          bodyHtml: '<p>Read this.</p>',
        })
      ).id,
    );
  const essay = await api<{ id: string }>(request, t, 'POST', `/api/courses/${course.id}/questions`, {
    title: 'Why indexes?',
    prompt: '<p>Explain why databases use indexes.</p>',
    content: { type: 'essay', body: {}, key: {} },
  });
  let quiz = await api<{ id: string; version: number }>(
    request,
    t,
    'POST',
    `/api/courses/${course.id}/sections/${section.id}/assessments`,
    { title: `Essay ${suffix}` },
  );
  quiz = await api(request, t, 'PUT', `/api/courses/${course.id}/assessments/${quiz.id}/parts`, {
    version: quiz.version,
    parts: [{ mode: 'fixed', questionIds: [essay.id] }],
  });
  await api(request, t, 'POST', `/api/courses/${course.id}/assessments/${quiz.id}/publish`, {
    version: quiz.version,
    published: true,
  });

  // A class of both students; the two lessons are due in a few seconds (missing once past, for whoever has not read them).
  const cls = await api<{ id: string; code: string }>(request, t, 'POST', '/api/classes', {
    name: `Period 3 ${suffix}`,
    courseIds: [course.id],
  });
  await Promise.all(
    [writer, behind].map((student) => api(request, student.token, 'POST', '/api/classes/join', { code: cls.code })),
  );
  const dueAt = new Date(Date.now() + 1_500).toISOString();
  await Promise.all(
    lessons.map((itemId) => api(request, t, 'POST', `/api/classes/${cls.id}/assignments`, { itemId, dueAt })),
  );

  // The writer hands in the essay: an answer waits for the teacher.
  const attempt = await api<{ id: string }>(
    request,
    writer.token,
    'POST',
    `/api/courses/${course.id}/assessments/${quiz.id}/attempts`,
    {},
  );
  await api(request, writer.token, 'PUT', `/api/attempts/${attempt.id}/answers/${essay.id}`, {
    response: { html: '<p>They keep keys sorted.</p>' },
  });
  await api(request, writer.token, 'POST', `/api/attempts/${attempt.id}/submit`, {});
  await expect
    .poll(
      async () => {
        const home = await api<TeacherHome>(request, t, 'GET', '/api/me/teacher-home');
        return home.atRisk.classes.flatMap((c) => c.students.map((s) => s.name)).includes(`Blake Behind${suffix}`);
      },
      { message: 'the lessons fall due and the student is missing them', timeout: 15_000 },
    )
    .toBe(true);

  // Signed in as the login form leaves it (the token kept by the browser), without the form's round trips.
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key!, token!), [TOKEN_STORAGE_KEY, t]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/teacher/dashboard');

  const home = page.getByRole('region', { name: 'What needs you' });
  const toGrade = home.getByRole('region', { name: 'Answers to grade' });
  await expect(toGrade).toContainText('1 answer waits for you');
  await expect(toGrade.getByRole('link', { name: `Essay ${suffix}` })).toHaveAttribute(
    'href',
    `/teacher/grading?courseId=${course.id}&assessment=${quiz.id}`,
  );
  const atRisk = home.getByRole('region', { name: `Period 3 ${suffix}` });
  await expect(
    atRisk
      .getByRole('listitem')
      .filter({ hasText: `Blake Behind${suffix}` })
      .first(),
  ).toContainText('2 assignments missing');
  await expect(home.getByRole('region', { name: 'Due in the next 7 days' })).toContainText(
    'Nothing is due in your classes this week.',
  );
  // The counters stay below.
  await expect(page.getByText('Published Courses')).toBeVisible();

  await checkBothWidths(page, 'teacher-home');

  // One click and a send: the students at risk get the message.
  await atRisk.getByRole('button', { name: /^Message (this student|these \d+ students)$/ }).click();
  await expect(atRisk.getByRole('textbox', { name: 'Your message' })).toBeFocused();
  await atRisk.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^Message sent to \d+ students?$/)).toBeVisible();

  // The teacher's own rules, from the keyboard: 3 missing assignments, and Blake (2 missing) is no longer listed.
  const rules = home.getByRole('region', { name: 'Students at risk' });
  await rules.getByRole('button', { name: 'Change these rules' }).focus();
  await page.keyboard.press('Enter');
  const form = rules.getByRole('form', { name: 'Your at-risk rules' });
  await expect(form.getByRole('textbox', { name: 'Days without activity' })).toBeFocused();
  await checkBothWidths(page, 'teacher-home-rules');
  await form.getByRole('textbox', { name: 'Missing assignments' }).fill('3');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your at-risk rules are saved')).toBeVisible();
  await expect(rules.getByRole('button', { name: 'Change these rules' })).toBeFocused();
  await expect(rules).toContainText('3 or more assignments missing');
  await expect(rules.getByText(`Blake Behind${suffix}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Students at risk' })).toContainText('3 or more assignments missing');
});
