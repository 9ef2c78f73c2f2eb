import type { GuardianChildOverview, StudentTodoItem } from '@lyceum/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserTimeZone } from '@/lib/time-zone';
import { renderWithApp } from '@/test/render';
import { ChildOverview } from './child-overview';
import { ChildrenList } from './children-list';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const CHILD = { id: 'c1', firstname: 'Ada', lastname: 'Lovelace', username: 'ada', linkedAt: '2026-12-01T10:00:00Z' };
const EMPTY = { items: [], more: 0 };
const item = (over: Partial<StudentTodoItem>): StudentTodoItem => ({
  kind: 'assignment',
  itemId: crypto.randomUUID(),
  title: 'Essay',
  classId: crypto.randomUUID(),
  className: 'Algebra P3',
  courseId: crypto.randomUUID(),
  courseName: 'Algebra I',
  dueAt: null,
  late: false,
  extended: false,
  href: '/learn/c/i',
  ...over,
});
const OVERVIEW: GuardianChildOverview = {
  child: CHILD,
  classes: [{ id: 'k1', name: 'Algebra P3' }],
  todo: {
    overdue: { items: [item({ title: 'Essay', dueAt: '2026-03-09T08:00:00Z', late: true })], more: 0 },
    today: { items: [item({ title: 'Quiz 1', kind: 'assessment', dueAt: '2026-03-10T14:00:00Z' })], more: 2 },
    week: EMPTY,
    dayEndsAt: '2026-03-10T15:00:00Z',
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  setUserTimeZone(null);
});

describe("a guardian's view of a child", { timeout: 20_000 }, () => {
  it("shows the child's classes and missing and due work with dates in the guardian's zone, and no links into it", async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(200, OVERVIEW)));
    renderWithApp(<ChildOverview studentId="c1" />, { route: '/guardian/children/c1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    act(() => setUserTimeZone('Asia/Tokyo'));
    expect(screen.getByRole('region', { name: 'Classes' })).toHaveTextContent('Algebra P3');
    const overdue = screen.getByRole('region', { name: 'Missing (overdue)' });
    // 08:00 UTC is 17:00 in Tokyo.
    expect(overdue).toHaveTextContent('Was due Mon 9 Mar, 17:00');
    expect(within(overdue).getByText('Late')).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Due today' });
    expect(today).toHaveTextContent('Quiz 1');
    expect(today).toHaveTextContent('Due Tue 10 Mar, 23:00');
    expect(today).toHaveTextContent('and 2 more items');
    expect(screen.queryByRole('region', { name: 'Due this week' })).not.toBeInTheDocument();
    // Read-only: the child's work is not a link the guardian could follow into the student's pages.
    expect(screen.queryByRole('link', { name: 'Essay' })).not.toBeInTheDocument();
  });

  it('says a child who is not linked is not theirs to see (404), with the way back', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(404, { message: 'Child not found' })));
    renderWithApp(<ChildOverview studentId="other" />, { route: '/guardian/children/other' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This child is not linked to your account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('only see the children a teacher has linked');
    expect(screen.getByRole('link', { name: 'Back to my children' })).toHaveAttribute('href', '/guardian/dashboard');
  });

  it('lists one card per linked child with the counts and a link to their work', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input) === '/api/guardian/children' ? json(200, { items: [CHILD] }) : json(200, OVERVIEW),
      ),
    );
    renderWithApp(<ChildrenList />, { route: '/guardian' });
    const card = await screen.findByRole('region', { name: 'Ada Lovelace' });
    expect(await within(card).findByText('Missing: 1 · Due today: 3 · Due this week: 0')).toBeInTheDocument();
    expect(within(card).getByText('Algebra P3')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: "See Ada Lovelace's work" })).toHaveAttribute(
      'href',
      '/guardian/children/c1',
    );
  });

  it('tells a guardian without children how a child gets linked', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(200, { items: [] })));
    renderWithApp(<ChildrenList />, { route: '/guardian' });
    expect(await screen.findByText('No child is linked to your account yet')).toBeInTheDocument();
  });
});
