import type {
  AttendanceHistory,
  AttendanceReport,
  AttendanceSchedule,
  AttendanceSession,
  AttendanceSheet,
  StudentAttendance,
  TeacherClass,
} from '@lyceum/contract';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { classMembers, users } from '#db/schema/index.js';
import { countQueries, createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { createGuardian } from './security/route-table.js';

/** Issue 52 point 2 (ADR 063): sessions, a sheet taken in one request with its history, reports and the CSV. */
const ctx = useTestApp();

async function call(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) {
  return ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
}
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object): Promise<T> {
  const res = await call(method, url, user, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<T>();
}

let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let aliceGuardian: TestUser;
let bobGuardian: TestUser;
let cls: TeacherClass;
let session: AttendanceSession;

async function newClass(name: string): Promise<TeacherClass> {
  const course = await createCourse(ctx, teacher.token, { title: `${name} course`, status: 'published' });
  return ok<TeacherClass>('POST', '/api/classes', teacher, { name, courseIds: [course.id] });
}

/** Students added straight to the roster (their accounts are never used to sign in). */
async function addStudents(classId: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    role: 'student' as const,
    email: `roster-${randomUUID()}@example.test`,
    firstname: `Extra${i}`,
    lastname: 'Student',
    username: `Extra ${randomUUID()}`,
    passwordHash: 'not-a-usable-hash',
  }));
  const ids = await ctx.database.db.insert(users).values(rows).returning({ id: users.id });
  await ctx.database.db.insert(classMembers).values(ids.map(({ id }) => ({ classId, studentId: id })));
  return ids.map(({ id }) => id);
}

beforeAll(async () => {
  [teacher, otherTeacher, admin, alice, bob, carol] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
    createUser(ctx, 'student', { firstname: 'Alice', lastname: 'Adams' }),
    createUser(ctx, 'student', { firstname: 'Bob', lastname: 'Brown' }),
    // A name a spreadsheet would run as a formula.
    createUser(ctx, 'student', { firstname: '=HYPERLINK("http://x")', lastname: 'Cole' }),
  ]);
  cls = await newClass('Period 1 Biology');
  for (const s of [alice, bob, carol]) await ok('POST', '/api/classes/join', s, { code: cls.code });
  [aliceGuardian, bobGuardian] = await Promise.all([
    createGuardian(ctx, alice.user.id),
    createGuardian(ctx, bob.user.id),
  ]);
  session = await ok<AttendanceSession>('POST', `/api/classes/${cls.id}/attendance/sessions`, teacher, {
    date: '2030-01-07',
    startTime: '08:30',
    timeZone: 'Europe/Paris',
  });
});

const sheetUrl = () => `/api/attendance/sessions/${session.id}`;
const statusOf = (sheet: AttendanceSheet, who: TestUser) => sheet.rows.find((r) => r.studentId === who.user.id);

describe('sessions', () => {
  it('adds a session by hand at a local time in its zone, and refuses the same date and time twice', async () => {
    expect(session).toMatchObject({ date: '2030-01-07', startTime: '08:30', timeZone: 'Europe/Paris', taken: false });
    expect(session.startsAt).toBe('2030-01-07T07:30:00.000Z');
    const again = await call('POST', `/api/classes/${cls.id}/attendance/sessions`, teacher, {
      date: '2030-01-07',
      startTime: '08:30',
    });
    expect(again.statusCode).toBe(409);
  });

  it('creates a weekly schedule’s sessions at once, across a daylight-saving change', async () => {
    const schedule = await ok<AttendanceSchedule>('POST', `/api/classes/${cls.id}/attendance/schedules`, teacher, {
      weekday: 3,
      startTime: '10:00',
      timeZone: 'Europe/Paris',
      from: '2030-03-18',
      to: '2030-04-07',
    });
    // Wednesdays 20 and 27 March, 3 April; Paris is UTC+1 before 31 March and UTC+2 after.
    expect(schedule.sessions.map((s) => [s.date, s.startsAt])).toEqual([
      ['2030-03-20', '2030-03-20T09:00:00.000Z'],
      ['2030-03-27', '2030-03-27T09:00:00.000Z'],
      ['2030-04-03', '2030-04-03T08:00:00.000Z'],
    ]);
    const listed = await ok<{ items: AttendanceSession[] }>(
      'GET',
      `/api/classes/${cls.id}/attendance/sessions?from=2030-01-01&to=2030-03-31`,
      teacher,
    );
    expect(listed.items.map((s) => s.date)).toEqual(['2030-01-07', '2030-03-20', '2030-03-27']);
  });

  it('refuses a range longer than a year or backwards', async () => {
    const base = { weekday: 1, startTime: '09:00' };
    for (const [from, to] of [
      ['2030-01-01', '2031-01-02'],
      ['2030-02-01', '2030-01-01'],
    ]) {
      const res = await call('POST', `/api/classes/${cls.id}/attendance/schedules`, teacher, { ...base, from, to });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('taking attendance', () => {
  it('takes the whole sheet in one request, edits it, and the history shows both, with who and old -> new', async () => {
    const empty = await ok<AttendanceSheet>('GET', sheetUrl(), teacher);
    expect(empty.rows.map((r) => r.status)).toEqual([null, null, null]);
    const taken = await ok<AttendanceSheet>('PUT', sheetUrl(), teacher, {
      records: [
        { studentId: alice.user.id, status: 'present' },
        { studentId: bob.user.id, status: 'absent', note: 'No word from home' },
        { studentId: carol.user.id, status: 'late' },
      ],
    });
    expect(statusOf(taken, bob)).toMatchObject({ status: 'absent', note: 'No word from home' });
    expect(taken.session.taken).toBe(true);
    // Bob came in late after all; Alice's unchanged row is no change.
    const edited = await ok<AttendanceSheet>('PUT', sheetUrl(), admin, {
      records: [
        { studentId: alice.user.id, status: 'present' },
        { studentId: bob.user.id, status: 'late', note: 'Bus' },
      ],
    });
    expect(statusOf(edited, bob)).toMatchObject({ status: 'late', note: 'Bus' });
    expect(statusOf(edited, carol)?.status).toBe('late');

    const history = await ok<AttendanceHistory>('GET', `${sheetUrl()}/history`, teacher);
    expect(history.items).toHaveLength(4);
    const bobs = history.items.filter((c) => c.studentId === bob.user.id);
    expect(bobs.map((c) => [c.oldStatus, c.newStatus, c.oldNote, c.newNote, c.changedBy?.id])).toEqual([
      ['absent', 'late', 'No word from home', 'Bus', admin.user.id],
      [null, 'absent', null, 'No word from home', teacher.user.id],
    ]);
    expect(bobs[0]!.studentName).toBe('Bob Brown');
  });

  it('refuses a student who is not in the class and a duplicate, writing nothing', async () => {
    const before = await ok<AttendanceHistory>('GET', `${sheetUrl()}/history`, teacher);
    const stranger = await call('PUT', sheetUrl(), teacher, {
      records: [
        { studentId: alice.user.id, status: 'absent' },
        { studentId: otherTeacher.user.id, status: 'present' },
      ],
    });
    expect(stranger.statusCode).toBe(400);
    const twice = await call('PUT', sheetUrl(), teacher, {
      records: [
        { studentId: alice.user.id, status: 'absent' },
        { studentId: alice.user.id, status: 'present' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(await ok<AttendanceHistory>('GET', `${sheetUrl()}/history`, teacher)).toEqual(before);
    expect(statusOf(await ok<AttendanceSheet>('GET', sheetUrl(), teacher), alice)?.status).toBe('present');
  });

  it('is the 404 of a missing class or session to another teacher, and 403 to a student', async () => {
    for (const [method, url, payload] of [
      ['GET', sheetUrl()],
      ['PUT', sheetUrl(), { records: [{ studentId: alice.user.id, status: 'absent' }] }],
      ['GET', `${sheetUrl()}/history`],
      ['GET', `/api/classes/${cls.id}/attendance/report?from=2030-01-01&to=2030-12-31`],
      ['GET', `/api/classes/${cls.id}/attendance/report.csv?from=2030-01-01&to=2030-12-31`],
      ['GET', `/api/classes/${cls.id}/attendance/sessions?from=2030-01-01&to=2030-12-31`],
      ['POST', `/api/classes/${cls.id}/attendance/sessions`, { date: '2030-05-01', startTime: '09:00' }],
    ] as const) {
      expect((await call(method, url, otherTeacher, payload)).statusCode, url).toBe(404);
      expect((await call(method, url, alice, payload)).statusCode, url).toBe(403);
    }
    expect(statusOf(await ok<AttendanceSheet>('GET', sheetUrl(), teacher), alice)?.status).toBe('present');
  });
});

describe('what students and guardians see', () => {
  const mine = '/api/me/attendance?from=2030-01-01&to=2030-01-31';
  it('shows a student their own attendance only', async () => {
    const bobs = await ok<StudentAttendance>('GET', mine, bob);
    expect(bobs.studentId).toBe(bob.user.id);
    expect(bobs.classes).toHaveLength(1);
    expect(bobs.classes[0]!.records).toEqual([
      expect.objectContaining({ sessionId: session.id, date: '2030-01-07', status: 'late', note: 'Bus' }),
    ]);
    expect(bobs.classes[0]!.summary).toMatchObject({ late: 1, absent: 0, rate: 1 });
    const alices = await ok<StudentAttendance>('GET', mine, alice);
    expect(alices.classes[0]!.records.map((r) => r.status)).toEqual(['present']);
    expect(JSON.stringify(alices)).not.toContain('Bus');
  });

  it('shows a linked guardian their child, and any other child is 404', async () => {
    const child = `/api/guardian/children/${bob.user.id}/attendance?from=2030-01-01&to=2030-01-31`;
    const seen = await ok<StudentAttendance>('GET', child, bobGuardian);
    expect(seen.classes[0]!.records[0]).toMatchObject({ status: 'late', note: 'Bus' });
    expect((await call('GET', child, aliceGuardian)).statusCode).toBe(404);
    expect((await call('GET', child, alice)).statusCode).toBe(403);
  });
});

describe('reports', () => {
  it('counts per student over the range, and the CSV has the same rows and numbers, formula-safe', async () => {
    // A second session: Alice absent, Bob excused, Carol left unmarked.
    const second = await ok<AttendanceSession>('POST', `/api/classes/${cls.id}/attendance/sessions`, teacher, {
      date: '2030-01-14',
      startTime: '08:30',
    });
    await ok('PUT', `/api/attendance/sessions/${second.id}`, teacher, {
      records: [
        { studentId: alice.user.id, status: 'absent' },
        { studentId: bob.user.id, status: 'excused' },
      ],
    });
    const query = '?from=2030-01-01&to=2030-01-31';
    const report = await ok<AttendanceReport>('GET', `/api/classes/${cls.id}/attendance/report${query}`, teacher);
    expect(report.sessions).toBe(2);
    expect(
      report.students.map((s) => [s.lastname, s.present, s.late, s.absent, s.excused, s.unmarked, s.rate]),
    ).toEqual([
      ['Adams', 1, 0, 1, 0, 0, 0.5],
      ['Brown', 0, 1, 0, 1, 0, 1],
      ['Cole', 0, 1, 0, 0, 1, 1],
    ]);
    expect(report.totals).toMatchObject({ present: 1, late: 2, absent: 1, excused: 1, unmarked: 1, rate: 0.75 });

    const csv = await call('GET', `/api/classes/${cls.id}/attendance/report.csv${query}`, teacher);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Last name,First name,Username,Present,Late,Absent,Excused,Unmarked,Rate');
    expect(lines).toHaveLength(report.students.length + 1);
    report.students.forEach((s, i) => {
      const cells = lines[i + 1]!.split(',');
      expect(cells.slice(3).map(Number)).toEqual([s.present, s.late, s.absent, s.excused, s.unmarked, s.rate]);
    });
    expect(lines[3]).toContain(`Cole,"'=HYPERLINK(""http://x"")"`);
  });
});

describe('bounded reads', () => {
  it('reads and saves a sheet, and reads the report, with as many statements for 3, 30 or 500 students', async () => {
    const big = await newClass('Assembly');
    const roster = await addStudents(big.id, 3);
    const day = await ok<AttendanceSession>('POST', `/api/classes/${big.id}/attendance/sessions`, teacher, {
      date: '2030-02-03',
      startTime: '09:00',
    });
    const url = `/api/attendance/sessions/${day.id}`;
    const report = `/api/classes/${big.id}/attendance/report?from=2030-02-01&to=2030-02-28`;
    let round = 0;
    const measure = async () => {
      round += 1;
      const status = round % 2 === 0 ? 'absent' : 'present';
      const records = roster.map((studentId) => ({ studentId, status }));
      const read = await countQueries(ctx.database, () => call('GET', url, teacher));
      const save = await countQueries(ctx.database, () => call('PUT', url, teacher, { records }));
      const reported = await countQueries(ctx.database, () => call('GET', report, teacher));
      const mine = await ok<AttendanceSheet>('GET', url, teacher);
      expect(mine.rows.every((r) => r.status === status)).toBe(true);
      expect(mine.rows).toHaveLength(roster.length);
      return [read.length, save.length, reported.length];
    };
    const three = await measure();
    roster.push(...(await addStudents(big.id, 27)));
    const thirty = await measure();
    roster.push(...(await addStudents(big.id, 470)));
    const fiveHundred = await measure();
    expect(thirty).toEqual(three);
    expect(fiveHundred).toEqual(three);
    // The sheet: the session (with the access check), then the roster.
    expect(three[0]).toBeLessThanOrEqual(2);
    const report500 = await ok<AttendanceReport>('GET', report, teacher);
    expect(report500.students).toHaveLength(500);
    expect(report500.totals.present).toBe(500);
    // The history of the last save holds a change per student.
    const history = await ok<AttendanceHistory>('GET', `${url}/history`, teacher);
    expect(history.items).toHaveLength(200);
    expect(history.nextCursor).not.toBeNull();
    const next = await ok<AttendanceHistory>('GET', `${url}/history?before=${history.nextCursor}`, teacher);
    expect(next.items[0]!.changedAt <= history.items.at(-1)!.changedAt).toBe(true);
    expect(new Set([...history.items, ...next.items].map((c) => c.id)).size).toBe(400);
  });
});

describe('editing and deleting sessions (ADR 070)', () => {
  const add = (date: string, startTime: string) =>
    ok<AttendanceSession>('POST', `/api/classes/${cls.id}/attendance/sessions`, teacher, {
      date,
      startTime,
      timeZone: 'Europe/Paris',
    });
  const send = (method: 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

  it('moves a session to another date and time in its zone, keeping its sheet; refuses a taken slot', async () => {
    const moving = await add('2030-05-06', '09:00');
    await ok('PUT', `/api/attendance/sessions/${moving.id}`, teacher, {
      records: [{ studentId: bob.user.id, status: 'late', note: 'Bus' }],
    });
    const res = await send('PATCH', `/api/attendance/sessions/${moving.id}`, teacher, {
      date: '2030-05-07',
      startTime: '14:15',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AttendanceSession>()).toMatchObject({
      id: moving.id,
      date: '2030-05-07',
      startTime: '14:15',
      timeZone: 'Europe/Paris',
      startsAt: '2030-05-07T12:15:00.000Z',
      taken: true,
    });
    const sheet = await ok<AttendanceSheet>('GET', `/api/attendance/sessions/${moving.id}`, teacher);
    expect(statusOf(sheet, bob)).toMatchObject({ status: 'late', note: 'Bus' });
    const history = await ok<AttendanceHistory>('GET', `/api/attendance/sessions/${moving.id}/history`, teacher);
    expect(history.items).toHaveLength(1);
    // Onto the date and time of another session of the class: 409, nothing moves.
    await add('2030-05-08', '10:00');
    const clash = await send('PATCH', `/api/attendance/sessions/${moving.id}`, teacher, {
      date: '2030-05-08',
      startTime: '10:00',
    });
    expect(clash.statusCode).toBe(409);
    const again = await ok<AttendanceSheet>('GET', `/api/attendance/sessions/${moving.id}`, teacher);
    expect(again.session).toMatchObject({ date: '2030-05-07', startTime: '14:15' });
  });

  it('deletes a session never taken; refuses once taken, keeping its sheet and history', async () => {
    const empty = await add('2030-05-13', '09:00');
    const gone = await send('DELETE', `/api/attendance/sessions/${empty.id}`, teacher);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call('GET', `/api/attendance/sessions/${empty.id}`, teacher)).statusCode).toBe(404);

    const taken = await add('2030-05-14', '09:00');
    await ok('PUT', `/api/attendance/sessions/${taken.id}`, teacher, {
      records: [{ studentId: alice.user.id, status: 'absent', note: '' }],
    });
    const refused = await send('DELETE', `/api/attendance/sessions/${taken.id}`, teacher);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/cannot be deleted/);
    const sheet = await ok<AttendanceSheet>('GET', `/api/attendance/sessions/${taken.id}`, teacher);
    expect(statusOf(sheet, alice)?.status).toBe('absent');
    const history = await ok<AttendanceHistory>('GET', `/api/attendance/sessions/${taken.id}/history`, teacher);
    expect(history.items).toHaveLength(1);
  });

  it('is the 404 of a missing session to another teacher, and 403 to a student or a guardian', async () => {
    const other = await add('2030-05-20', '09:00');
    const url = `/api/attendance/sessions/${other.id}`;
    const body = { date: '2030-05-21', startTime: '09:00' };
    expect((await send('PATCH', url, otherTeacher, body)).statusCode).toBe(404);
    expect((await send('DELETE', url, otherTeacher)).statusCode).toBe(404);
    expect((await send('PATCH', url, alice, body)).statusCode).toBe(403);
    expect((await send('DELETE', url, aliceGuardian)).statusCode).toBe(403);
    // An admin may, as for every school route.
    expect((await send('DELETE', url, admin)).statusCode).toBe(200);
  });
});

describe('archived classes', () => {
  it('keep their sheets readable and refuse changes', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/classes/${cls.id}`,
      headers: bearer(teacher.token),
      payload: { archived: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', sheetUrl(), teacher)).statusCode).toBe(200);
    const put = await call('PUT', sheetUrl(), teacher, { records: [{ studentId: alice.user.id, status: 'absent' }] });
    expect(put.statusCode).toBe(409);
  });
});
