import type { AttendanceChange, AttendanceSession, AttendanceSheet } from '@lyceum/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authReducer, LOGGED_OUT } from '@/lib/auth/auth-reducer';
import { renderWithApp } from '@/test/render';
import { STUDENT } from '@/test/tokens';
import spanish from '../locales/es.json';
import { ClassAttendance } from './class-attendance';

/** A teacher in New York: every date of the tab is shown in their zone (09:00 UTC is 04:00 there). */
const TEACHER = authReducer(LOGGED_OUT, {
  type: 'login-success',
  payload: {
    sub: 't1',
    ver: 1,
    user: { ...STUDENT, id: 't1', role: 'teacher', timeZone: 'America/New_York' },
    iat: 1767225600,
    exp: 4102444800,
  },
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const SESSION: AttendanceSession = {
  id: 'sess1',
  classId: 'k1',
  date: '2026-12-07',
  startTime: '09:00',
  timeZone: 'UTC',
  startsAt: '2026-12-07T09:00:00Z',
  scheduleId: null,
  taken: false,
};
const OLDER: AttendanceSession = {
  ...SESSION,
  id: 'sess0',
  date: '2026-11-30',
  startsAt: '2026-11-30T09:00:00Z',
  taken: true,
};
const STUDENTS = [
  ['s1', 'Ada', 'Lovelace'],
  ['s2', 'Alan', 'Turing'],
  ['s3', 'Grace', 'Hopper'],
  ['s4', 'Edsger', 'Dijkstra'],
] as const;

/** The attendance routes of one class: two sessions, an unmarked sheet of four, the history the save writes. */
function attendanceServer() {
  let history: AttendanceChange[] = [];
  const sheet = (): AttendanceSheet => ({
    session: SESSION,
    className: 'Maths',
    truncated: false,
    rows: STUDENTS.map(([studentId, firstname, lastname]) => ({
      studentId,
      firstname,
      lastname,
      username: firstname.toLowerCase(),
      status: null,
      note: '',
      markedAt: null,
    })),
  });
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && url.startsWith('/api/classes/k1/attendance/sessions?'))
      return json(200, { items: [OLDER, SESSION] });
    if (method === 'GET' && url.startsWith('/api/classes/k1/attendance/report?'))
      return json(200, {
        classId: 'k1',
        className: 'Maths',
        from: '2026-11-08',
        to: '2026-12-07',
        sessions: 2,
        totals: { present: 5, late: 1, absent: 2, excused: 0, unmarked: 0, rate: 0.75 },
        students: [
          {
            studentId: 's1',
            firstname: 'Ada',
            lastname: 'Lovelace',
            username: 'ada',
            present: 1,
            late: 0,
            absent: 1,
            excused: 0,
            unmarked: 0,
            rate: 0.5,
          },
        ],
        truncated: false,
      });
    if (method === 'POST' && url === '/api/classes/k1/attendance/schedules')
      return json(201, {
        id: 'sch1',
        classId: 'k1',
        weekday: 3,
        startTime: '10:30',
        timeZone: 'UTC',
        from: '2027-01-04',
        to: '2027-01-31',
        sessions: [SESSION, OLDER],
      });
    if (method === 'POST' && url === '/api/classes/k1/attendance/sessions') return json(201, SESSION);
    if (method === 'GET' && url === '/api/attendance/sessions/sess1') return json(200, sheet());
    if (method === 'GET' && url === '/api/attendance/sessions/sess1/history')
      return json(200, { items: history, nextCursor: null });
    if (method === 'PUT' && url === '/api/attendance/sessions/sess1') {
      const records = (body as { records: { studentId: string; status: AttendanceChange['newStatus'] }[] }).records;
      history = records.map((record, index) => ({
        id: `c${index}`,
        studentId: record.studentId,
        studentName: STUDENTS.find(([id]) => id === record.studentId)!
          .slice(1)
          .join(' '),
        changedBy: { id: 't1', name: 'Tess Teacher' },
        changedAt: '2026-12-07T09:05:00Z',
        oldStatus: null,
        newStatus: record.status,
        oldNote: null,
        newNote: '',
      }));
      return json(200, sheet());
    }
    if (method === 'PATCH' && url === '/api/attendance/sessions/sess1')
      return json(200, { ...SESSION, ...(body as object) });
    if (method === 'DELETE' && url === '/api/attendance/sessions/sess1')
      return json(200, { message: 'Session deleted' });
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("a class's attendance", { timeout: 20_000 }, () => {
  it('takes a sheet with the keyboard only: a, l, e on the focused rows, saved in one request, then its history', async () => {
    const calls = attendanceServer();
    const user = userEvent.setup();
    renderWithApp(<ClassAttendance classId="k1" readOnly={false} />, { route: '/teacher/classes/k1', auth: TEACHER });

    // Newest first.
    const opens = await screen.findAllByRole('button', { name: /^Open the sheet of / });
    expect(opens[0]).toHaveAccessibleName(/7 Dec 2026, 04:00$/);
    expect(opens[1]).toHaveAccessibleName(/30 Nov 2026/);
    await user.click(opens[0]!);

    const ada = await screen.findByRole('radiogroup', { name: 'Status of Ada Lovelace' });
    // Present is pre-set on every row.
    for (const [, first, last] of STUDENTS) {
      const group = screen.getByRole('radiogroup', { name: `Status of ${first} ${last}` });
      expect(within(group).getByRole('radio', { name: 'Present' })).toHaveAttribute('aria-checked', 'true');
    }
    within(ada).getByRole('radio', { name: 'Present' }).focus();
    await user.keyboard('a');
    const alan = screen.getByRole('radiogroup', { name: 'Status of Alan Turing' });
    await waitFor(() => expect(within(alan).getByRole('radio', { name: 'Present' })).toHaveFocus());
    await user.keyboard('l');
    await user.keyboard('e');
    const grace = screen.getByRole('radiogroup', { name: 'Status of Grace Hopper' });
    expect(within(ada).getByRole('radio', { name: 'Absent' })).toHaveAttribute('aria-checked', 'true');
    expect(within(alan).getByRole('radio', { name: 'Late' })).toHaveAttribute('aria-checked', 'true');
    expect(within(grace).getByRole('radio', { name: 'Excused' })).toHaveAttribute('aria-checked', 'true');
    // Arrow keys move between rows without changing them.
    await user.keyboard('{ArrowUp}');
    expect(within(grace).getByRole('radio', { name: 'Excused' })).toHaveFocus();
    expect(within(alan).getByRole('radio', { name: 'Late' })).toHaveAttribute('aria-checked', 'true');

    // Tab to the row's note, then on to the save button.
    await user.keyboard('{Tab}');
    expect(screen.getByRole('textbox', { name: 'Note for Grace Hopper' })).toHaveFocus();
    await user.keyboard('Doctor');
    screen.getByRole('button', { name: 'Save attendance' }).focus();
    await user.keyboard('{Enter}');

    const saved = await screen.findByRole('status');
    expect(saved).toHaveTextContent('Attendance saved for 4 students');
    await waitFor(() => expect(saved).toHaveFocus());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      url: '/api/attendance/sessions/sess1',
      body: {
        records: [
          { studentId: 's1', status: 'absent', note: '' },
          { studentId: 's2', status: 'late', note: '' },
          { studentId: 's3', status: 'excused', note: 'Doctor' },
          { studentId: 's4', status: 'present', note: '' },
        ],
      },
    });
    const history = await screen.findByRole('list', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(4));
    const items = within(history).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ada Lovelace: Absent');
    expect(items[1]).toHaveTextContent('Alan Turing: Late');
    expect(items[2]).toHaveTextContent('Grace Hopper: Excused');
    for (const item of items) expect(item).toHaveTextContent(/by Tess Teacher, Mon,? 7 Dec 2026, 04:05/);
  });

  it('moves focus to the sheet it opens, and back to the sessions when it closes', async () => {
    attendanceServer();
    const user = userEvent.setup();
    renderWithApp(<ClassAttendance classId="k1" readOnly={false} />, { route: '/teacher/classes/k1', auth: TEACHER });
    await user.click((await screen.findAllByRole('button', { name: /^Open the sheet of / }))[0]!);
    const sheet = await screen.findByRole('heading', { name: /^Attendance of / });
    await waitFor(() => expect(sheet).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back to the sessions' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sessions' })).toHaveFocus());
  });

  it('in an archived class reads the sheet but changes nothing: no forms, keys ignored, no save', async () => {
    const calls = attendanceServer();
    const user = userEvent.setup();
    renderWithApp(<ClassAttendance classId="k1" readOnly />, { route: '/teacher/classes/k1', auth: TEACHER });
    await user.click((await screen.findAllByRole('button', { name: /^Open the sheet of / }))[0]!);
    const ada = await screen.findByRole('radiogroup', { name: 'Status of Ada Lovelace' });
    expect(screen.queryByRole('button', { name: 'Add session' })).not.toBeInTheDocument();
    within(ada).getByRole('radio', { name: 'Present' }).focus();
    await user.keyboard('a');
    expect(within(ada).getByRole('radio', { name: 'Present' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('button', { name: 'Save attendance' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('adds a session by hand and a weekly schedule, each in one request', async () => {
    const calls = attendanceServer();
    const user = userEvent.setup();
    renderWithApp(<ClassAttendance classId="k1" readOnly={false} />, { route: '/teacher/classes/k1', auth: TEACHER });
    const single = await screen.findByRole('form', { name: 'Add a session' });
    await user.clear(within(single).getByLabelText('Date'));
    await user.type(within(single).getByLabelText('Date'), '2027-01-05');
    await user.click(within(single).getByRole('button', { name: 'Add session' }));
    expect(await screen.findByText('Session added')).toBeInTheDocument();

    const weekly = screen.getByRole('form', { name: 'Add a weekly schedule' });
    await user.selectOptions(within(weekly).getByLabelText('Weekday'), 'Wednesday');
    await user.clear(within(weekly).getByLabelText('Time'));
    await user.type(within(weekly).getByLabelText('Time'), '10:30');
    await user.clear(within(weekly).getByLabelText('From'));
    await user.type(within(weekly).getByLabelText('From'), '2027-01-04');
    await user.clear(within(weekly).getByLabelText('To'));
    await user.type(within(weekly).getByLabelText('To'), '2027-01-31');
    await user.click(within(weekly).getByRole('button', { name: 'Add schedule' }));
    expect(await screen.findByText('2 sessions added')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/classes/k1/attendance/sessions', body: { date: '2027-01-05', startTime: '09:00' } },
      {
        method: 'POST',
        url: '/api/classes/k1/attendance/schedules',
        body: { weekday: 3, startTime: '10:30', from: '2027-01-04', to: '2027-01-31' },
      },
    ]);
  });

  it('changes a session’s date and time, and deletes only a session never taken, after asking', async () => {
    const calls = attendanceServer();
    const user = userEvent.setup();
    renderWithApp(<ClassAttendance classId="k1" readOnly={false} />, { route: '/teacher/classes/k1', auth: TEACHER });
    await user.click((await screen.findAllByRole('button', { name: /^Change the date or time of / }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Change the session' });
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2026-12-08');
    await user.clear(within(dialog).getByLabelText('Time'));
    await user.type(within(dialog).getByLabelText('Time'), '10:15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Session changed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/attendance/sessions/sess1', body: { date: '2026-12-08', startTime: '10:15' } },
    ]);

    // The taken session (30 Nov) has no Delete: its sheet and history are kept.
    const deletes = screen.getAllByRole('button', { name: /^Delete the session of / });
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toHaveAccessibleName(/7 Dec 2026/);
    await user.click(deletes[0]!);
    const confirm = await screen.findByRole('dialog', { name: 'Delete this session?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText('Session deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/attendance/sessions/sess1',
    ]);
  });

  it('offers no change or deletion in an archived class', async () => {
    attendanceServer();
    renderWithApp(<ClassAttendance classId="k1" readOnly />, { route: '/teacher/classes/k1', auth: TEACHER });
    await screen.findAllByRole('button', { name: /^Open the sheet of / });
    expect(screen.queryByRole('button', { name: /^Change the date or time of / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete the session of / })).not.toBeInTheDocument();
  });

  it('shows the report per student, with the rate, absences and lates, and a CSV download', async () => {
    attendanceServer();
    renderWithApp(<ClassAttendance classId="k1" readOnly={false} />, { route: '/teacher/classes/k1', auth: TEACHER });
    const row = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    expect(within(row).getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Whole class' }).closest('tr')).toHaveTextContent('75%21');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('in Spanish: the tab, the sheet and its status radios', async () => {
    attendanceServer();
    const user = userEvent.setup();
    renderWithApp(<ClassAttendance classId="k1" readOnly={false} />, {
      route: '/teacher/classes/k1',
      auth: TEACHER,
      locale: 'es',
      messages: spanish,
    });
    expect(await screen.findByRole('heading', { name: 'Sesiones' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir horario' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: /^Eliminar la sesión de / })).toHaveLength(1);
    await user.click((await screen.findAllByRole('button', { name: /^Abrir la hoja de / }))[0]!);
    const ada = await screen.findByRole('radiogroup', { name: 'Asistencia de Ada Lovelace' });
    expect(within(ada).getByRole('radio', { name: 'Presente' })).toHaveAttribute('aria-checked', 'true');
    expect(within(ada).getByRole('radio', { name: 'Justificado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar la asistencia' })).toBeInTheDocument();
  });
});
