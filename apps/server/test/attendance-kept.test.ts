import type { AttendanceSession, AttendanceSheet, TeacherClass } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceRecords, classMembers, users } from '#db/schema/index.js';
import { countQueries, createCourse, readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/**
 * A session's attendance sheet is kept per class (docs/kept-pages.md, migration 0062): read once, answered from
 * memory until the database names the class; each column it shows, changed in SQL past the app, shows on the next read.
 */
const ctx = useTestApp();
/** The sheet rows statement (the session and its access are read on every request): it names the members. */
const SHEET = /"username"/;

async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object): Promise<T> {
  const res = await ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<T>();
}

/** A class of the teacher with the students in it, and a session of it. */
async function classWith(teacher: TestUser, students: TestUser[], name: string) {
  const course = await createCourse(ctx, teacher.token, { title: `${name} course`, status: 'published' });
  const cls = await ok<TeacherClass>('POST', '/api/classes', teacher, { name, courseIds: [course.id] });
  for (const s of students) await ok('POST', '/api/classes/join', s, { code: cls.code });
  const session = await ok<AttendanceSession>('POST', `/api/classes/${cls.id}/attendance/sessions`, teacher, {
    date: '2030-01-07',
    startTime: '08:30',
    timeZone: 'Europe/Paris',
  });
  return { cls, session };
}

/** The sheet as the teacher reads it: one line per row, "Lastname, Firstname (username): status, note, markedAt". */
const lines = (sheet: AttendanceSheet) =>
  sheet.rows.map((r) => `${r.lastname}, ${r.firstname} (${r.username}): ${r.status}, ${r.note}, ${r.markedAt ?? '-'}`);

describe("a session's attendance sheet, kept", () => {
  it('is read once, then changes of each column it shows, made in SQL, show on the next read', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const [ada, ben] = await Promise.all([
      createUser(ctx, 'student', { firstname: 'Ada', lastname: 'Aston', username: 'ada-kept' }),
      createUser(ctx, 'student', { firstname: 'Ben', lastname: 'Brook', username: 'ben-kept' }),
    ]);
    const { cls, session } = await classWith(teacher, [ada, ben], 'Kept sheet');
    const url = `/api/attendance/sessions/${session.id}`;
    const read = () => ok<AttendanceSheet>('GET', url, teacher);
    const db = ctx.database.db;

    // Taken through the API: the answer of the PUT and the next read show it at once.
    const taken = await ok<AttendanceSheet>('PUT', url, teacher, {
      records: [
        { studentId: ada.user.id, status: 'present' },
        { studentId: ben.user.id, status: 'late', note: 'Bus' },
      ],
    });
    expect(taken.rows.map((r) => r.status)).toEqual(['present', 'late']);
    expect(lines(await read())).toEqual(lines(taken));
    expect(await readUntilKept(ctx.database, read, SHEET)).toEqual([]);

    const ben_ = and(eq(attendanceRecords.sessionId, session.id), eq(attendanceRecords.studentId, ben.user.id));
    // The record's status, note and marking time.
    await db.update(attendanceRecords).set({ status: 'absent' }).where(ben_);
    expect((await read()).rows[1]!.status).toBe('absent');
    await db.update(attendanceRecords).set({ note: 'Called home' }).where(ben_);
    expect((await read()).rows[1]!.note).toBe('Called home');
    const at = new Date('2030-01-07T07:45:00Z');
    await db.update(attendanceRecords).set({ markedAt: at }).where(ben_);
    expect((await read()).rows[1]!.markedAt).toBe(at.toISOString());
    // A record removed: unmarked again.
    await db.delete(attendanceRecords).where(ben_);
    expect((await read()).rows[1]!.status).toBeNull();
    // A member's name and username.
    await db.update(users).set({ firstname: 'Benedict', username: 'benedict-kept' }).where(eq(users.id, ben.user.id));
    expect(lines(await read())[1]).toBe('Brook, Benedict (benedict-kept): null, , -');
    await db.update(users).set({ lastname: 'Zeal' }).where(eq(users.id, ada.user.id));
    expect((await read()).rows.map((r) => r.lastname)).toEqual(['Brook', 'Zeal']);
    // A member joining and one leaving.
    const cy = await createUser(ctx, 'student', { firstname: 'Cy', lastname: 'Carr' });
    await db.insert(classMembers).values({ classId: cls.id, studentId: cy.user.id });
    expect((await read()).rows.map((r) => r.lastname)).toEqual(['Brook', 'Carr', 'Zeal']);
    await db.delete(classMembers).where(and(eq(classMembers.classId, cls.id), eq(classMembers.studentId, ben.user.id)));
    expect((await read()).rows.map((r) => r.lastname)).toEqual(['Carr', 'Zeal']);
  });

  it("stays kept when another class's attendance is taken", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const [dee, eve] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'student')]);
    const mine = await classWith(teacher, [dee], 'Kept A');
    const other = await classWith(teacher, [eve], 'Kept B');
    const read = () => ok<AttendanceSheet>('GET', `/api/attendance/sessions/${mine.session.id}`, teacher);
    expect(await readUntilKept(ctx.database, read, SHEET)).toEqual([]);
    await ok('PUT', `/api/attendance/sessions/${other.session.id}`, teacher, {
      records: [{ studentId: eve.user.id, status: 'absent' }],
    });
    const statements = await countQueries(ctx.database, read);
    expect(statements.filter((text) => SHEET.test(text))).toEqual([]);
    expect((await read()).rows.map((r) => r.studentId)).toEqual([dee.user.id]);
  });
});
