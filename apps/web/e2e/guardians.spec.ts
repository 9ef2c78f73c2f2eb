import { TOKEN_STORAGE_KEY, formatDateTime } from '@lyceum/contract/constants';
import { api, classWithLesson, tokenOf } from './api-setup';
import { DEMO, checkBothWidths, expect, sentMails, test, uniqueEmail } from './support';

/**
 * Issue 52 (slice 2): a teacher invites a guardian from the class page, the guardian creates their account through
 * the e-mailed link, sees their child's work due with dates in their own zone, and nothing of the classmate they are
 * not linked to. Screenshots and axe at 1280 and 390 px.
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
  const { classId, code, lessonId } = await classWithLesson(request, teacher, {
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
  await checkBothWidths(page, 'guardian-child');

  // The classmate is nobody the guardian may see.
  await page.goto(`/guardian/children/${siblingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This child is not linked to your account' })).toBeVisible();
  await expect(page.getByText(`Sami Family${suffix}`)).toHaveCount(0);
});
