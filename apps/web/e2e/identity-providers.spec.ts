import { TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { api, tokenOf } from './api-setup';
import { DEMO, checkBothWidths, expect, test } from './support';

/**
 * Issue 48.3: the admin's identity providers page. A provider added with the keyboard only; a sign-in whose answer
 * came back with a state the server never issued (a replay) is listed with its reason in words; enabling it puts its
 * button on the login page. Axe and screenshots at 1280 and 390 px.
 */
test.describe.configure({ timeout: 120_000 });

test('an admin adds a provider with the keyboard, reads why a sign-in was refused, and enables it', async ({
  page,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `School Google ${suffix}`;
  const admin = await tokenOf(request, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/');
  await page.evaluate(([key, token]) => window.localStorage.setItem(key, token), [TOKEN_STORAGE_KEY, admin] as const);
  await page.goto('/admin/dashboard');
  // The admin area's navigation leads to the page.
  await page.getByRole('link', { name: 'Sign-in providers' }).first().press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Identity providers' })).toBeVisible();

  // Keyboard only: the Add button, the form's fields in order, Save; focus comes back to the Add button.
  const add = page.getByRole('button', { name: 'Add a provider' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a provider' });
  await expect(dialog.getByRole('textbox', { name: /^Name/ })).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab'); // Kind: Google Workspace (the issuer is filled in)
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: /Issuer URL/ })).toHaveValue('https://accounts.google.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('lyceum-e2e.apps.googleusercontent.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a-client-secret');
  await page.keyboard.press('Tab'); // past the secret's show/hide toggle, which is not in the tab order
  await expect(dialog.getByRole('textbox', { name: /Allowed domains/ })).toBeFocused();
  await page.keyboard.type('school.example');
  await dialog.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('school.example');
  await expect(row).toContainText('Disabled');

  // Enabled in one click: its button is on the login page.
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Enable ${name}` })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(name) }).first()).toContainText('Enabled');
  const publicList = await request.get('/api/auth/oidc/providers');
  expect(((await publicList.json()) as { name: string }[]).map((p) => p.name)).toContain(name);

  // Then a sign-in that comes back with a state this server never issued: refused, and the page says why.
  const providers = await api<{ id: string; name: string }[]>(request, admin, 'GET', '/api/admin/identity-providers');
  const provider = providers.find((p) => p.name === name)!;
  const replay = await request.get(`/api/auth/oidc/${provider.id}/callback?state=not-issued-here&code=x`, {
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(302);
  await page.reload();
  const attempts = page.getByRole('table', { name: 'Last sign-ins through identity providers' });
  const refused = attempts.getByRole('row', { name: new RegExp(name) }).first();
  await expect(refused).toContainText('Refused');
  await expect(refused).toContainText(/already used or never started here|had no state/);
  await checkBothWidths(page, 'identity-providers');
});
