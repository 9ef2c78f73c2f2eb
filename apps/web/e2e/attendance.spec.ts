import { TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { api, classWithLesson, tokenOf } from './api-setup';
import { DEMO, checkBothWidths, expect, test, uniqueEmail } from './support';

/**
 * Issue 52 point 2: a teacher adds a session to a class of 30 and takes its attendance with the keyboard only (one
 * key per status, the focus moving down the roster), saves it in one action, and finds it kept, with its history.
 * Screenshots and axe at 1280 and 390 px.
 */
test.describe.configure({ timeout: 120_000 });

test('a teacher takes the attendance of a 30-student class with the keyboard only', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const password = 'a-long-unusual-password';
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const { classId, code } = await classWithLesson(request, teacher, {
    course: `Chemistry ${suffix}`,
    lesson: `Atoms ${suffix}`,
    className: `Period 2 chemistry ${suffix}`,
  });
  // Thirty students join with the class code, ten at a time.
  for (let batch = 0; batch < 3; batch += 1) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const n = String(batch * 10 + i + 1).padStart(2, '0');
        const email = uniqueEmail(`pupil${n}`);
        const registered = await request.post('/api/auth/register', {
          data: { email, firstname: `Pupil${n}`, lastname: suffix, phone: '+1 555 0100', password, role: 'student' },
        });
        expect(registered.status()).toBe(201);
        await api(request, await tokenOf(request, email, password), 'POST', '/api/classes/join', { code });
      }),
    );
  }

  await page.goto('/');
  await page.evaluate(([key, token]) => window.localStorage.setItem(key, token), [TOKEN_STORAGE_KEY, teacher] as const);
  await page.goto(`/teacher/classes/${classId}`);
  await page.getByRole('tab', { name: 'Attendance' }).click();
  await expect(page.getByText('No sessions yet. Add one by hand or a weekly schedule below.')).toBeVisible();

  // A session by hand, today at 08:30.
  const today = new Date().toLocaleDateString('en-CA');
  const addForm = page.getByRole('form', { name: 'Add a session' });
  await addForm.getByLabel('Date').fill(today);
  await addForm.getByLabel('Time').fill('08:30');
  await addForm.getByRole('button', { name: 'Add session' }).press('Enter');
  const open = page.getByRole('button', { name: /^Open the sheet of / });
  await expect(open).toHaveCount(1);
  await expect(page.getByText('Not taken')).toBeVisible();
  await checkBothWidths(page, 'attendance-sessions');

  // From here on, the keyboard only.
  await open.press('Enter');
  const heading = page.getByRole('heading', { name: /^Attendance of / });
  await expect(heading).toBeFocused();
  const rows = page.getByRole('radiogroup', { name: /^Status of Pupil/ });
  await expect(rows).toHaveCount(30);
  for (let tab = 0; tab < 10; tab += 1) {
    if (await page.evaluate(() => document.activeElement?.closest('[role="radiogroup"]') !== null)) break;
    await page.keyboard.press('Tab');
  }
  const statusOf = (n: number) => rows.nth(n).getByRole('radio', { checked: true });
  await expect(rows.nth(0).getByRole('radio', { name: 'Present' })).toBeFocused();
  // Pupil01 absent, Pupil02 late, Pupil03 to Pupil29 present, Pupil30 excused: one key each.
  await page.keyboard.press('a');
  await page.keyboard.press('l');
  for (let n = 3; n <= 29; n += 1) await page.keyboard.press('p');
  await page.keyboard.press('e');
  await expect(statusOf(0)).toHaveAccessibleName('Absent');
  await expect(statusOf(1)).toHaveAccessibleName('Late');
  await expect(statusOf(2)).toHaveAccessibleName('Present');
  await expect(statusOf(29)).toHaveAccessibleName('Excused');
  // Tab to the last row's note, type it, then on to Save.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: /^Note for Pupil30/ })).toBeFocused();
  await page.keyboard.type('Dentist');
  const save = page.getByRole('button', { name: 'Save attendance' });
  for (let tab = 0; tab < 5 && !(await save.evaluate((el) => el === document.activeElement)); tab += 1)
    await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  const saved = page.getByRole('status').filter({ hasText: 'Attendance saved for 30 students' });
  await expect(saved).toBeFocused();
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(30);
  await expect(history.getByRole('listitem').filter({ hasText: `Pupil01 ${suffix}: Absent` })).toBeVisible();
  await checkBothWidths(page, 'attendance-sheet');

  // Kept: after a reload the sheet shows the saved statuses and the note, and the session is taken.
  await page.reload();
  await page.getByRole('tab', { name: 'Attendance' }).click();
  await expect(page.getByText('Taken', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Open the sheet of / }).click();
  await expect(statusOf(0)).toHaveAccessibleName('Absent');
  await expect(statusOf(1)).toHaveAccessibleName('Late');
  await expect(statusOf(29)).toHaveAccessibleName('Excused');
  await expect(page.getByRole('textbox', { name: /^Note for Pupil30/ })).toHaveValue('Dentist');
  await page.getByRole('button', { name: 'Back to the sessions' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeFocused();
});
