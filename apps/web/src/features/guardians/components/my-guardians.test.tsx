import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
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
const ALAN = { ...GRACE, id: 'g2', firstname: 'Alan', lastname: 'Turing', email: 'alan@example.com' };

/** GET and DELETE /api/me/guardians as the server answers them: `deleteStatus` 200 removes the guardian. */
function studentServer(canUnlink: boolean, deleteStatus = 200) {
  let linked = [GRACE, ALAN];
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'GET' && url === '/api/me/guardians') return json(200, { items: linked, canUnlink });
      if (method === 'DELETE' && url === '/api/me/guardians/g1') {
        if (deleteStatus !== 200) return json(deleteStatus, { message: 'Until you are 18, your school decides' });
        linked = linked.filter((g) => g.id !== 'g1');
        return json(200, { message: 'This guardian is no longer linked to you' });
      }
      return json(404, { message: 'Not found' });
    }),
  );
  return calls;
}

/** The list inside its section, named by its heading, as My Account places it. */
const page = (
  <section aria-labelledby="mine-heading">
    <h2 id="mine-heading">My guardians</h2>
    <MyGuardians />
  </section>
);

afterEach(() => vi.unstubAllGlobals());

describe("the student's own guardians: unlinking (18+, ADR 070)", { timeout: 20_000 }, () => {
  it('offers no Unlink when the server says the school decides', async () => {
    studentServer(false);
    renderWithApp(page, { route: '/student/accountDetails' });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Alan Turing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
  });

  it('unlinks after a confirmation naming the guardian: removed from the list, focus on the heading', async () => {
    const calls = studentServer(true);
    renderWithApp(page, { route: '/student/accountDetails' });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Grace Hopper?' });
    expect(dialog).toHaveTextContent('Grace Hopper will no longer see your classes and work due');
    // Nothing is sent before the confirmation.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('Grace Hopper is no longer linked to you')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/me/guardians/g1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'My guardians' })).toHaveFocus());
    const list = screen.getByRole('list');
    expect(within(list).queryByText('Grace Hopper')).not.toBeInTheDocument();
    expect(within(list).getByText('Alan Turing')).toBeInTheDocument();
  });

  it("shows the server's message on 409 and keeps the guardian; Cancel returns focus to the button", async () => {
    studentServer(true, 409);
    renderWithApp(page, { route: '/student/accountDetails' });
    const button = await screen.findByRole('button', { name: 'Unlink Grace Hopper' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Grace Hopper?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Until you are 18, your school decides');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unlink Grace Hopper' })).toHaveFocus());
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
  });
});
