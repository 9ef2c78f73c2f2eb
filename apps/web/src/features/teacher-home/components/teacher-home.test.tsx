import type { TeacherHome } from '@lyceum/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserTimeZone } from '@/lib/time-zone';
import { renderWithApp } from '@/test/render';
import { TeacherHomeSections } from './teacher-home';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const COURSE = '00000000-0000-4000-8000-000000000001';
const CLASS = '00000000-0000-4000-8000-000000000002';
const AWAY = '00000000-0000-4000-8000-000000000003';
const MISSING = '00000000-0000-4000-8000-000000000004';
const THRESHOLDS = { inactiveDays: 7, missingAssignments: 2, passingPercent: 50, behindPoints: 25, absences: 3 };

const HOME: TeacherHome = {
  toGrade: {
    groups: [
      {
        courseId: COURSE,
        courseTitle: 'Databases',
        assessmentId: '00000000-0000-4000-8000-000000000010',
        assessmentTitle: 'Lab report',
        answers: 3,
        oldestAt: '2026-03-07T08:00:00Z',
        href: `/teacher/grading?courseId=${COURSE}&assessment=00000000-0000-4000-8000-000000000010`,
      },
      {
        courseId: COURSE,
        courseTitle: 'Databases',
        assessmentId: '00000000-0000-4000-8000-000000000011',
        assessmentTitle: 'Essay week 1',
        answers: 1,
        oldestAt: '2026-03-08T08:00:00Z',
        href: '/teacher/grading',
      },
    ],
    more: 0,
    answers: 4,
    capped: false,
  },
  dueSoon: {
    items: [
      {
        assignmentId: '00000000-0000-4000-8000-000000000020',
        classId: CLASS,
        className: 'Databases P1',
        itemId: '00000000-0000-4000-8000-000000000021',
        title: 'Joins',
        kind: 'lesson',
        courseId: COURSE,
        dueAt: '2026-03-12T09:00:00Z',
        learners: 4,
        submitted: 1,
        missing: 3,
        href: `/teacher/classes/${CLASS}`,
      },
    ],
    more: 0,
  },
  questions: [],
  atRisk: {
    thresholds: THRESHOLDS,
    classes: [
      {
        classId: CLASS,
        className: 'Databases P1',
        href: `/teacher/classes/${CLASS}`,
        more: 0,
        students: [
          { studentId: MISSING, name: 'Sam Missing', reasons: [{ kind: 'missing', count: 2 }] },
          {
            studentId: AWAY,
            name: 'Sam Away',
            reasons: [
              { kind: 'inactive', days: 10, lastActiveAt: '2026-02-28T09:00:00Z' },
              { kind: 'absences', count: 4, days: 14 },
            ],
          },
        ],
      },
    ],
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  setUserTimeZone(null);
});

describe("the teacher's home", () => {
  it('shows the answers waiting oldest first with counts, work due this week and students at risk with reasons', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, HOME)));
    renderWithApp(<TeacherHomeSections />, { route: '/teacher/dashboard' });
    const toGrade = await screen.findByRole('region', { name: 'Answers to grade' });
    act(() => setUserTimeZone('Asia/Tokyo'));
    expect(toGrade).toHaveTextContent('4 answers wait for you');
    const links = within(toGrade).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Lab report', 'Essay week 1']);
    expect(links[0]).toHaveAttribute('href', HOME.toGrade.groups[0]!.href);
    expect(toGrade).toHaveTextContent('3 answers');
    // 08:00 UTC is 17:00 in Tokyo.
    expect(toGrade).toHaveTextContent('Oldest handed in Sat 7 Mar, 17:00');

    const due = screen.getByRole('region', { name: 'Due in the next 7 days' });
    expect(due).toHaveTextContent('1 of 4 handed in · 3 not yet');
    expect(within(due).getByRole('link', { name: 'Joins' })).toHaveAttribute('href', `/teacher/classes/${CLASS}`);

    const atRisk = screen.getByRole('region', { name: 'Students at risk' });
    expect(atRisk).toHaveTextContent('no activity for 7 days, 2 or more assignments missing');
    const cls = within(atRisk).getByRole('region', { name: 'Databases P1' });
    expect(cls).toHaveTextContent('Sam Missing2 assignments missing');
    expect(cls).toHaveTextContent('Sam AwayNo activity for 10 days4 absences in the last 14 days');
    expect(atRisk).toHaveTextContent('Also at risk: 3 or more absences in the last 14 days.');
    expect(screen.getByRole('region', { name: 'Recent questions from your students' })).toHaveTextContent(
      'Your students have asked no questions lately.',
    );
  });

  it('messages the students at risk of a class in one click and a send', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async (input) =>
        String(input).includes('/messages') ? jsonResponse(200, { sent: 2 }) : jsonResponse(200, HOME),
      );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<TeacherHomeSections />, { route: '/teacher/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Message these 2 students' }));
    const field = screen.getByRole('textbox', { name: 'Your message' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue(
      'I noticed you may be falling behind in Databases P1. How can I help? Let’s talk this week.',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/messages'))!;
    expect(String(call[0])).toContain(`/api/classes/${CLASS}/messages`);
    expect(JSON.parse(String(call[1]!.body))).toMatchObject({ studentIds: [MISSING, AWAY] });
    expect(await screen.findByText('Message sent to 2 students')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message these 2 students' })).toHaveFocus();
  });

  it('changes the at-risk rules from the keyboard: bounds said, saved, the home read again, focus back', async () => {
    let home = HOME;
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
      if (String(input).includes('/settings')) {
        const body = JSON.parse(String(init!.body)) as { atRisk: typeof THRESHOLDS };
        home = { ...HOME, atRisk: { ...HOME.atRisk, thresholds: body.atRisk } };
        return jsonResponse(200, body);
      }
      return jsonResponse(200, home);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<TeacherHomeSections />, { route: '/teacher/dashboard' });
    const change = await screen.findByRole('button', { name: 'Change these rules' });
    change.focus();
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'Your at-risk rules' });
    const days = within(form).getByRole('textbox', { name: 'Days without activity' });
    expect(days).toHaveFocus();
    expect(days).toHaveValue('7');
    expect(within(form).getByRole('textbox', { name: 'Absences in the last 14 days' })).toHaveValue('3');
    // Out of bounds: said under the field, the focus on it, nothing sent.
    await user.clear(days);
    await user.type(days, '400');
    await user.keyboard('{Enter}');
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription('A whole number from 1 to 365');
    expect(days).toHaveFocus();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/settings'))).toBe(false);
    await user.clear(days);
    await user.type(days, '3{Enter}');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/settings'))!;
    expect(call[1]!.method).toBe('PUT');
    expect(JSON.parse(String(call[1]!.body))).toEqual({ atRisk: { ...THRESHOLDS, inactiveDays: 3 } });
    expect(await screen.findByText('Your at-risk rules are saved')).toBeInTheDocument();
    const atRisk = screen.getByRole('region', { name: 'Students at risk' });
    await within(atRisk).findByText(/no activity for 3 days/);
    expect(screen.getByRole('button', { name: 'Change these rules' })).toHaveFocus();
  });
});
