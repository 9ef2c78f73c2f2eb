import type { TeacherClass } from '@lyceum/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ClassCodeCard } from './class-code-card';

const CLASS: TeacherClass = {
  id: '5d1c7a2e-3b4f-4a6d-9e8f-7a6b5c4d3e2f',
  name: 'Period 3',
  section: '',
  subject: '',
  startsOn: null,
  endsOn: null,
  code: 'ABCDEFG',
  joiningOpen: true,
  archived: false,
  ownerId: '6d1c7a2e-3b4f-4a6d-9e8f-7a6b5c4d3e2f',
  teachers: [],
  courses: [],
  memberCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the class code card', () => {
  it('shows the code, the invite link and the projector view while joining is on', () => {
    renderWithApp(<ClassCodeCard cls={CLASS} />);
    expect(screen.getByTestId('class-code')).toHaveTextContent('ABC DEFG');
    expect(screen.getByText(/Invite link: .*\/join\/ABCDEFG/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show full screen' })).toBeEnabled();
  });

  it('hides the code, the link and the projector view when joining is off, and offers to turn it on', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ ...CLASS, joiningOpen: true }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<ClassCodeCard cls={{ ...CLASS, joiningOpen: false }} />);
    expect(screen.queryByTestId('class-code')).toBeNull();
    expect(screen.queryByText(/ABC ?DEFG/)).toBeNull();
    expect(screen.queryByText(/Invite link/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show full screen' })).toBeNull();
    expect(screen.getByText('Joining is off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn joining on' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`/api/classes/${CLASS.id}`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ joiningOpen: true });
  });

  it('shows an archived class as archived: no code, no link, no projector view, no switch', () => {
    renderWithApp(<ClassCodeCard cls={{ ...CLASS, archived: true }} />);
    expect(screen.queryByTestId('class-code')).toBeNull();
    expect(screen.queryByText(/Invite link/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show full screen' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Archived')).toBeInTheDocument();
    expect(screen.getByText(/nobody can join/)).toBeInTheDocument();
  });
});
