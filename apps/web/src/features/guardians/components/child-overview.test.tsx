import type {
  Announcement,
  ClassGrade,
  GuardianChildOverview,
  StudentAttendance,
  StudentTodoItem,
} from '@lyceum/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserTimeZone } from '@/lib/time-zone';
import { renderWithApp } from '@/test/render';
import { ChildOverview } from './child-overview';
import { ChildrenList } from './children-list';
import esMessages from '../locales/es.json';

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

const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 100, total: items.length, lastPage: 1 });
const GRADE: ClassGrade = {
  assignmentId: 'a1',
  itemId: 'i1',
  title: 'Fractions quiz',
  courseId: 'co1',
  courseTitle: 'Algebra I',
  dueAt: '2026-03-02T23:30:00Z',
  maxPoints: 10,
  released: true,
  points: 8,
  percent: 80,
  pending: false,
  late: true,
  attempts: 1,
};
const ANNOUNCEMENT: Announcement = {
  id: 'n1',
  bodyHtml: '<p>Field trip on <strong>Friday</strong></p><img src=x onerror="alert(1)">',
  authorName: 'Ms Byron',
  createdAt: '2026-03-08T16:00:00Z',
};
const record = (over: Partial<StudentAttendance['classes'][number]['records'][number]>) => ({
  sessionId: crypto.randomUUID(),
  date: '2026-03-05',
  startTime: '09:00',
  startsAt: '2026-03-05T09:00:00Z',
  status: 'present' as const,
  note: '',
  ...over,
});
const ATTENDANCE: StudentAttendance = {
  studentId: 'c1',
  from: '2025-12-11',
  to: '2026-03-10',
  classes: [
    {
      classId: 'k1',
      className: 'Algebra P3',
      summary: { present: 7, late: 1, absent: 2, excused: 0, unmarked: 0, rate: 0.8 },
      records: [
        record({ status: 'absent', startsAt: '2026-03-03T09:00:00Z', date: '2026-03-03' }),
        record({ status: 'late', startsAt: '2026-03-06T22:30:00Z', date: '2026-03-06' }),
        record({ status: 'absent', startsAt: '2026-02-20T09:00:00Z', date: '2026-02-20' }),
        record({ status: 'present' }),
      ],
    },
  ],
  truncated: false,
};

/** The server as the guardian's child page reads it, per URL; `calls` keeps every URL asked for. */
function childServer(calls: string[] = []) {
  return vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    calls.push(url);
    if (url.endsWith('/overview')) return json(200, OVERVIEW);
    if (url.includes('/grades?')) return json(200, page([GRADE]));
    if (url.includes('/announcements?')) return json(200, page([ANNOUNCEMENT]));
    if (url.includes('/attendance?')) return json(200, ATTENDANCE);
    return json(404, { message: 'Not found' });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUserTimeZone(null);
});

describe("a guardian's view of a child", { timeout: 20_000 }, () => {
  it("shows the child's classes and missing and due work with dates in the guardian's zone, and no links into it", async () => {
    vi.stubGlobal('fetch', childServer());
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

  it("shows the child's released grades, attendance and class announcements, each a titled section", async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', childServer(calls));
    renderWithApp(<ChildOverview studentId="c1" />, { route: '/guardian/children/c1' });
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    act(() => setUserTimeZone('Asia/Tokyo'));

    const grades = screen.getByRole('region', { name: 'Released grades' });
    const algebra = within(grades).getByRole('region', { name: 'Released grades Algebra P3' });
    expect(await within(algebra).findByText('Fractions quiz')).toBeInTheDocument();
    expect(algebra).toHaveTextContent('8 / 10 points · 80%');
    // Due 23:30 UTC on 2 March is 3 March in Tokyo.
    expect(algebra).toHaveTextContent('Algebra I · due 3 Mar 2026');
    expect(within(algebra).getByText('Late')).toBeInTheDocument();

    const attendance = screen.getByRole('region', { name: 'Attendance' });
    expect(await within(attendance).findByText('Attendance rate: 80%')).toBeInTheDocument();
    expect(attendance).toHaveTextContent('Absences: 2 · Late: 1 · Excused: 0');
    const recent = within(attendance).getByRole('region', { name: 'Recent absences and lates' });
    const misses = within(recent)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Newest first, in the guardian's zone (22:30 UTC on the 6th is Saturday the 7th in Tokyo), never a presence.
    expect(misses).toEqual([
      'Late · Sat 7 Mar, 07:30 · Algebra P3',
      'Absent · Tue 3 Mar, 18:00 · Algebra P3',
      'Absent · Fri 20 Feb, 18:00 · Algebra P3',
    ]);

    const news = screen.getByRole('region', { name: 'Class announcements' });
    expect(await within(news).findByText('Friday')).toBeInTheDocument();
    expect(news).toHaveTextContent('Ms Byron · Mon 9 Mar, 01:00');
    // The teacher's HTML is sanitised again on the way in: no handler survives.
    expect(news.querySelector('[onerror]')).toBeNull();

    // One read per class, and the attendance of the last 90 days ending today in the guardian's zone.
    expect(calls).toContain('/api/guardian/children/c1/classes/k1/grades?pageSize=100');
    expect(calls).toContain('/api/guardian/children/c1/classes/k1/announcements?pageSize=3');
    expect(calls.some((url) => /^\/api\/guardian\/children\/c1\/attendance\?from=\d{4}-\d\d-\d\d&to=/.test(url))).toBe(
      true,
    );
  });

  it('reads in Spanish, and says when nothing is released or taken yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        if (url.endsWith('/overview')) return json(200, OVERVIEW);
        if (url.includes('/attendance?')) return json(200, { ...ATTENDANCE, classes: [] });
        return json(200, page([]));
      }),
    );
    renderWithApp(<ChildOverview studentId="c1" />, {
      route: '/guardian/children/c1',
      locale: 'es',
      messages: esMessages,
    });
    const grades = await screen.findByRole('region', { name: 'Calificaciones publicadas' });
    expect(await within(grades).findByText('Todavía no hay calificaciones publicadas.')).toBeInTheDocument();
    const attendance = screen.getByRole('region', { name: 'Asistencia' });
    expect(await within(attendance).findByText('Todavía no se ha pasado lista.')).toBeInTheDocument();
    const news = screen.getByRole('region', { name: 'Avisos de clase' });
    expect(await within(news).findByText('Todavía no hay avisos.')).toBeInTheDocument();
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
