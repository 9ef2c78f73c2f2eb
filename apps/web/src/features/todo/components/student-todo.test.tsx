import type { StudentTodo, StudentTodoItem } from '@lyceum/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserTimeZone } from '@/lib/time-zone';
import { renderWithApp } from '@/test/render';
import { StudentTodoList } from './student-todo';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const EMPTY = { items: [], more: 0 };
const item = (over: Partial<StudentTodoItem>): StudentTodoItem => ({
  kind: 'lesson',
  itemId: crypto.randomUUID(),
  title: 'Linear equations',
  classId: crypto.randomUUID(),
  className: 'Algebra P3',
  courseId: '00000000-0000-4000-8000-000000000001',
  courseName: 'Algebra I',
  dueAt: null,
  late: false,
  extended: false,
  href: '/learn/c/i',
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUserTimeZone(null);
});

describe("the student's To do", () => {
  it('lists overdue, today, this week and continue in that order, with dates in the student’s zone and marks', async () => {
    const todo: StudentTodo = {
      overdue: {
        items: [item({ title: 'Essay', kind: 'assignment', dueAt: '2026-03-09T08:00:00Z', late: true })],
        more: 0,
      },
      today: { items: [item({ title: 'Quiz 1', kind: 'assessment', dueAt: '2026-03-10T14:00:00Z' })], more: 0 },
      week: { items: [item({ title: 'Systems', dueAt: '2026-03-12T09:00:00Z', extended: true })], more: 3 },
      continue: { items: [item({ title: 'Inequalities', classId: null, className: null })], more: 0 },
      review: { dueToday: 2, href: '/student/practice' },
      dayEndsAt: '2026-03-10T15:00:00Z',
    };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, todo)));
    renderWithApp(<StudentTodoList />, { route: '/student/dashboard' });

    const headings = await screen.findAllByRole('heading', { level: 3 });
    // The signed-in student's zone (the auth provider sets it from the session; none in this render).
    act(() => setUserTimeZone('Asia/Tokyo'));
    expect(headings.map((h) => h.textContent)).toEqual(['Overdue', 'Due today', 'Due this week', 'Continue']);
    const overdue = screen.getByRole('region', { name: 'Overdue' });
    expect(within(overdue).getByRole('link', { name: 'Essay' })).toHaveAttribute('href', '/learn/c/i');
    // 08:00 UTC is 17:00 in Tokyo.
    expect(overdue).toHaveTextContent('Was due Mon 9 Mar, 17:00');
    expect(within(overdue).getByText('Late')).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Due today' });
    expect(today).toHaveTextContent('Due Tue 10 Mar, 23:00');
    expect(today).toHaveTextContent('Algebra P3 · Algebra I');
    const week = screen.getByRole('region', { name: 'Due this week' });
    expect(within(week).getByText('Extended')).toBeInTheDocument();
    expect(within(week).getByRole('link', { name: '3 more items — see your classes' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Continue' })).toHaveTextContent('Next in Algebra I');
    expect(screen.getByText('2 questions to review today')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review now' })).toHaveAttribute('href', '/student/practice');
  });

  it('says what to do when there is nothing to do', async () => {
    const todo: StudentTodo = {
      overdue: EMPTY,
      today: EMPTY,
      week: EMPTY,
      continue: EMPTY,
      review: { dueToday: 0, href: '/student/practice' },
      dayEndsAt: '2026-03-10T15:00:00Z',
    };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, todo)));
    renderWithApp(<StudentTodoList />, { route: '/student/dashboard' });
    expect(await screen.findByText('Nothing to do right now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join a class' })).toHaveAttribute('href', '/student/classes');
    expect(screen.getByRole('link', { name: 'Find a course' })).toHaveAttribute('href', '/courses');
  });
});
