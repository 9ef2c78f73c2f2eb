import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ClassGuardians } from './class-guardians';
import { MyGuardians } from './my-guardians';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const GRACE = {
  id: 'g1',
  firstname: 'Grace',
  lastname: 'Hopper',
  email: 'grace@example.com',
  linkedAt: '2026-12-01T10:00:00Z',
};
const STUDENTS = [
  { studentId: 's1', name: 'Ada Lovelace' },
  { studentId: 's2', name: 'Alan Turing' },
];

/** The school's routes, with Grace linked to Ada until she is unlinked. */
function schoolServer() {
  let linked = [GRACE];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (method === 'GET' && url === '/api/students/s1/guardians') return json(200, { items: linked });
    if (method === 'GET' && url === '/api/students/s2/guardians') return json(200, { items: [] });
    if (method === 'POST' && url === '/api/students/s2/guardian-invitations')
      return json(201, { id: 'i1', studentId: 's2', email: 'mum@example.com', expiresAt: '2026-12-14T10:00:00Z' });
    if (method === 'DELETE' && url === '/api/students/s1/guardians/g1') {
      linked = [];
      return json(200, { message: 'The guardian is no longer linked to this student' });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("a class's guardians", { timeout: 20_000 }, () => {
  it('invites a guardian by e-mail: a success message, and focus back on the button', async () => {
    const calls = schoolServer();
    renderWithApp(<ClassGuardians students={STUDENTS} />, { route: '/teacher/classes/k1' });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    const invite = screen.getByRole('button', { name: 'Invite a guardian for Alan Turing' });
    fireEvent.click(invite);

    const dialog = await screen.findByRole('dialog', { name: 'Invite a guardian for Alan Turing' });
    const email = within(dialog).getByLabelText("Guardian's e-mail address");
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(email, { target: { value: 'mum@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to mum@example.com')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/students/s2/guardian-invitations',
      body: { email: 'mum@example.com' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Invite a guardian for Alan Turing' })).toHaveFocus(),
    );
  });

  it('unlinks a guardian after a confirmation, and the list says so at once', async () => {
    const calls = schoolServer();
    renderWithApp(<ClassGuardians students={STUDENTS} />, { route: '/teacher/classes/k1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Grace Hopper from Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Grace Hopper?' });
    expect(dialog).toHaveTextContent("Grace Hopper will no longer see Ada Lovelace's work");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Grace Hopper is no longer linked to Ada Lovelace')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/students/s1/guardians/g1')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Unlink Grace Hopper/ })).not.toBeInTheDocument());
  });

  it('in an archived class lists the guardians without any action', async () => {
    schoolServer();
    renderWithApp(<ClassGuardians students={STUDENTS} readOnly />, { route: '/teacher/classes/k1' });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe("the student's own guardians", { timeout: 20_000 }, () => {
  it('lists who is linked and since when', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(200, { items: [GRACE] })));
    renderWithApp(<MyGuardians />, { route: '/student/accountDetails' });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText(/^Linked since /)).toBeInTheDocument();
  });

  it('says when nobody is linked', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(200, { items: [] })));
    renderWithApp(<MyGuardians />, { route: '/student/accountDetails' });
    expect(await screen.findByText('No guardian is linked to your account.')).toBeInTheDocument();
  });
});
