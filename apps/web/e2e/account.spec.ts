import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, sentMails, test, uniqueEmail } from './support';

// Each test logs in, saves and reloads several times: give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const PASSWORD = 'a-long-enough-password';
/** A 1×1 PNG, the smallest real picture the server's image pipeline accepts. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PROFILE_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'expertise',
  'username',
  'pincode',
  'address',
  'city',
  'country',
  'aboutInfo',
  'personalWebsite',
  'githubProfile',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
type ProfileValues = Record<ProfileField, string>;

const LABELS: Record<ProfileField, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  phone: 'Phone',
  expertise: 'Expertise',
  username: 'User name',
  pincode: 'Pincode',
  address: 'Address',
  city: 'City',
  country: 'Country',
  aboutInfo: 'About info',
  personalWebsite: 'Personal website',
  githubProfile: 'GitHub profile',
};

type Role = 'student' | 'teacher' | 'admin';

/** A fresh student or teacher, registered through the API (the registration screen has its own tests). */
async function registerUser(page: Page, role: 'student' | 'teacher', prefix: string = role) {
  const account = { email: uniqueEmail(prefix), password: PASSWORD };
  const response = await page.request.post('/api/auth/register', {
    data: { ...account, firstname: 'Eve', lastname: `${prefix} Tester`, phone: '+1 555 0100', role },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

async function openMyAccount(page: Page, role: Role, account: { email: string; password: string }) {
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(new RegExp(`/${role}/?$`));
  await page.goto(`/${role}/accountDetails`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toBeVisible();
}

function field(page: Page, name: ProfileField) {
  return page.getByLabel(LABELS[name], { exact: true });
}

function headerAvatar(page: Page) {
  return page.getByRole('banner').getByRole('img', { name: /^Profile picture of / });
}

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no stored token');
  return token;
}

/** The link of the newest reset mail to `email`, once the server has written it (mail is sent in the background). */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = sentMails().filter((mail) => mail.includes(email) && mail.includes('Reset your Lyceum password'));
        link = mails[0]?.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/)?.[0];
        return link;
      },
      { message: `a reset mail to ${email}` },
    )
    .toBeTruthy();
  return link as string;
}

/** New values for every field; e-mail and user name stay unique across runs. */
function newValues(role: Role): ProfileValues {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    firstname: `Firstname${stamp}`,
    lastname: `Lastname ${role}`,
    email: uniqueEmail(`edited-${role}`),
    phone: '+44 20 7946 0958',
    expertise: `Expertise of ${role}`,
    username: `user.${role}.${stamp}`,
    pincode: 'SW1A 1AA',
    address: '10 Downing Street',
    city: 'London',
    country: 'United Kingdom',
    aboutInfo: `About this ${role}: likes long walks through well-written code.`,
    personalWebsite: `https://${role}.example.org`,
    githubProfile: `github.com/${role}-${stamp}`,
  };
}

/** The current-password box the account form shows while the e-mail differs from the saved one. */
function currentPasswordField(page: Page) {
  return page.getByRole('form', { name: 'Account details' }).getByLabel(/Current password/);
}

async function fillEveryField(page: Page, values: ProfileValues) {
  for (const name of PROFILE_FIELDS) await field(page, name).fill(values[name]);
}

async function expectEveryField(page: Page, values: ProfileValues) {
  for (const name of PROFILE_FIELDS) {
    // A link typed without a scheme is stored with https:// in front.
    const expected = name === 'githubProfile' ? `https://${values[name]}` : values[name];
    await expect(field(page, name), LABELS[name]).toHaveValue(expected);
  }
}

test.describe('my account', () => {
  for (const role of ['student', 'teacher', 'admin'] as const) {
    test(`a ${role} edits every field, saves, reloads and sees the new values`, async ({ page }) => {
      const account = role === 'admin' ? DEMO.admin : await registerUser(page, role);
      await openMyAccount(page, role, account);
      await expectNoAxeViolations(page);
      await screenshot(page, `account-${role}-desktop`);

      // The demo admin is shared with other tests: put everything back afterwards.
      let original: ProfileValues | undefined;
      if (role === 'admin') {
        const me = await page.request.get('/api/me', {
          headers: { authorization: `Bearer ${await storedToken(page)}` },
        });
        original = (await me.json()) as ProfileValues;
      }
      const values = newValues(role);
      try {
        await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
        await fillEveryField(page, values);
        await expect(page.getByText('13 unsaved changes')).toBeVisible();
        // A new e-mail address needs the current password (issue 13.4).
        await currentPasswordField(page).fill(account.password);
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(page.getByText('Update successful!')).toBeVisible();
        await expect(page.getByText('No unsaved changes')).toBeVisible();
        // The header follows the new user name at once (fresh token).
        await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(values.username) })).toBeVisible();

        await page.reload();
        await expect(field(page, 'firstname')).toHaveValue(values.firstname);
        await expectEveryField(page, values);
        await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(values.username) })).toBeVisible();
      } finally {
        if (original) {
          const restore = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, original[name]]));
          const response = await page.request.patch('/api/me', {
            headers: { authorization: `Bearer ${await storedToken(page)}` },
            data: { ...restore, currentPassword: account.password },
          });
          expect(response.status(), await response.text()).toBe(200);
        }
      }
    });
  }

  test('an e-mail address of another account is refused under the field', async ({ page }) => {
    const account = await registerUser(page, 'student');
    await openMyAccount(page, 'student', account);

    await field(page, 'email').fill(DEMO.teacher.email);
    await currentPasswordField(page).fill(account.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // Under the field and in the toast: what is wrong, not "Update failed. Please try again later." (issue 15).
    await expect(page.getByText('Email is already used by another account')).toHaveCount(2);
    await expect(page.getByText('Update failed. Please try again later.')).toHaveCount(0);
    await expect(field(page, 'email')).toHaveAttribute('aria-invalid', 'true');

    await page.reload();
    await expect(field(page, 'email')).toHaveValue(account.email);
  });

  test('a new picture shows in the header at once, survives a profile save, and can be removed', async ({ page }) => {
    const account = await registerUser(page, 'student');
    await openMyAccount(page, 'student', account);
    await expect(headerAvatar(page)).toHaveAttribute('src', /default-avatar/);

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await expect(page.getByRole('img', { name: 'Preview of your new profile picture' })).toHaveAttribute(
      'src',
      /^blob:/,
    );
    await expect(page.getByText(/not saved yet/)).toBeVisible();
    await screenshot(page, 'account-image-preview-desktop');
    await expect(headerAvatar(page)).toHaveAttribute('src', /default-avatar/);

    await page.getByRole('button', { name: 'Save image' }).click();
    await expect(page.getByText('Profile image updated')).toBeVisible();
    await expect(headerAvatar(page)).toHaveAttribute('src', /^\/uploads\/.+/);
    const uploaded = await headerAvatar(page).getAttribute('src');
    await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute('src', uploaded ?? '');
    const image = await page.request.get(uploaded ?? '');
    expect(image.headers()['content-type']).toBe('image/webp');

    // Saving the profile without touching the picture keeps it.
    await field(page, 'city').fill('Lisbon');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Update successful!')).toBeVisible();
    await page.reload();
    await expect(field(page, 'city')).toHaveValue('Lisbon');
    await expect(headerAvatar(page)).toHaveAttribute('src', uploaded ?? '');

    await page.getByRole('button', { name: 'Remove image' }).click();
    await expect(page.getByText('Profile image removed')).toBeVisible();
    await expect(headerAvatar(page)).toHaveAttribute('src', /default-avatar/);
  });

  test('a file that is not an image is refused before upload', async ({ page }) => {
    const account = await registerUser(page, 'teacher');
    await openMyAccount(page, 'teacher', account);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not an image') });
    await expect(page.getByRole('alert').filter({ hasText: 'Only images are allowed!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save image' })).toHaveCount(0);
  });

  test('the password changes only with the right current password, and this session continues', async ({ page }) => {
    const account = await registerUser(page, 'student');
    await openMyAccount(page, 'student', account);
    const form = page.getByRole('form', { name: 'Change password' });

    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('an-even-better-secret');
    await form.getByLabel('Confirm password', { exact: true }).fill('an-even-better-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Current password is incorrect')).toBeVisible();

    const oldToken = await storedToken(page);
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();
    const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.status()).toBe(401);

    await page.reload();
    await expect(field(page, 'email')).toHaveValue(account.email);
    await page.evaluate(() => localStorage.clear());
    await logIn(page, account.email, 'an-even-better-secret');
    await expect(page).toHaveURL(/\/student\/?$/);
  });

  test('log out everywhere asks first, ends the other sessions and keeps this one', async ({ page }) => {
    const account = await registerUser(page, 'teacher');
    await openMyAccount(page, 'teacher', account);
    const oldToken = await storedToken(page);

    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out everywhere?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await storedToken(page)).toBe(oldToken);

    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(page.getByText('All other sessions have been signed out.')).toBeVisible();
    const old = await page.request.get('/api/me', { headers: { authorization: `Bearer ${oldToken}` } });
    expect(old.status()).toBe(401);
    await page.reload();
    await expect(field(page, 'email')).toHaveValue(account.email);
  });
});

test.describe('forgotten password', () => {
  test('a reset link arrives by mail, works once, and the new password logs in', async ({ page }) => {
    const account = await registerUser(page, 'student', 'forgetful');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forget Password' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    await expectNoAxeViolations(page);

    // An unknown address gets the very same answer.
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const neutral = page.getByRole('status').filter({ hasText: 'If an account exists for that email' });
    await expect(neutral).toBeVisible();
    const neutralText = await neutral.textContent();

    await page.getByRole('button', { name: 'Send another link' }).click();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(neutral).toBeVisible();
    expect(await neutral.textContent()).toBe(neutralText);
    await screenshot(page, 'forget-password-sent-desktop');
    await expectNoAxeViolations(page);
    await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');

    const link = await resetLinkFor(account.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'reset-password-desktop');

    await page.getByLabel('New password', { exact: true }).fill('my-fresh-start-2026');
    await page.getByLabel('Confirm password', { exact: true }).fill('my-fresh-start-2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been reset. Please log in with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, account.email, 'my-fresh-start-2026');
    await expect(page).toHaveURL(/\/student\/?$/);
    await page.evaluate(() => localStorage.clear());

    // The same link a second time.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-secret-9');
    await page.getByLabel('Confirm password', { exact: true }).fill('yet-another-secret-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link has expired or has already been used.');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forget-password');
    await expectNoAxeViolations(page);
    await screenshot(page, 'reset-password-used-desktop');
  });

  test('the reset page without a token explains itself and links to a new request', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toContainText('missing its token');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('My Account and the reset page fit a phone', async ({ page }) => {
    const account = await registerUser(page, 'student');
    await openMyAccount(page, 'student', account);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'account-student-mobile');

    await page.goto('/reset-password?token=looks-like-a-token');
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await screenshot(page, 'reset-password-mobile');
    await page.goto('/forget-password');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await screenshot(page, 'forget-password-mobile');
  });

  test('the admin My Account has no axe violations at phone width', async ({ page }) => {
    await openMyAccount(page, 'admin', DEMO.admin);
    await expectNoAxeViolations(page);
    await screenshot(page, 'account-admin-mobile');
  });
});
