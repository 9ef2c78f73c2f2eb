import { TOKEN_STORAGE_KEY, dayInZone, formatDateTime } from '@lyceum/contract/constants';
import { api, classWithLesson, tokenOf } from './api-setup';
import { DEMO, checkBothWidths, expect, logIn, sentMails, test, uniqueEmail } from './support';

/**
 * Issue 52: a teacher invites a guardian from the class page, the guardian creates their account through the e-mailed
 * link, sees their child's work due, released grade, absence and class announcement with dates in their own zone,
 * sets their weekly summary with the keyboard, and sees nothing of the classmate they are not linked to. Screenshots
 * and axe at 1280 and 390 px.
 */
test.describe.configure({ timeout: 90_000 });
const ZONE = 'Asia/Tokyo';
test.use({ timezoneId: ZONE });

test('a teacher invites a guardian, who registers through the link and sees only their own child', async ({
  page,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const password = 'a-long-unusual-password';
  const student = async (firstname: string) => {
    const email = uniqueEmail(firstname.toLowerCase());
    const registered = await request.post('/api/auth/register', {
      data: { email, firstname, lastname: `Family${suffix}`, phone: '+1 555 0100', password, role: 'student' },
    });
    expect(registered.status()).toBe(201);
    return { email, token: await tokenOf(request, email, password), id: '' };
  };
  const child = await student('Noor');
  const sibling = await student('Sami');

  // A class of the demo teacher with one lesson due in two days; both students in it.
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const { classId, code, lessonId, courseId } = await classWithLesson(request, teacher, {
    course: `Geometry ${suffix}`,
    lesson: `Triangles ${suffix}`,
    className: `Period 4 geometry ${suffix}`,
  });
  for (const s of [child, sibling]) await api(request, s.token, 'POST', '/api/classes/join', { code });
  const dueAt = new Date(Date.now() + 2 * 24 * 3_600_000);
  await api(request, teacher, 'POST', `/api/classes/${classId}/assignments`, {
    itemId: lessonId,
    dueAt: dueAt.toISOString(),
  });
  const roster = await api<{ items: { studentId: string; email: string }[] }>(
    request,
    teacher,
    'GET',
    `/api/classes/${classId}/roster?pageSize=50`,
  );
  const siblingId = roster.items.find((entry) => entry.email === sibling.email)!.studentId;
  const childId = roster.items.find((entry) => entry.email === child.email)!.studentId;

  // A one-question quiz in the class's course (scores released at once), assigned to the class; both answer it.
  const quizSection = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${courseId}/sections`, {
    title: 'Week 2',
  });
  const question = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${courseId}/questions`, {
    title: 'Angles',
    prompt: '<p>A triangle’s angles add up to 180°.</p>',
    content: { type: 'true_false', body: {}, key: { answer: true } },
  });
  const quizTitle = `Angles check ${suffix}`;
  const quiz = await api<{ id: string; version: number }>(
    request,
    teacher,
    'POST',
    `/api/courses/${courseId}/sections/${quizSection.id}/assessments`,
    { title: quizTitle },
  );
  const parts = await api<{ version: number }>(
    request,
    teacher,
    'PUT',
    `/api/courses/${courseId}/assessments/${quiz.id}/parts`,
    { version: quiz.version, parts: [{ mode: 'fixed', questionIds: [question.id] }] },
  );
  await api(request, teacher, 'POST', `/api/courses/${courseId}/assessments/${quiz.id}/publish`, {
    version: parts.version,
    published: true,
  });
  await api(request, teacher, 'POST', `/api/classes/${classId}/assignments`, { itemId: quiz.id });
  for (const [s, answer] of [
    [child, true],
    [sibling, false],
  ] as const) {
    const attempt = await api<{ id: string }>(
      request,
      s.token,
      'POST',
      `/api/courses/${courseId}/assessments/${quiz.id}/attempts`,
      {},
    );
    await api(request, s.token, 'PUT', `/api/attempts/${attempt.id}/answers/${question.id}`, { response: { answer } });
    await api(request, s.token, 'POST', `/api/attempts/${attempt.id}/submit`);
  }

  // Yesterday's lesson (in the school's zone): Noor absent, Sami present. And an announcement to the class.
  const yesterday = dayInZone(Date.now() - 24 * 3_600_000, ZONE);
  const lessonSession = await api<{ id: string; startsAt: string }>(
    request,
    teacher,
    'POST',
    `/api/classes/${classId}/attendance/sessions`,
    { date: yesterday, startTime: '09:00', timeZone: ZONE },
  );
  await api(request, teacher, 'PUT', `/api/attendance/sessions/${lessonSession.id}`, {
    records: [
      { studentId: childId, status: 'absent', note: '' },
      { studentId: siblingId, status: 'present', note: '' },
    ],
  });
  await api(request, teacher, 'POST', `/api/classes/${classId}/announcements`, {
    bodyHtml: `<p>Field trip on Friday ${suffix}</p>`,
  });

  // The teacher invites from the class page's Guardians tab.
  const guardianEmail = uniqueEmail('guardian');
  // Signed in as the teacher with their session token, where the login form keeps it (logging in is tested elsewhere).
  await page.goto('/');
  await page.evaluate(([key, token]) => window.localStorage.setItem(key, token), [TOKEN_STORAGE_KEY, teacher] as const);
  await page.goto(`/teacher/classes/${classId}`);
  await page.getByRole('tab', { name: 'Guardians' }).click();
  const invite = page.getByRole('button', { name: `Invite a guardian for Noor Family${suffix}` });
  await invite.click();
  const dialog = page.getByRole('dialog', { name: `Invite a guardian for Noor Family${suffix}` });
  await dialog.getByLabel("Guardian's e-mail address").fill(guardianEmail);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${guardianEmail}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(invite).toBeFocused();

  let link = '';
  await expect
    .poll(() => {
      const mail = sentMails().find((text) => text.includes(guardianEmail));
      link = mail?.match(/https?:\/\/\S+\/guardian-invitation\?token=[A-Za-z0-9_%-]+/)?.[0] ?? '';
      return link;
    })
    .toBeTruthy();

  // The guardian opens the link in a browser nobody is signed in to.
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: 'You are invited as a guardian' })).toBeVisible();
  await checkBothWidths(page, 'guardian-invitation');
  const form = page.getByRole('form', { name: 'Create my guardian account' });
  await form.getByLabel('First name').fill('Rania');
  await form.getByLabel('Last name').fill(`Family${suffix}`);
  await form.getByLabel('Phone').fill('+1 555 0199');
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Create my guardian account' }).click();
  await expect(page.getByRole('heading', { name: 'Your guardian account is ready' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  const login = page.getByRole('form', { name: 'Login' });
  await expect(login.getByLabel('Email')).toHaveValue(guardianEmail);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/guardian/);

  // My children: Noor's card only.
  const card = page.getByRole('region', { name: `Noor Family${suffix}` });
  await expect(card).toContainText('Missing: 0');
  await expect(card).toContainText(`Period 4 geometry ${suffix}`);
  await expect(page.getByRole('region', { name: `Sami Family${suffix}` })).toHaveCount(0);
  await checkBothWidths(page, 'guardian-children');

  await card.getByRole('link', { name: `See Noor Family${suffix}'s work` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Noor Family${suffix}` })).toBeVisible();
  const work = page.getByRole('region', { name: 'Work due' });
  await expect(work).toContainText(`Triangles ${suffix}`);
  await expect(work).toContainText(`Due ${formatDateTime(dueAt, { style: 'weekday', timeZone: ZONE })}`);
  const grades = page.getByRole('region', { name: 'Released grades', exact: true });
  await expect(grades.getByRole('region', { name: `Released grades Period 4 geometry ${suffix}` })).toContainText(
    quizTitle,
  );
  await expect(grades).toContainText('100 / 100 points · 100%');
  const attendance = page.getByRole('region', { name: 'Attendance', exact: true });
  await expect(attendance).toContainText('Absences: 1 · Late: 0 · Excused: 0');
  await expect(attendance.getByRole('region', { name: 'Recent absences and lates' })).toContainText(
    `Absent · ${formatDateTime(lessonSession.startsAt, { style: 'weekday', timeZone: ZONE })} · Period 4 geometry ${suffix}`,
  );
  await expect(page.getByRole('region', { name: 'Class announcements', exact: true })).toContainText(
    `Field trip on Friday ${suffix}`,
  );
  // Nothing of the classmate: not her 0 % on the same quiz, not her name.
  await expect(page.getByText(/^0 \/ 100 points/)).toHaveCount(0);
  await expect(page.getByText(`Sami Family${suffix}`)).toHaveCount(0);
  await checkBothWidths(page, 'guardian-child');

  // The weekly summary, with the keyboard only: Noor left out of it, saved, and still so after a reload.
  await page.goto('/guardian/dashboard');
  const summary = page.getByRole('region', { name: 'Weekly summary e-mail' });
  const receive = summary.getByRole('switch', { name: 'Receive the weekly summary' });
  await expect(receive).toBeChecked();
  await receive.focus();
  await page.keyboard.press('Tab');
  const include = summary.getByRole('checkbox', { name: `Include Noor Family${suffix}` });
  await expect(include).toBeFocused();
  await page.keyboard.press('Space');
  await expect(include).not.toBeChecked();
  await page.keyboard.press('Tab');
  const save = summary.getByRole('button', { name: 'Save summary settings' });
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Summary settings saved')).toBeVisible();
  // The focus stays where the guardian was, not thrown to the top of the page.
  await expect(save).toBeFocused();
  await checkBothWidths(page, 'guardian-settings');
  await page.reload();
  await expect(summary.getByRole('checkbox', { name: `Include Noor Family${suffix}` })).not.toBeChecked();
  await expect(summary.getByRole('switch', { name: 'Receive the weekly summary' })).toBeChecked();

  // The classmate is nobody the guardian may see.
  await page.goto(`/guardian/children/${siblingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This child is not linked to your account' })).toBeVisible();
  await expect(page.getByText(`Sami Family${suffix}`)).toHaveCount(0);
});

test('an admin records a student’s date of birth in the student’s details: from 18 the student decides', async ({
  page,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const email = uniqueEmail('adultstudent');
  const registered = await request.post('/api/auth/register', {
    data: {
      email,
      firstname: 'Lena',
      lastname: `Adult${suffix}`,
      phone: '+1 555 0100',
      password: 'a-long-unusual-password',
      role: 'student',
    },
  });
  expect(registered.status()).toBe(201);
  const studentId = ((await registered.json()) as { user: { id: string } }).user.id;

  await logIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/student-list');
  await page.getByLabel('Search students').fill(`Adult${suffix}`);
  await page.getByRole('button', { name: `Lena Adult${suffix}`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Lena Adult${suffix}` });
  const record = drawer.getByRole('region', { name: 'Date of birth' });
  await expect(record.getByRole('status')).toHaveText(
    'Under 18, or no date recorded: the school decides who is linked.',
  );
  const eighteenYearsAgo = new Date();
  eighteenYearsAgo.setUTCFullYear(eighteenYearsAgo.getUTCFullYear() - 18, eighteenYearsAgo.getUTCMonth(), 1);
  const day = eighteenYearsAgo.toISOString().slice(0, 10);
  await record.getByLabel('Date of birth').fill(day);
  await record.getByRole('button', { name: 'Save date of birth' }).click();
  await expect(page.getByText('Date of birth saved')).toBeVisible();
  await expect(record.getByRole('status')).toHaveText(
    '18 or older: this student decides whether guardians stay linked.',
  );
  await expect(record.getByRole('button', { name: 'Save date of birth' })).toBeFocused();
  await checkBothWidths(page, 'guardian-date-of-birth');

  // The server applies it: the school can no longer invite a guardian for this student.
  const admin = await tokenOf(request, DEMO.admin.email, DEMO.admin.password);
  const invite = await request.post(`/api/students/${studentId}/guardian-invitations`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { email: uniqueEmail('lateparent') },
  });
  expect(invite.status()).toBe(409);
});
