import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ProgressGridView } from './progress-grid';

const COURSE = '11111111-1111-4111-8111-111111111111';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const row = (name: string, percent: number, states: string[]) => ({
  studentId: crypto.randomUUID(),
  name,
  username: name,
  status: percent === 100 ? 'completed' : 'active',
  percent,
  completedItems: states.filter((s) => s === 'completed').length,
  totalItems: states.length,
  enrolledAt: '2026-11-20T10:00:00.000Z',
  lastActivityAt: '2026-11-23T10:00:00.000Z',
  states,
});

const grid = (items: unknown[]) => ({
  items,
  page: 1,
  pageSize: 25,
  total: items.length,
  lastPage: 1,
  courseId: COURSE,
  courseTitle: 'Bread baking',
  columns: [
    { id: crypto.randomUUID(), title: 'Mixing', sectionTitle: 'Dough', kind: 'lesson', required: true },
    { id: crypto.randomUUID(), title: 'Baking', sectionTitle: 'Dough', kind: 'lesson', required: true },
  ],
  itemsTruncated: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('progress grid', () => {
  it('shows each student with progress and a named state per item, and sorts through the server', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        jsonResponse(
          200,
          grid([
            row('Fiona Finisher', 100, ['completed', 'completed']),
            row('Sam Starter', 0, ['opened', 'not_started']),
          ]),
        ),
      )
      .mockImplementation(async () =>
        jsonResponse(
          200,
          grid([
            row('Sam Starter', 0, ['opened', 'not_started']),
            row('Fiona Finisher', 100, ['completed', 'completed']),
          ]),
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<ProgressGridView courseId={COURSE} />, { route: '/teacher/courses/x/progress' });

    const table = await screen.findByRole('table');
    expect(screen.getByText('2 students · 2 items')).toBeInTheDocument();
    const sam = within(table).getByRole('row', { name: /Sam Starter/ });
    expect(within(sam).getByText('Opened')).toBeInTheDocument();
    expect(within(sam).getByText('Not started')).toBeInTheDocument();
    expect(within(sam).getByText('0%')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Fiona Finisher/ })).toHaveTextContent('100%');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('sort=name&order=asc');

    // Progress sorts most progress first, then least on a second click.
    await user.click(screen.getByRole('button', { name: /^Progress/ }));
    await user.click(screen.getByRole('button', { name: /^Progress/ }));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('sort=progress&order=asc');
    expect(screen.getByRole('columnheader', { name: /Progress/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('says so when no student is enrolled yet', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, grid([]))));
    renderWithApp(<ProgressGridView courseId={COURSE} />, { route: '/teacher/courses/x/progress' });
    expect(await screen.findByText('No students yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
