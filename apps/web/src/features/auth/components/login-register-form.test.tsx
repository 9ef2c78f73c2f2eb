import { MESSAGES, TOKEN_STORAGE_KEY, UI } from '@lyceum/contract/constants';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerAreaLoaders } from '@/lib/area-prefetch';
import { renderWithApp } from '@/test/render';
import { browserTimeZone } from '@/lib/time-zone';
import { makeToken, STUDENT } from '@/test/tokens';
import { LoginPanel } from './login-form';
import { LoginRegisterForm, type AuthMode } from './login-register-form';
import { RegisterPanel } from './register-form';

const ROLE_PLACEHOLDER = 'select the role';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The screen as the login and register pages compose it. */
function screenOf(mode: AuthMode) {
  return <LoginRegisterForm mode={mode}>{mode === 'login' ? <LoginPanel /> : <RegisterPanel />}</LoginRegisterForm>;
}

function renderAuthScreen(route: string) {
  const mode = route.startsWith('/register') ? 'register' : 'login';
  return renderWithApp(screenOf(mode), {
    route,
    routes: [
      {
        path: mode === 'login' ? '/register' : '/login',
        element: screenOf(mode === 'login' ? 'register' : 'login'),
      },
      { path: '/student', element: <h1>Student area</h1> },
    ],
  });
}

const PROFILE = {
  ...STUDENT,
  email: 'ada@example.com',
  phone: '+1 555 0100',
  expertise: '',
  pincode: '',
  address: '',
  city: '',
  country: '',
  aboutInfo: '',
  personalWebsite: '',
  githubProfile: '',
  status: 'active',
  timeZone: null,
  language: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('register form', () => {
  it('explains a bad e-mail and a short password under the fields, without calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAuthScreen('/register');

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not accept the role placeholder as a role', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAuthScreen('/register');

    const role = screen.getByLabelText(/^Role/);
    expect(role).toHaveDisplayValue(ROLE_PLACEHOLDER);
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Phone/), '+1 555 0100');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Role must be student or teacher')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('preselects Teacher from ?role=teacher', () => {
    renderAuthScreen('/register?role=teacher');
    expect(screen.getByLabelText(/^Role/)).toHaveDisplayValue('Teacher');
  });

  it('registers, toasts, and switches to login with the e-mail filled in', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(201, { message: 'Registered', user: PROFILE }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderAuthScreen('/register');

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Phone/), '+1 555 0100');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.selectOptions(screen.getByLabelText(/^Role/), 'student');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(MESSAGES.registerSuccess)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      phone: '+1 555 0100',
      password: 'correct horse battery',
      role: 'student',
      timeZone: browserTimeZone(),
    });
  });

  it("shows the server's field issues under the fields and toasts its message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'User is already registered with this email. Please sign in.',
          issues: [{ path: 'email', message: 'is already registered' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderAuthScreen('/register?role=student');

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Phone/), '+1 555 0100');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('User is already registered with this email. Please sign in.')).toBeInTheDocument();
    expect(screen.getByText('Email is already registered')).toBeInTheDocument();
  });
});

describe('login form', () => {
  it('switches the URL between /login and /register with the toggle', async () => {
    const user = userEvent.setup();
    const { router } = renderAuthScreen('/login');
    await user.click(screen.getByText('Register'));
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });

  it('logs in, stores the token, toasts, and opens the role area after the pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const token = makeToken();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(200, { message: 'Login successful', token, role: 'student', user: PROFILE }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderAuthScreen('/login');

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(MESSAGES.loginSuccess)).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
      remember: true,
      timeZone: browserTimeZone(),
    });

    await act(() => vi.advanceTimersByTimeAsync(UI.loginRedirectMs));
    expect(router.state.location.pathname).toBe('/student');
    expect(screen.getByRole('heading', { name: 'Student area' })).toBeInTheDocument();
  });

  it("downloads the area's code while the login request is in flight, then the role's the answer names", async () => {
    const areas = {
      student: vi.fn(async () => ({})),
      teacher: vi.fn(async () => ({})),
      admin: vi.fn(async () => ({})),
    };
    registerAreaLoaders(areas);
    window.localStorage.setItem('lyceum:last-role', 'student');
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const user = userEvent.setup();
    renderAuthScreen('/login');

    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // The request has not been answered yet: the last role's area is already downloading.
    await vi.waitFor(() => expect(areas.student).toHaveBeenCalledTimes(1));
    expect(areas.teacher).not.toHaveBeenCalled();

    const token = makeToken({}, { ...STUDENT, role: 'teacher' });
    answer(jsonResponse(200, { message: 'Login successful', token, role: 'teacher', user: PROFILE }));
    expect(await screen.findByText(MESSAGES.loginSuccess)).toBeInTheDocument();
    expect(areas.teacher).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('lyceum:last-role')).toBe('teacher');
    registerAreaLoaders({});
  }, 20_000);

  it("toasts the server's message when the login is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(401, { message: 'Invalid email or password' })),
    );
    const user = userEvent.setup();
    const { router } = renderAuthScreen('/login');

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to the catalogue message when the server says nothing useful', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('oops', { status: 500 })));
    const user = userEvent.setup();
    renderAuthScreen('/login');

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(MESSAGES.loginFailed)).toBeInTheDocument();
  });
});
