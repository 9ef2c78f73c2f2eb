import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  logIn,
  screenshot,
  sentMails,
  test,
  uniqueEmail,
  waitForApp,
} from './support';

const PASSWORD = 'a-long-unusual-password';

function mailsTo(email: string): string[] {
  return sentMails().filter((mail) => mail.includes(`To: ${email}`));
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('notifications', () => {
  test('a student asks, a teacher answers: the bell shows 1 in both of the student’s tabs without a reload', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const email = uniqueEmail('bell');
    const registered = await page.request.post('/api/auth/register', {
      data: {
        email,
        password: PASSWORD,
        firstname: 'Bella',
        lastname: `Bell${stamp}`,
        phone: '+1 555 0101',
        role: 'student',
      },
    });
    expect(registered.status()).toBe(201);

    // The student, in two tabs.
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/student\/?$/);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    const secondTab = await page.context().newPage();
    await secondTab.goto('/forum');
    await waitForApp(secondTab);
    await expect(bell(secondTab)).toHaveAccessibleName('Notifications');

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const title = `How do notifications reach every tab ${stamp}?`;
    const asked = await page.request.post('/api/forum/questions', {
      headers: { authorization: `Bearer ${token}` },
      data: { question: title, description: 'Two tabs are open.', tags: ['sse'] },
    });
    expect(asked.status()).toBe(201);
    const questionId = ((await asked.json()) as { id: string }).id;

    // The teacher answers in their own browser.
    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    await logIn(teacher, DEMO.teacher.email, DEMO.teacher.password);
    await expect(teacher).toHaveURL(/\/teacher\/?$/);
    await teacher.goto(`/forum-details/${questionId}`);
    await waitForApp(teacher);
    await teacher.getByRole('button', { name: 'Answer', exact: true }).click();
    const reply = teacher.getByRole('form', { name: 'Answer the question' });
    await reply.getByLabel('Your answer').fill('Each tab has its own stream; the server sends to all of them.');
    await reply.getByRole('button', { name: 'Post Answer' }).click();
    await expect(teacher.getByRole('dialog', { name: 'You successfully posted your Answer!' })).toBeVisible();
    await teacherContext.close();

    // Both tabs, no reload.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3000 });
    await expect(bell(secondTab)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3000 });

    // The e-mail (immediate by default for answers) is in the outbox, with its one-click unsubscribe header.
    await expect.poll(() => mailsTo(email).filter((mail) => mail.includes(stamp)).length).toBe(1);
    const mail = mailsTo(email)[0]!;
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The mail's unsubscribe link works signed out, after a click (not on opening: mail scanners open links).
    const unsubscribeLink = mail.match(/https?:\/\/[^\s/]+\/unsubscribe\?token=[^\s"<>]+/)?.[0];
    expect(unsubscribeLink).toBeTruthy();
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(unsubscribeLink!.replace(/&amp;/g, '&'));
    await waitForApp(visitor);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Stop these e-mails' })).toBeVisible();
    await visitor.getByRole('button', { name: 'Stop e-mails about “New answer to my question”' }).click();
    await expect(visitor.getByText('You will no longer get e-mails for “New answer to my question”')).toBeVisible();
    await screenshot(visitor, 'unsubscribe-390');
    await visitorContext.close();

    // The panel lists it; at 1280 and 390 px.
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('link', { name: new RegExp(`Grace Hopper answered your question`) })).toBeVisible();
    await screenshot(page, 'notifications-panel-1280');
    await expectNoAxeViolations(page);
    await bell(page).click();
    await expect(panel).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await bell(page).click();
    await expect(panel).toBeVisible();
    await screenshot(page, 'notifications-panel-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The full page: filters, mark all read (the other tab's bell follows after its next event or reload).
    await panel.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(stamp) })).toBeVisible();
    // In the student's own area, its sidebar showing Notifications as the current page; the e-mail choices one link
    // away (issue 46.12).
    const sidebar = page.getByRole('navigation', { name: 'Student area' });
    await expect(sidebar.getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'My Classes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/student/accountDetails#notification-settings',
    );
    await page.getByRole('switch', { name: 'Unread only' }).check();
    await expect(page.getByRole('main').getByRole('link', { name: /answered your question/ })).toBeVisible();
    await screenshot(page, 'notifications-page-1280');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByText('No notifications match these filters.')).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('switch', { name: 'Unread only' }).uncheck();
    await expect(page.getByRole('main').getByRole('link', { name: /answered your question/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'notifications-page-390');
    // The area menu on a phone lists Notifications too; the settings link opens My Account at the e-mail choices.
    await page.getByRole('button', { name: 'Student menu' }).click();
    await expect(sidebar.getByRole('link', { name: 'Notifications' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/student\/accountDetails#notification-settings$/);
    const settings = page.getByRole('region', { name: 'Notifications' });
    await expect(settings.getByRole('radiogroup', { name: 'New answer to my question' })).toBeVisible();
    await expect(settings.getByRole('heading', { name: 'Notifications' })).toBeInViewport();
  });

  test('My Account: the e-mail choice per kind of notification is kept', async ({ page }) => {
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/teacher\/?$/);
    await page.goto('/teacher/accountDetails');
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(section.getByText('New review of my course')).toBeVisible();
    const reviews = section.getByRole('radiogroup', { name: 'New review of my course' });
    await reviews.getByText('Right away').click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'notification-preferences-1280');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('radio', { name: 'Right away' }).first(),
    ).toBeChecked();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'notification-preferences-390');
    // Back to the default for the next run.
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('radiogroup', { name: 'New review of my course' })
      .getByText('Daily summary')
      .click();
    await expect(page.getByText('Notification settings saved').first()).toBeVisible();
  });
});
