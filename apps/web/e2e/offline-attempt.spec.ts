import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, checkBothWidths, expect, logIn, test, uniqueEmail, waitForApp } from './support';

/**
 * Assessments that survive the network (issue 49 point 4, ADR 059): answers given offline are kept in the browser
 * and sent when the connection returns, even from a tab opened again later; a save that reaches the server after
 * the deadline + grace is refused and the student is told.
 */
test.describe.configure({ timeout: 180_000 });

const QUESTIONS = 20;

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

interface Attempt {
  id: string;
  deadlineAt: string | null;
  questions: { number: number; question: { id: string }; response: unknown }[];
}

/** A published quiz of 20 true/false statements, a student enrolled in it, and their attempt started. */
async function setUp(request: APIRequestContext, settings: Record<string, unknown> = {}) {
  const teacher = { authorization: `Bearer ${await tokenOf(request, DEMO.teacher)}` };
  const call = async <T>(method: 'POST' | 'PUT', url: string, data: unknown, headers = teacher) => {
    const response = await request.fetch(url, { method, headers, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const course = await call<{ id: string }>('POST', '/api/courses', {
    title: `Field trip ${Date.now()}`,
    category: 'Development',
    status: 'published',
  });
  const section = await call<{ id: string }>('POST', `/api/courses/${course.id}/sections`, { title: 'Week 1' });
  const ids: string[] = [];
  for (let n = 1; n <= QUESTIONS; n += 1) {
    const question = await call<{ id: string }>('POST', `/api/courses/${course.id}/questions`, {
      title: `Statement ${n}`,
      prompt: `<p>Statement ${n} is true.</p>`,
      content: { type: 'true_false', body: {}, key: { answer: true } },
    });
    ids.push(question.id);
  }
  const draft = await call<{ id: string; version: number }>(
    'POST',
    `/api/courses/${course.id}/sections/${section.id}/assessments`,
    { title: 'Field trip check', ...settings },
  );
  const parts = await call<{ version: number }>('PUT', `/api/courses/${course.id}/assessments/${draft.id}/parts`, {
    version: draft.version,
    parts: [{ mode: 'fixed', questionIds: ids }],
  });
  await call('POST', `/api/courses/${course.id}/assessments/${draft.id}/publish`, {
    version: parts.version,
    published: true,
  });
  const student = { email: uniqueEmail('offline'), password: 'a-long-unusual-password' };
  const registered = await request.post('/api/auth/register', {
    data: { ...student, firstname: 'Ines', lastname: 'Okafor', phone: '+1 555 0199', role: 'student' },
  });
  expect(registered.status()).toBe(201);
  const studentAuth = { authorization: `Bearer ${await tokenOf(request, student)}` };
  await call('POST', `/api/courses/${course.id}/enrolment`, undefined, studentAuth);
  const attempt = await call<Attempt>(
    'POST',
    `/api/courses/${course.id}/assessments/${draft.id}/attempts`,
    {},
    studentAuth,
  );
  /** The attempt as the server has it (the student's own view). */
  const stored = async () => {
    const response = await request.get(`/api/attempts/${attempt.id}`, { headers: studentAuth });
    expect(response.ok()).toBe(true);
    return (await response.json()) as Attempt & { status: string };
  };
  return { student, attempt, stored };
}

const card = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Question ${n}\\b`) });

async function answer(page: Page, n: number, choice: 'True' | 'False') {
  await card(page, n).getByRole('radio', { name: choice }).check();
}

test('20 answers given during two minutes offline are all saved once the connection returns', async ({
  page,
  context,
  request,
}) => {
  const { student, attempt, stored } = await setUp(request);
  // The page's clock runs under the test's hand, so two minutes of backoff pass without waiting for them.
  await page.clock.install();
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(`/student/attempts/${attempt.id}`);
  // A loaded machine takes a while to start the app: the attempt's first paint gets more than the default 7 s.
  await expect(card(page, QUESTIONS)).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  for (let n = 1; n <= QUESTIONS; n += 1) await answer(page, n, 'True');
  // A change of mind, offline too: the later answer is the one kept.
  await answer(page, 1, 'False');
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('Offline — 20 answers waiting, they will be sent');
  await expect(page.getByText('20 answers waiting', { exact: true })).toBeVisible();
  // Never "Saved" before the server said so.
  await expect(page.getByText(/^Saved$|^All answers saved$/)).toHaveCount(0);
  await expect(card(page, 5).getByText('Waiting to be sent')).toBeVisible();
  await checkBothWidths(page, 'offline-attempt-banner');

  await page.clock.fastForward('02:00');
  await expect(banner).toContainText('20 answers waiting');
  expect((await stored()).questions.every((q) => q.response === null)).toBe(true);

  // Every save that reaches the server once the connection is back, in the order it was sent.
  const arrived: { questionId: string; seq: number; status: number }[] = [];
  await page.route('**/api/attempts/*/answers/*', async (route) => {
    const response = await route.fetch();
    const { seq } = route.request().postDataJSON() as { seq: number };
    arrived.push({ questionId: route.request().url().split('/').at(-1)!, seq, status: response.status() });
    await route.fulfill({ response });
  });

  await context.setOffline(false);
  await expect(page.getByText('All answers saved')).toBeVisible({ timeout: 20_000 });
  await expect(banner).toHaveCount(0);
  const server = await stored();
  expect(server.questions.map((q) => q.response)).toEqual(
    server.questions.map((q) => (q.number === 1 ? { answer: false } : { answer: true })),
  );
  expect(arrived.every((save) => save.status === 200)).toBe(true);
  expect(new Set(arrived.map((save) => save.questionId)).size).toBe(QUESTIONS);
  // Each answer went once: twenty requests for twenty questions, none refused or repeated.
  expect(arrived).toHaveLength(QUESTIONS);
});

test('answers of a tab that died while offline are sent when the attempt is opened again online', async ({
  page,
  context,
  request,
}) => {
  const { student, attempt, stored } = await setUp(request);
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  const taking = await context.newPage();
  await taking.goto(`/student/attempts/${attempt.id}`);
  await waitForApp(taking);
  await expect(card(taking, 3)).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await answer(taking, 1, 'True');
  await answer(taking, 2, 'False');
  await answer(taking, 3, 'True');
  await expect(taking.getByTestId('offline-banner')).toContainText('3 answers waiting');
  // Logging out (in the student's other tab) would leave them unsent until they sign in again: Logout says so first.
  const logout = page.getByRole('navigation', { name: 'Student area' }).getByRole('button', { name: 'Logout' });
  await logout.click();
  const warning = page.getByRole('dialog', { name: 'Answers not sent yet' });
  await expect(warning).toContainText('3 answers you gave have not reached the server yet.');
  await checkBothWidths(page, 'logout-unsent-answers');
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(warning).toBeHidden();
  await expect(logout).toBeFocused();
  // The tab dies (a crash, a flat battery): no pagehide, so nothing is sent on the way out. (A tab closed normally
  // sends its waiting answers with keepalive at pagehide, and Chromium sends those despite the page's emulated
  // offline once the page is gone: the server could have them before the reopening below, as seen here.)
  const crashed = taking.waitForEvent('crash');
  // Page.crash never answers (the renderer is gone): the crash event says it happened.
  void (await context.newCDPSession(taking)).send('Page.crash').catch(() => undefined);
  await crashed;
  await taking.close();
  await context.setOffline(false);
  expect((await stored()).questions.slice(0, 3).map((q) => q.response)).toEqual([null, null, null]);

  // Opened again with the connection back: the kept answers show and reach the server.
  await page.goto(`/student/attempts/${attempt.id}`);
  await expect(page.getByText('All answers saved')).toBeVisible({ timeout: 30_000 });
  await expect(card(page, 2).getByRole('radio', { name: 'False' })).toBeChecked();
  expect((await stored()).questions.slice(0, 3).map((q) => q.response)).toEqual([
    { answer: true },
    { answer: false },
    { answer: true },
  ]);
  // Nothing waits any more: Logout logs out at once.
  await logout.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a save held back past the deadline + grace is refused, and the student is told', async ({ page, request }) => {
  // The quiz closes a minute from now: the attempt's deadline (the server's clock decides, not the page's).
  const { student, attempt, stored } = await setUp(request, {
    closesAt: new Date(Date.now() + 60_000).toISOString(),
  });
  const deadline = Date.parse(attempt.deadlineAt!);
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(`/student/attempts/${attempt.id}`);
  await expect(card(page, 1)).toBeVisible({ timeout: 30_000 });
  // The network holds the save until the deadline + 30 s grace has passed, then lets it through.
  await page.route('**/api/attempts/*/answers/*', async (route) => {
    await expect.poll(() => Date.now(), { timeout: 120_000, intervals: [1_000] }).toBeGreaterThan(deadline + 31_000);
    await route.continue();
  });
  await answer(page, 1, 'True');
  await expect(page.getByText('Saving…').first()).toBeVisible();
  await expect(
    page.getByText('An answer reached the server after the time for this attempt was over, so it was not saved.', {
      exact: false,
    }),
  ).toBeVisible({ timeout: 120_000 });
  const server = await stored();
  expect(server.status).not.toBe('in_progress');
  expect(server.questions[0]!.response).toBeNull();
});

test('two tabs of one attempt never lose the later answer, whichever tab reaches the server first', async ({
  page,
  context,
  request,
}) => {
  const { student, attempt, stored } = await setUp(request);
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  const first = page;
  await first.goto(`/student/attempts/${attempt.id}`);
  await expect(card(first, 3)).toBeVisible({ timeout: 30_000 });
  const second = await context.newPage();
  await second.goto(`/student/attempts/${attempt.id}`);
  await waitForApp(second);
  await expect(card(second, 3)).toBeVisible({ timeout: 30_000 });

  /**
   * A person moves from one tab to the other in a second or more; the tabs order answers by when they were given,
   * on the server's clock as each tab measured it when it opened (ADR 059), to within that load's latency.
   */
  let last = Date.now();
  const then = async (give: () => Promise<void>) => {
    const after = last + 1_500;
    await expect.poll(() => Date.now(), { intervals: [250] }).toBeGreaterThan(after);
    await give();
    last = Date.now();
  };
  await context.setOffline(true);
  // Question 1: first tab, then second (False is the later). Question 3: second tab, then first (True is later).
  await then(() => answer(first, 1, 'True'));
  await then(() => answer(first, 2, 'True'));
  await then(() => answer(second, 1, 'False'));
  await then(() => answer(second, 3, 'False'));
  await then(() => answer(first, 3, 'True'));
  await expect(first.getByTestId('offline-banner')).toContainText('3 answers waiting');
  await expect(second.getByTestId('offline-banner')).toContainText('2 answers waiting');

  // The first tab's saves are held until the second tab has drained: its older answer to question 1 arrives after
  // the later one, its later answer to question 3 after the older one.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const applied: Record<string, boolean> = {};
  await first.route('**/api/attempts/*/answers/*', async (route) => {
    await released;
    const response = await route.fetch();
    const body = (await response.json()) as { applied?: boolean };
    applied[`first ${route.request().url().split('/').at(-1)!}`] = body.applied ?? true;
    await route.fulfill({ response });
  });
  await context.setOffline(false);
  await expect(second.getByText('All answers saved')).toBeVisible({ timeout: 30_000 });
  release();
  await expect(first.getByText('All answers saved')).toBeVisible({ timeout: 30_000 });

  const server = await stored();
  expect(server.questions.slice(0, 3).map((q) => q.response)).toEqual([
    { answer: false },
    { answer: true },
    { answer: true },
  ]);
  const [q1, , q3] = server.questions.map((q) => q.question.id);
  // The first tab's answer to question 1 was older than the one stored: not applied; to question 3, applied.
  expect(applied).toMatchObject({ [`first ${q1}`]: false, [`first ${q3}`]: true });
  // Opened again, the attempt shows what the server kept.
  await second.reload();
  await expect(card(second, 1).getByRole('radio', { name: 'False' })).toBeChecked({ timeout: 30_000 });
  await expect(card(second, 3).getByRole('radio', { name: 'True' })).toBeChecked();
});

test('answers waiting when the server ends the session stay for the same student, never for the next user', async ({
  page,
  context,
  request,
}) => {
  const { student, attempt } = await setUp(request);
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(`/student/attempts/${attempt.id}`);
  await expect(card(page, 2)).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await answer(page, 1, 'False');
  await answer(page, 2, 'False');
  await expect(page.getByTestId('offline-banner')).toContainText('2 answers waiting');

  // Meanwhile the student ends every session from another device; back online, the page's next save is refused.
  const ended = await request.post('/api/me/logout-everywhere', {
    headers: { authorization: `Bearer ${await tokenOf(request, student)}` },
  });
  expect(ended.ok()).toBe(true);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });

  // Another student signs in on this browser: the answers waiting are not theirs, Logout does not warn about them.
  const next = { email: uniqueEmail('next'), password: 'a-long-unusual-password' };
  const registered = await request.post('/api/auth/register', {
    data: { ...next, firstname: 'Noor', lastname: 'Haddad', phone: '+1 555 0198', role: 'student' },
  });
  expect(registered.status()).toBe(201);
  await logIn(page, next.email, next.password);
  await page.waitForURL(/\/student/);
  await page.getByRole('navigation', { name: 'Student area' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The student signs in again and opens the attempt: the answers kept for them are sent.
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto(`/student/attempts/${attempt.id}`);
  await expect(page.getByText('All answers saved')).toBeVisible({ timeout: 30_000 });
  const fresh = { authorization: `Bearer ${await tokenOf(request, student)}` };
  const server = (await (await request.get(`/api/attempts/${attempt.id}`, { headers: fresh })).json()) as Attempt;
  expect(server.questions.slice(0, 2).map((q) => q.response)).toEqual([{ answer: false }, { answer: false }]);
});
