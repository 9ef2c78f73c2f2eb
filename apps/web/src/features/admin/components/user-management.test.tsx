import type { AdminUser, AdminUserPage } from '@lyceum/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authReducer, LOGGED_OUT } from '@/lib/auth/auth-reducer';
import { decodeSessionToken } from '@/lib/auth/token';
import { renderWithApp } from '@/test/render';
import { makeToken, STUDENT } from '@/test/tokens';
import { UserManagement } from './user-management';

const ADMIN = { ...STUDENT, id: '0b5a3c1e-9d7f-4e2a-8b6c-1d2e3f4a5b6c', role: 'admin' as const, firstname: 'Ada' };

function adminSession() {
  const token = makeToken({}, ADMIN);
  window.localStorage.setItem('token', token);
  const payload = decodeSessionToken(token);
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

const student: AdminUser = {
  id: '5d1c7a2e-3b4f-4a6d-9e8f-7a6b5c4d3e2f',
  firstname: 'Grace',
  lastname: 'Hopper',
  username: 'grace',
  profileImage: null,
  role: 'student',
  email: 'grace@example.com',
  phone: '',
  status: 'active',
  createdAt: '2026-03-05T10:00:00.000Z',
  enrolmentCount: 3,
};

const page: AdminUserPage = { items: [student], page: 1, pageSize: 20, total: 1, lastPage: 1 };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers the list route; records every URL asked for. */
function stubApi() {
  const urls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    urls.push(url);
    if (url.startsWith('/api/admin/users?')) return json(page);
    return json({ statusCode: 404, error: 'Not Found', message: 'not stubbed' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { urls, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('user list names', () => {
  it('shows a username that differs from the name as "Username: …", and none that only repeats it, never "@…"', async () => {
    const ada: AdminUser = {
      ...student,
      id: '6e2d8b3f-4c5a-4b7e-8f9a-8b7c6d5e4f3a',
      firstname: 'Ada',
      lastname: 'Lovelace',
      username: 'Ada Lovelace',
      email: 'ada@example.com',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ ...page, items: [student, ada], total: 2 })),
    );
    renderWithApp(<UserManagement role="student" />, { route: '/admin/student-list', auth: adminSession() });

    await screen.findByRole('button', { name: 'Ada Lovelace' }, { timeout: 5_000 });
    expect(screen.getByText('Username: grace')).toBeInTheDocument();
    expect(screen.queryByText(/@Ada Lovelace|@grace/)).not.toBeInTheDocument();
    expect(screen.queryByText('Username: Ada Lovelace')).not.toBeInTheDocument();
  });
});

describe('user list sorting', () => {
  it('marks the sorted column with aria-sort, toggles its order, and keeps the sort in the URL', async () => {
    const { urls } = stubApi();
    const user = userEvent.setup();
    const { router } = renderWithApp(<UserManagement role="student" />, {
      route: '/admin/student-list',
      auth: adminSession(),
    });

    await screen.findByRole('button', { name: 'Grace Hopper' }, { timeout: 5_000 });
    const header = (name: string) => screen.getByRole('columnheader', { name });
    // The default order: newest sign-ups first.
    expect(header('Joined')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    expect(header('Enrolments')).not.toHaveAttribute('aria-sort');
    expect(urls.at(-1)).toContain('sort=joined&order=desc');

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Joined')).not.toHaveAttribute('aria-sort');
    expect(router.state.location.search).toBe('?sort=name');
    await waitFor(() => expect(urls.at(-1)).toContain('sort=name&order=asc'));

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'descending'));
    expect(router.state.location.search).toBe('?sort=name&order=desc');
    await waitFor(() => expect(urls.at(-1)).toContain('sort=name&order=desc'));

    // Activity sorts most active first.
    await user.click(within(header('Enrolments')).getByRole('button', { name: 'Enrolments' }));
    await waitFor(() => expect(header('Enrolments')).toHaveAttribute('aria-sort', 'descending'));
    expect(router.state.location.search).toBe('?sort=activity');
  }, 20_000);

  it('reads the sort and the search from the URL it was opened with', async () => {
    const { urls } = stubApi();
    renderWithApp(<UserManagement role="teacher" />, {
      route: '/admin/teacher-list?q=grace&sort=activity&order=asc&page=2',
      auth: adminSession(),
    });
    await screen.findByRole('button', { name: 'Grace Hopper' }, { timeout: 5_000 });
    expect(screen.getByRole('columnheader', { name: 'Courses' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('searchbox', { name: 'Search teachers' })).toHaveValue('grace');
    expect(urls[0]).toBe('/api/admin/users?role=teacher&sort=activity&order=asc&page=2&q=grace&pageSize=20');
  });
});

describe('user list paging and search', () => {
  it('pages through the list with the page in the URL, and a new search starts again at page 1', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        urls.push(url);
        const asked = new URL(url, 'http://localhost').searchParams;
        const pageNumber = Number(asked.get('page'));
        // 45 students in all, or the one that matches a search.
        if (asked.get('q')) return json({ items: [student], page: 1, pageSize: 20, total: 1 });
        const items = [
          { ...student, id: `00000000-0000-4000-8000-00000000000${pageNumber}`, firstname: `Page${pageNumber}` },
        ];
        return json({ items, page: pageNumber, pageSize: 20, total: 45 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderWithApp(<UserManagement role="student" />, {
      route: '/admin/student-list',
      auth: adminSession(),
    });

    await screen.findByRole('button', { name: 'Page1 Hopper' }, { timeout: 5_000 });
    expect(screen.getByText('45 students')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Student list pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('button', { name: 'Page2 Hopper' });
    expect(router.state.location.search).toBe('?page=2');
    expect(urls.at(-1)).toContain('page=2');

    // The five keystrokes in one turn of the event loop (no delay between them), as a quick typist's reach the page
    // before the pause ends: with userEvent's default delay, a loaded machine let the pause run out after "gr".
    await userEvent.setup({ delay: null }).type(screen.getByRole('searchbox', { name: 'Search students' }), 'grace');
    await screen.findByRole('button', { name: 'Grace Hopper' });
    expect(router.state.location.search).toBe('?q=grace');
    // Typing pauses before the search runs: one request for the whole word, and it asks for page 1.
    const searches = urls.filter((url) => url.includes('q='));
    expect(searches).toEqual(['/api/admin/users?role=student&sort=joined&order=desc&page=1&q=grace&pageSize=20']);
    expect(screen.getByText('1 student')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Student list pages' })).not.toBeInTheDocument();
  }, 20_000);
});

describe('CSV export', () => {
  it('fetches the filtered list with the bearer token and saves it through an object URL', async () => {
    const { fetchMock } = stubApi();
    const csv = '\uFEFFID,First name\r\n1,Grace\r\n';
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/admin/users/export.csv')) {
        return new Response(csv, {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="lyceum-students-2026-05-01.csv"',
          },
        });
      }
      return json(page);
    });
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:lyceum/1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const session = adminSession();
    const user = userEvent.setup();
    renderWithApp(<UserManagement role="student" />, {
      route: '/admin/student-list?q=grace&sort=name',
      auth: session,
    });

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 5_000 }));

    expect(await screen.findByText('CSV downloaded')).toBeInTheDocument();
    const exportCall = fetchMock.mock.calls.find(([input]) => String(input).includes('export.csv'))!;
    expect(String(exportCall[0])).toBe('/api/admin/users/export.csv?role=student&sort=name&order=asc&q=grace');
    expect(new Headers(exportCall[1]?.headers).get('authorization')).toBe(
      `Bearer ${window.localStorage.getItem('token')}`,
    );
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    // The bytes as served, byte order mark included (Blob#text would decode it away).
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('lyceum-students-2026-05-01.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:lyceum/1');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("says why the export failed, in the server's words", async () => {
    const { fetchMock } = stubApi();
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('export.csv')
        ? json({ statusCode: 403, error: 'Forbidden', message: 'Forbidden: admins only' }, 403)
        : json(page),
    );
    const createObjectURL = vi.fn(() => 'blob:never');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    const user = userEvent.setup();
    renderWithApp(<UserManagement role="student" />, { route: '/admin/student-list', auth: adminSession() });

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 5_000 }));

    expect(await screen.findByText('Forbidden: admins only')).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
