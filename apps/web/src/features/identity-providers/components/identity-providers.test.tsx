import type { AdminProvider, SignInAttempt } from '@lyceum/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import spanish from '../locales/es.json';
import { ProviderList, SignInAttempts } from './identity-providers';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const GOOGLE: AdminProvider = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'School Google',
  preset: 'google',
  issuer: 'https://accounts.google.com',
  clientId: 'client-1',
  hasClientSecret: true,
  allowedDomains: ['school.example'],
  allowedTenants: [],
  newUserRole: 'student',
  enabled: false,
};
const ATTEMPTS: SignInAttempt[] = [
  {
    id: '00000000-0000-4000-8000-0000000000a1',
    providerId: GOOGLE.id,
    providerName: 'School Google',
    at: '2026-12-07T09:30:00Z',
    outcome: 'refused',
    reason: 'domain-not-allowed',
    detail: 'hd=other.example',
    email: 'eve@other.example',
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    providerId: GOOGLE.id,
    providerName: 'School Google',
    at: '2026-12-07T09:00:00Z',
    outcome: 'signed-in',
    reason: 'signed-in',
    detail: '',
    email: 'ada@school.example',
  },
];

/** The providers' routes, answering from a list the PATCH and POST change, and recording each call's body. */
function providerServer() {
  const calls: { method: string; url: string; body?: Record<string, unknown> }[] = [];
  let providers = [GOOGLE];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/admin/identity-providers' && method === 'GET') return json(200, providers);
      if (url === '/api/admin/identity-providers/attempts') return json(200, ATTEMPTS);
      if (url === `/api/admin/identity-providers/${GOOGLE.id}` && method === 'PATCH') {
        providers = providers.map((p) => (p.id === GOOGLE.id ? { ...p, ...body } : p));
        return json(200, providers[0]);
      }
      if (url === '/api/admin/identity-providers' && method === 'POST') {
        const created = { ...GOOGLE, ...body, id: '00000000-0000-4000-8000-000000000002', hasClientSecret: true };
        providers = [...providers, created as AdminProvider];
        return json(201, created);
      }
      return json(404, { message: `no route ${method} ${url}` });
    }),
  );
  return calls;
}

/** Types into a field as a paste (userEvent's key-by-key typing is slow on a loaded machine, and adds nothing here). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("the admin's identity providers", () => {
  it('lists a provider and enables it; changing it without typing a secret keeps the stored one', async () => {
    const calls = providerServer();
    const user = userEvent.setup();
    renderWithApp(<ProviderList />);
    const table = await screen.findByRole('table', { name: 'Identity providers' });
    const row = within(table).getByRole('row', { name: /School Google/ });
    expect(within(row).getByText('school.example')).toBeInTheDocument();
    expect(within(row).getByText('Disabled')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Enable School Google' }));
    await waitFor(() => expect(within(row).getByText('Enabled')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: true });

    // Changing it: the secret field is empty and says one is kept; saving without typing one sends none.
    const change = within(row).getByRole('button', { name: 'Change School Google' });
    await user.click(change);
    const dialog = await screen.findByRole('dialog', { name: 'Change School Google' });
    expect(within(dialog).getByText(/A secret is stored/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH')[1]?.body).not.toHaveProperty('clientSecret');
    await waitFor(() => expect(change).toHaveFocus());
  });

  it('adds a Microsoft provider: tenants instead of domains, one per line, and the role of new accounts', async () => {
    const calls = providerServer();
    const user = userEvent.setup();
    renderWithApp(<ProviderList />);
    await screen.findByRole('table', { name: 'Identity providers' });
    await user.click(screen.getByRole('button', { name: 'Add a provider' }));
    const form = await screen.findByRole('dialog', { name: 'Add a provider' });
    await fill(user, within(form).getByRole('textbox', { name: /Name/ }), 'Staff Microsoft');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'entra');
    expect(within(form).getByRole('textbox', { name: /Issuer URL/ })).toHaveValue(
      'https://login.microsoftonline.com/organizations/v2.0',
    );
    expect(within(form).queryByRole('textbox', { name: /Allowed domains/ })).not.toBeInTheDocument();
    await fill(user, within(form).getByRole('textbox', { name: /Client ID/ }), 'client-2');
    await fill(user, within(form).getByLabelText(/Client secret/), 's3cret');
    await fill(user, within(form).getByRole('textbox', { name: /Allowed tenants/ }), 'tenant-a\ntenant-b');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Role of a new account/ }), 'teacher');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('row', { name: /Staff Microsoft/ });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Staff Microsoft',
      preset: 'entra',
      issuer: 'https://login.microsoftonline.com/organizations/v2.0',
      clientId: 'client-2',
      clientSecret: 's3cret',
      allowedDomains: [],
      allowedTenants: ['tenant-a', 'tenant-b'],
      newUserRole: 'teacher',
      enabled: false,
    });
  });

  it('says why each sign-in was refused, in words, in the language of the page', async () => {
    providerServer();
    renderWithApp(<SignInAttempts />, { locale: 'es', messages: spanish });
    const table = await screen.findByRole('table', {
      name: 'Últimos inicios de sesión a través de proveedores de identidad',
    });
    const [refused, signedIn] = within(table).getAllByRole('row').slice(1);
    expect(within(refused!).getByText('Rechazado')).toBeInTheDocument();
    expect(within(refused!).getByText('El dominio de la cuenta no está permitido')).toBeInTheDocument();
    expect(within(refused!).getByText('hd=other.example')).toBeInTheDocument();
    expect(within(signedIn!).getAllByText('Sesión iniciada')).toHaveLength(2);
  });
});
