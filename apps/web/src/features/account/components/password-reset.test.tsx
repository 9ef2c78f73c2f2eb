import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

// The page renders many inputs; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

const NEUTRAL =
  'If an account exists for that email, we have sent a link to reset its password. The link is valid for 1 hour.';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('forgot password', { timeout: 20_000 }, () => {
  it("shows the server's neutral answer and never asks for the account's existence", async () => {
    const fetchMock = stubFetch(jsonResponse(200, { message: NEUTRAL }));
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordForm />, { route: '/forget-password' });

    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/auth/forgot-password');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'nobody@example.com' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before sending', async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordForm />, { route: '/forget-password' });

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toasts the throttle message when too many links were asked for', async () => {
    stubFetch(
      jsonResponse(429, {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many password reset requests. Try again in 15 minutes.',
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordForm />, { route: '/forget-password' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many password reset requests. Try again in 15 minutes.')).toBeInTheDocument();
  });
});

describe('reset password', { timeout: 20_000 }, () => {
  const loginRoute = { path: '/login', element: <h1>Login screen</h1> };

  it('sets the new password with the link token, toasts and opens the login screen', async () => {
    const fetchMock = stubFetch(
      jsonResponse(200, { message: 'Your password has been reset. Please log in with your new password.' }),
    );
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm token="the-link-token" />, {
      route: '/reset-password?token=the-link-token',
      routes: [loginRoute],
    });

    await user.type(screen.getByLabelText('New password'), 'a-brand-new-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'a-brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(screen.getByText('Your password has been reset. Please log in with your new password.')).toBeVisible();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      token: 'the-link-token',
      newPassword: 'a-brand-new-secret',
      confirmPassword: 'a-brand-new-secret',
    });
  });

  it('compares the two passwords before sending', async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm token="t" />, { route: '/reset-password?token=t' });

    await user.type(screen.getByLabelText('New password'), 'a-brand-new-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'another-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Confirm password must match the new password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains an expired or used link and offers a new one', async () => {
    stubFetch(
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'This reset link has expired or has already been used.',
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm token="used-token" />, { route: '/reset-password?token=used-token' });

    await user.type(screen.getByLabelText('New password'), 'a-brand-new-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'a-brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link has expired or has already been used.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forget-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows a refused common password under its field and keeps the form', async () => {
    stubFetch(
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'newPassword is one of the most common passwords; choose another',
        issues: [{ path: 'newPassword', message: 'is one of the most common passwords; choose another' }],
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm token="t" />, { route: '/reset-password?token=t' });

    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    const form = screen.getByRole('form', { name: 'Choose a new password' });
    expect(
      await within(form).findByText('New password is one of the most common passwords; choose another'),
    ).toBeInTheDocument();
  });
});
