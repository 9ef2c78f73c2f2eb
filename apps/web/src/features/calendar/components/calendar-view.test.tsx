import type { CalendarEvent, CalendarEvents } from '@lyceum/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserTimeZone } from '@/lib/time-zone';
import { renderWithApp } from '@/test/render';
import es from '../locales/es.json';
import { CalendarView } from './calendar-view';

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

const event = (over: Partial<CalendarEvent>): CalendarEvent => ({
  id: crypto.randomUUID(),
  title: 'Linear equations',
  at: '2030-01-15T16:30:00.000Z',
  classId: '00000000-0000-4000-8000-000000000001',
  className: 'Algebra P3',
  courseTitle: 'Algebra I',
  status: 'assigned',
  ...over,
});

const hrefOf = (e: CalendarEvent) => `/student/classes/${e.classId}`;

afterEach(() => {
  vi.unstubAllGlobals();
  setUserTimeZone(null);
});

describe('the calendar', () => {
  it('shows a month of due dates on the reader’s days, asks only for that month, and steps to the next by keyboard', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async () =>
      jsonResponse({
        items: [event({}), event({ title: 'Quadratics', at: '2030-01-31T20:00:00.000Z', status: 'missing' })],
      } satisfies CalendarEvents),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<CalendarView hrefOf={hrefOf} />, { route: '/student/calendar?view=month&day=2030-01-10' });

    await screen.findAllByRole('link', { name: 'Linear equations' });
    // The signed-in reader's zone (the auth provider sets it from the session; none in this render).
    act(() => setUserTimeZone('Asia/Tokyo'));
    const grid = screen.getByRole('table', { name: 'January 2030' });
    // 16:30 UTC on the 15th is 01:30 on the 16th in Tokyo; 20:00 UTC on the 31st is 05:00 on 1 February.
    // A day's cell reads its number, then how many things are due ("16, 1 item due").
    const cell = (label: string) =>
      within(grid)
        .getAllByRole('cell')
        .find((c) => c.textContent === label || c.textContent?.startsWith(`${label}, `));
    expect(within(cell('16')!).getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/student/classes/00000000-0000-4000-8000-000000000001',
    );
    expect(cell('16')).toHaveTextContent(/^16, 1 item dueLinear equationsDue 01:30$/);
    expect(cell('15')).toHaveTextContent(/^15$/);
    // The grid's last week reaches into February.
    const february = within(grid).getByRole('link', { name: 'Quadratics' }).closest('td');
    expect(february).toHaveTextContent(/^1, 1 item dueQuadraticsDue 05:00Missing$/);
    const asked = new URL(String(fetch.mock.calls[0]![0]), 'http://x');
    expect(asked.pathname).toBe('/api/me/calendar/events');
    expect(asked.searchParams.get('from')).toBe('2029-12-30T10:00:00.000Z');

    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: 'Next month' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('table', { name: 'February 2030' })).toBeInTheDocument();
    expect(next).toHaveFocus();
  });

  it('shows a week day by day, a free day saying so, in Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>().mockImplementation(async () => jsonResponse({ items: [event({})] })),
    );
    renderWithApp(<CalendarView hrefOf={hrefOf} />, {
      route: '/student/calendar?view=week&day=2030-01-15',
      locale: 'es',
      messages: es,
    });
    await screen.findByRole('link', { name: 'Linear equations' });
    expect(screen.getByRole('heading', { name: /14.*20 ene 2030/ })).toBeInTheDocument();
    const days = screen.getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(days).toHaveLength(7);
    expect(days[1]).toHaveTextContent('Linear equations');
    expect(days[1]).toHaveTextContent('Vence a las 16:30');
    expect(days[0]).toHaveTextContent('Nada pendiente');
    expect(screen.getByRole('button', { name: 'Semana siguiente' })).toBeInTheDocument();
  });
});
