import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, authReducer } from '@/lib/auth/auth-reducer';
import { decodeSessionToken } from '@/lib/auth/token';
import { renderWithApp } from '@/test/render';
import { makeToken, STUDENT } from '@/test/tokens';
import es from '../locales/es.json';
import { GuardianInvitation } from './guardian-invitation';

const TOKEN = 'a'.repeat(43);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function guardianSession() {
  const payload = decodeSessionToken(makeToken({}, { ...STUDENT, role: 'guardian', firstname: 'Grace' }));
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

afterEach(() => vi.unstubAllGlobals());

describe('the guardian invitation page', { timeout: 20_000 }, () => {
  it('creates a guardian account with the token, then says to log in with the invitation’s address', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      json(201, {
        message: 'Guardian account created',
        user: { email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<GuardianInvitation token={TOKEN} />, { route: '/guardian-invitation' });

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Hopper' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+1 555 0100' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my guardian account' }));

    expect(await screen.findByRole('heading', { name: 'Your guardian account is ready' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Log in with grace@example.com and the password you chose');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/guardian-registration');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      token: TOKEN,
      firstname: 'Grace',
      lastname: 'Hopper',
      phone: '+1 555 0100',
    });
  });

  it('names each missing field and puts focus on the first, without sending anything', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<GuardianInvitation token={TOKEN} />, { route: '/guardian-invitation' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my guardian account' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says an expired or used invitation cannot be used, and moves focus to that message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        json(400, {
          message: 'This invitation has expired or has already been used.',
          issues: [{ path: 'token', message: 'x' }],
        }),
      ),
    );
    renderWithApp(<GuardianInvitation token={TOKEN} />, { route: '/guardian-invitation' });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Hopper' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+1 555 0100' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my guardian account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation cannot be used');
    expect(alert).toHaveTextContent('It has expired or has already been used.');
    expect(alert.parentElement).toHaveFocus();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('lets a signed-in guardian accept, and names the child now linked', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input) === '/api/guardian/invitations/accept'
        ? json(200, {
            id: 'c1',
            firstname: 'Ada',
            lastname: 'Lovelace',
            username: 'ada',
            linkedAt: '2026-12-07T10:00:00Z',
          })
        : json(404, { message: 'Not found' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<GuardianInvitation token={TOKEN} />, { route: '/guardian-invitation', auth: guardianSession() });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('heading', { name: 'You are now linked to Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my children' })).toHaveAttribute('href', '/guardian');
  });

  it('explains a link without a token, in Spanish too', async () => {
    renderWithApp(<GuardianInvitation token="" />, { route: '/guardian-invitation', locale: 'es', messages: es });
    await act(async () => {});
    expect(screen.getByRole('alert')).toHaveTextContent('Esta invitación no se puede usar');
    expect(screen.getByRole('alert')).toHaveTextContent('no contiene ninguna invitación');
  });
});
