import type { Profile } from '@lyceum/contract';
import { LIMITS, TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { AppShell } from '@mantine/core';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '@/components/site-header/site-header';
import { LOGGED_OUT, authReducer } from '@/lib/auth/auth-reducer';
import { decodeSessionToken } from '@/lib/auth/token';
import { renderWithApp } from '@/test/render';
import { makeToken, STUDENT } from '@/test/tokens';
import { AccountDetails } from './account-details';

// The page renders many inputs; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

const PROFILE: Profile = {
  id: STUDENT.id,
  firstname: 'Ada',
  lastname: 'Lovelace',
  username: STUDENT.username,
  profileImage: null,
  role: 'student',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  expertise: 'Mathematics',
  pincode: 'SW1A 1AA',
  address: '12 St James Square',
  city: 'London',
  country: 'United Kingdom',
  aboutInfo: 'Wrote the first program.',
  personalWebsite: 'https://ada.example',
  githubProfile: '',
  status: 'active',
  timeZone: null,
  language: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Handler = (init: RequestInit) => Response;

/** Answers `"<METHOD> <path>"` requests; anything else fails the test. */
function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`unexpected request ${key}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function requestsTo(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method);
}

function jsonBodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

/** Logged in as STUDENT, with the token stored as the API client expects. */
function studentSession() {
  const token = makeToken();
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const payload = decodeSessionToken(token);
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

/** My Account under the real site header, so the avatar it shows can be checked. */
function renderAccount() {
  return renderWithApp(
    <AppShell header={{ height: 72 }}>
      <SiteHeader />
      <AccountDetails />
    </AppShell>,
    { route: '/student/accountDetails', auth: studentSession() },
  );
}

type User = ReturnType<typeof userEvent.setup>;

/** Replaces a field's text the way a user pastes it (typing every key is slow, and not what is tested). */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.paste(text);
}

function imageFile(name: string, type: string, bytes = 64): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

// jsdom has no `document.fonts`, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

beforeEach(() => {
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++next}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('my account', { timeout: 20_000 }, () => {
  it('shows a loading state, then every field of the profile in its section', async () => {
    stubApi({ 'GET /api/me': () => jsonResponse(200, PROFILE) });
    renderAccount();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    const generals = await screen.findByRole('region', { name: 'Generals' });
    expect(within(generals).getByLabelText('First name')).toHaveValue('Ada');
    expect(within(generals).getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(within(generals).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(generals).getByLabelText('Phone')).toHaveValue('+44 20 7946 0000');
    expect(within(generals).getByLabelText('Expertise')).toHaveValue('Mathematics');
    expect(within(generals).getByLabelText('User name')).toHaveValue(STUDENT.username);
    expect(within(generals).getByRole('img', { name: 'Your profile picture' })).toBeInTheDocument();

    const other = screen.getByRole('region', { name: 'Other Information' });
    expect(within(other).getByLabelText('Pincode')).toHaveValue('SW1A 1AA');
    expect(within(other).getByLabelText('Address')).toHaveValue('12 St James Square');
    expect(within(other).getByLabelText('City')).toHaveValue('London');
    expect(within(other).getByLabelText('Country')).toHaveValue('United Kingdom');
    expect(within(other).getByLabelText('About info')).toHaveValue('Wrote the first program.');

    const online = screen.getByRole('region', { name: 'Online Presence' });
    expect(within(online).getByLabelText('Personal website')).toHaveValue('https://ada.example');
    expect(within(online).getByLabelText('GitHub profile')).toHaveValue('');
    // Nothing to save yet: the button says so and stays focusable (aria-disabled, issue 46.14).
    expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says when the profile cannot be loaded', async () => {
    stubApi({ 'GET /api/me': () => jsonResponse(500, { statusCode: 500, error: 'Internal', message: 'boom' }) });
    renderAccount();
    expect(await screen.findByText('Your account details could not be loaded.')).toBeInTheDocument();
    expect(screen.getAllByText('Something went wrong in view').length).toBeGreaterThanOrEqual(2); // alert + toast
  });

  it('sends only the changed fields, then shows what the server stored', async () => {
    const fresh = makeToken({}, { ...STUDENT, username: 'ada.l' });
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(200, PROFILE),
      'PATCH /api/me': () =>
        jsonResponse(200, {
          message: 'Update successful!',
          token: fresh,
          user: { ...PROFILE, city: 'Paris', username: 'ada.l', githubProfile: 'https://github.com/ada' },
        }),
    });
    const user = userEvent.setup();
    renderAccount();

    const city = await screen.findByLabelText('City');
    await fill(user, city, 'Paris');
    await fill(user, screen.getByLabelText('User name'), 'ada.l');
    await fill(user, screen.getByLabelText('GitHub profile'), 'github.com/ada');
    expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Update successful!')).toBeInTheDocument();
    const [patch] = requestsTo(fetchMock, 'PATCH', '/api/me');
    expect(jsonBodyOf(patch?.[1])).toEqual({ city: 'Paris', username: 'ada.l', githubProfile: 'github.com/ada' });
    expect(screen.getByLabelText('GitHub profile')).toHaveValue('https://github.com/ada');
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    // The fresh token replaces the old one, and the header shows the new user name.
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
    expect(screen.getByRole('banner')).toHaveTextContent('ada.l');
  });

  it('validates the changed fields before sending anything', async () => {
    const fetchMock = stubApi({ 'GET /api/me': () => jsonResponse(200, PROFILE) });
    const user = userEvent.setup();
    renderAccount();

    const email = await screen.findByLabelText('Email');
    await fill(user, email, 'not-an-email');
    await fill(user, screen.getByLabelText('Personal website'), 'javascript:alert(1)');
    await fill(user, screen.getByLabelText('First name'), '');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Personal website must be an http(s) URL')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/me')).toHaveLength(0);
  });

  it('shows a taken e-mail address under its field, and toasts what is wrong', async () => {
    stubApi({
      'GET /api/me': () => jsonResponse(200, PROFILE),
      'PATCH /api/me': () =>
        jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'email is already used by another account',
          issues: [{ path: 'email', message: 'is already used by another account' }],
        }),
    });
    const user = userEvent.setup();
    renderAccount();

    const email = await screen.findByLabelText('Email');
    await fill(user, email, 'grace@example.com');
    const details = screen.getByRole('form', { name: 'Account details' });
    await fill(user, within(details).getByLabelText(/Current password/), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // Under the field and in the toast: what is wrong, not "try again later".
    await waitFor(() => expect(screen.getAllByText('Email is already used by another account')).toHaveLength(2));
    expect(screen.queryByText('Update failed. Please try again later.')).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('my account: changing the e-mail', { timeout: 20_000 }, () => {
  it('asks for the current password, sends it with the new address, and shows a wrong one under its field', async () => {
    let answer = jsonResponse(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'currentPassword is incorrect',
      issues: [{ path: 'currentPassword', message: 'is incorrect' }],
    });
    const fetchMock = stubApi({ 'GET /api/me': () => jsonResponse(200, PROFILE), 'PATCH /api/me': () => answer });
    const user = userEvent.setup();
    renderAccount();

    const details = await screen.findByRole('form', { name: 'Account details' });
    expect(within(details).queryByLabelText(/Current password/)).toBeNull();
    await fill(user, within(details).getByLabelText('Email'), 'ada.new@example.com');
    const password = within(details).getByLabelText(/Current password/);
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));
    expect(await within(details).findByText('Enter your current password to change your email')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/me')).toHaveLength(0);

    await fill(user, password, 'not-my-password');
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));
    expect(await within(details).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(jsonBodyOf(requestsTo(fetchMock, 'PATCH', '/api/me')[0]?.[1])).toEqual({
      email: 'ada.new@example.com',
      currentPassword: 'not-my-password',
    });

    answer = jsonResponse(200, {
      message: 'Update successful!',
      token: makeToken(),
      user: { ...PROFILE, email: 'ada.new@example.com' },
    });
    await fill(user, password, 'correct-horse-battery');
    await user.click(within(details).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(details).queryByLabelText(/Current password/)).toBeNull());
    expect(jsonBodyOf(requestsTo(fetchMock, 'PATCH', '/api/me')[1]?.[1])).toMatchObject({
      currentPassword: 'correct-horse-battery',
    });
  });
});

describe('my account: password', { timeout: 20_000 }, () => {
  it('refuses a confirmation that does not match, without asking the server', async () => {
    const fetchMock = stubApi({ 'GET /api/me': () => jsonResponse(200, PROFILE) });
    const user = userEvent.setup();
    renderAccount();

    const form = await screen.findByRole('form', { name: 'Change password' });
    await fill(user, within(form).getByLabelText('Current password'), 'the-old-password');
    await fill(user, within(form).getByLabelText('New password'), 'short');
    await fill(user, within(form).getByLabelText('Confirm password'), 'different-one');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('Confirm password must match the new password')).toBeInTheDocument();
    expect(within(form).getByText('New password must be at least 8 characters')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/me/password')).toHaveLength(0);
  });

  it('shows a wrong current password under its field', async () => {
    stubApi({
      'GET /api/me': () => jsonResponse(200, PROFILE),
      'POST /api/me/password': () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'currentPassword is incorrect',
          issues: [{ path: 'currentPassword', message: 'is incorrect' }],
        }),
    });
    const user = userEvent.setup();
    renderAccount();

    const form = await screen.findByRole('form', { name: 'Change password' });
    await fill(user, within(form).getByLabelText('Current password'), 'not-my-password');
    await fill(user, within(form).getByLabelText('New password'), 'a-brand-new-secret');
    await fill(user, within(form).getByLabelText('Confirm password'), 'a-brand-new-secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
  });

  it('changes the password, keeps this session on the fresh token and clears the form', async () => {
    const fresh = makeToken({ ver: 2 });
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(200, PROFILE),
      'POST /api/me/password': () =>
        jsonResponse(200, { message: 'Password changed. Your other sessions have been signed out.', token: fresh }),
    });
    const user = userEvent.setup();
    renderAccount();

    const form = await screen.findByRole('form', { name: 'Change password' });
    await fill(user, within(form).getByLabelText('Current password'), 'the-old-password');
    await fill(user, within(form).getByLabelText('New password'), 'a-brand-new-secret');
    await fill(user, within(form).getByLabelText('Confirm password'), 'a-brand-new-secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed. Your other sessions have been signed out.')).toBeInTheDocument();
    expect(jsonBodyOf(requestsTo(fetchMock, 'POST', '/api/me/password')[0]?.[1])).toEqual({
      currentPassword: 'the-old-password',
      newPassword: 'a-brand-new-secret',
      confirmPassword: 'a-brand-new-secret',
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('logs out everywhere after confirming, and stays signed in here', async () => {
    const fresh = makeToken({ ver: 3 });
    stubApi({
      'GET /api/me': () => jsonResponse(200, PROFILE),
      'POST /api/me/logout-everywhere': () =>
        jsonResponse(200, { message: 'All other sessions have been signed out.', token: fresh }),
    });
    const user = userEvent.setup();
    renderAccount();

    await user.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));

    expect(await screen.findByText('All other sessions have been signed out.')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('my account: profile image', { timeout: 20_000 }, () => {
  it('refuses a file that is not an image, before sending anything', async () => {
    const fetchMock = stubApi({ 'GET /api/me': () => jsonResponse(200, PROFILE) });
    // The picker's accept list is a hint: "All files" in the dialog still lets anything through.
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderAccount();
    await screen.findByRole('region', { name: 'Generals' });

    await user.upload(fileInput(container), imageFile('notes.pdf', 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only images are allowed!');
    await user.upload(fileInput(container), imageFile('logo.svg', 'image/svg+xml'));
    expect(screen.getByRole('alert')).toHaveTextContent('Only images are allowed!');
    expect(screen.queryByRole('button', { name: 'Save image' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/me/image')).toHaveLength(0);
  });

  it('refuses an image over 5 MB dropped on the zone', async () => {
    stubApi({ 'GET /api/me': () => jsonResponse(200, PROFILE) });
    renderAccount();
    const zone = await screen.findByTestId('image-dropzone');

    const big = imageFile('huge.png', 'image/png', LIMITS.imageBytes + 1);
    fireEvent.drop(zone, { dataTransfer: { files: [big], types: ['Files'] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Image must be 5 MB or smaller');
    expect(screen.queryByRole('button', { name: 'Save image' })).not.toBeInTheDocument();
  });

  it('previews a chosen image, saves it, and the header avatar changes at once', async () => {
    const fresh = makeToken({}, { ...STUDENT, profileImage: 'new-picture.webp' });
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(200, PROFILE),
      'PUT /api/me/image': () =>
        jsonResponse(200, {
          message: 'Profile image updated',
          token: fresh,
          user: { ...PROFILE, profileImage: 'new-picture.webp' },
        }),
    });
    const user = userEvent.setup();
    const { container } = renderAccount();
    await screen.findByRole('region', { name: 'Generals' });
    const headerAvatar = within(screen.getByRole('banner')).getByRole('img', {
      name: `Profile picture of ${STUDENT.username}`,
    });
    expect(headerAvatar).toHaveAttribute('src', '/default-avatar.svg');

    const picture = imageFile('me.png', 'image/png');
    await user.upload(fileInput(container), picture);
    expect(screen.getByRole('img', { name: 'Preview of your new profile picture' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(screen.getByText(/not saved yet/)).toBeInTheDocument();
    expect(headerAvatar).toHaveAttribute('src', '/default-avatar.svg');

    await user.click(screen.getByRole('button', { name: 'Save image' }));
    expect(await screen.findByText('Profile image updated')).toBeInTheDocument();
    const [put] = requestsTo(fetchMock, 'PUT', '/api/me/image');
    const body = put?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('image')).toBeInstanceOf(File);
    expect(((body as FormData).get('image') as File).name).toBe('me.png');

    expect(within(screen.getByRole('banner')).getByRole('img', { name: /Profile picture of/ })).toHaveAttribute(
      'src',
      '/uploads/new-picture.webp',
    );
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      '/uploads/new-picture.webp',
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
    expect(screen.getByRole('button', { name: 'Remove image' })).toBeInTheDocument();
  });

  it('saves a chosen picture with Save Changes, together with the changed fields', async () => {
    const fresh = makeToken({}, { ...STUDENT, profileImage: 'new-picture.webp' });
    const fetchMock = stubApi({
      'GET /api/me': () => jsonResponse(200, PROFILE),
      'PUT /api/me/image': () =>
        jsonResponse(200, {
          message: 'Profile image updated',
          token: fresh,
          user: { ...PROFILE, profileImage: 'new-picture.webp' },
        }),
      'PATCH /api/me': () =>
        jsonResponse(200, {
          message: 'Update successful!',
          token: fresh,
          user: { ...PROFILE, city: 'Lagos', profileImage: 'new-picture.webp' },
        }),
    });
    const user = userEvent.setup();
    const { container } = renderAccount();
    await screen.findByRole('region', { name: 'Generals' });

    await user.upload(fileInput(container), imageFile('me.png', 'image/png'));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('City'), 'Lagos');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Update successful!')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/me/image')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'PATCH', '/api/me')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Preview of your new profile picture' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      '/uploads/new-picture.webp',
    );
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it("shows the server's refusal of an upload next to the picker", async () => {
    stubApi({
      'GET /api/me': () => jsonResponse(200, PROFILE),
      'PUT /api/me/image': () =>
        jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'Only images are allowed!' }),
    });
    const user = userEvent.setup();
    const { container } = renderAccount();
    await screen.findByRole('region', { name: 'Generals' });

    await user.upload(fileInput(container), imageFile('fake.gif', 'image/gif'));
    await user.click(screen.getByRole('button', { name: 'Save image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only images are allowed!');
  });
});
