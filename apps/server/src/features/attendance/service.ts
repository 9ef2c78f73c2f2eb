import {
  ATTENDANCE_LIMITS,
  ATTENDANCE_MESSAGES,
  type AttendanceHistory,
  type AttendanceRangeQuery,
  type AttendanceReport,
  type AttendanceSchedule,
  type AttendanceScheduleBody,
  type AttendanceSession,
  type AttendanceSessionBody,
  type AttendanceSessionEdit,
  type AttendanceSessions,
  type AttendanceSheet,
  type AttendanceSheetBody,
  type AttendanceStatus,
  type AttendanceSummary,
  type StudentAttendance,
} from '@lyceum/contract';
import type { Db } from '#db/client.js';
import { csvRow, UTF8_BOM } from '#lib/csv.js';
import { badRequest, conflict, notFound } from '#lib/errors.js';
import { zoneOrDefault } from '#lib/time-zones.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { createAttendanceRepository, type Actor } from './repository.js';

export interface AttendanceDeps {
  /**
   * The guardians feature's link check (ADR 060), handed by `buildApp` (features never import each other): resolves
   * when the guardian is linked to the student, and rejects with the guardians' 404 otherwise.
   */
  childOf: (guardianId: string, studentId: string) => Promise<unknown>;
  /**
   * The database's word that something a class's sheets show changed (channel lyceum_class_results: its members,
   * their names, their records; migrations 0041 and 0062). Without it every sheet is read.
   */
  watchClassResults?: (onChange: (classId: string) => void) => () => void;
}

type SheetRow = AttendanceSheet['rows'][number];

type SessionRow = Omit<AttendanceSession, 'startsAt'> & { startsAt: Date };
const sessionOut = ({ startsAt, ...row }: SessionRow): AttendanceSession => ({
  ...row,
  startsAt: startsAt.toISOString(),
});

/** (present + late) / (present + late + absent), three decimals; excused and unmarked sessions do not count. */
export function rateOf(c: { present: number; late: number; absent: number }): number | null {
  const counted = c.present + c.late + c.absent;
  return counted === 0 ? null : Math.round(((c.present + c.late) / counted) * 1000) / 1000;
}

function summaryOf(counts: Omit<AttendanceSummary, 'rate'>): AttendanceSummary {
  return { ...counts, rate: rateOf(counts) };
}

/** A history page's cursor: the last entry's instant and id. */
const cursorOf = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function parseCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? '')) throw badRequest('before: invalid cursor');
  return { at: date, id: id! };
}

/** Attendance (issue 52 point 2, ADR 063): sessions, sheets and their history, reports, and the students' view. */
export function createAttendanceService(db: Db, deps: AttendanceDeps) {
  const repo = createAttendanceRepository(db);
  /**
   * Each session's sheet rows, kept per class until the database names the class (docs/kept-pages.md): a 500-student
   * sheet is 95 KB of JSON, read again each time a teacher opens it (issue 52's bench row). The session itself and
   * the caller's access are read on every request; only the roster with its records is kept.
   */
  const keptSheets = keptPerOwner<{ rows: SheetRow[]; truncated: boolean }>(deps.watchClassResults, {
    bytesOf: (kept) => 200 + 200 * kept.rows.length,
  });

  /** The class, for a teacher of it or an admin: 404 for anyone else, as for a class that does not exist. */
  async function classFor(actor: Actor, classId: string) {
    const cls = await repo.classFor(actor, classId);
    if (!cls) throw notFound(ATTENDANCE_MESSAGES.classNotFound);
    return cls;
  }
  async function sessionFor(actor: Actor, sessionId: string) {
    const session = await repo.sessionFor(actor, sessionId);
    if (!session) throw notFound(ATTENDANCE_MESSAGES.sessionNotFound);
    return session;
  }
  function assertWritable(cls: { archivedAt: Date | null }) {
    if (cls.archivedAt) throw conflict(ATTENDANCE_MESSAGES.archived);
  }
  async function zoneFor(actor: Actor, zone: string | undefined) {
    return zone ?? zoneOrDefault(await repo.zoneOf(actor.id));
  }

  async function sheet(actor: Actor, sessionId: string): Promise<AttendanceSheet> {
    const { className, archivedAt: _archived, ...session } = await sessionFor(actor, sessionId);
    const { value } = await keptSheets.get(session.id, async () => {
      const rows = await repo.sheetRows(session.classId, session.id);
      return {
        owner: session.classId,
        value: {
          rows: rows.slice(0, ATTENDANCE_LIMITS.sheetRows).map((row) => ({
            ...row,
            status: row.status as AttendanceStatus | null,
            note: row.note ?? '',
            markedAt: row.markedAt?.toISOString() ?? null,
          })),
          truncated: rows.length > ATTENDANCE_LIMITS.sheetRows,
        },
      };
    });
    return { session: sessionOut(session), className, ...value };
  }

  async function report(actor: Actor, classId: string, range: AttendanceRangeQuery): Promise<AttendanceReport> {
    const cls = await classFor(actor, classId);
    const rows = await repo.report(classId, range.from, range.to);
    const students = rows.slice(0, ATTENDANCE_LIMITS.sheetRows).map((row) => {
      const unmarked = row.sessions - row.present - row.late - row.absent - row.excused;
      const { present, late, absent, excused } = row;
      return {
        studentId: row.student_id,
        firstname: row.firstname,
        lastname: row.lastname,
        username: row.username,
        ...summaryOf({ present, late, absent, excused, unmarked }),
      };
    });
    const totals = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };
    for (const s of students) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += s[key];
    return {
      classId,
      className: cls.name,
      from: range.from,
      to: range.to,
      sessions: rows[0]?.sessions ?? 0,
      totals: summaryOf(totals),
      students,
      truncated: rows.length > ATTENDANCE_LIMITS.sheetRows,
    };
  }

  async function studentAttendance(studentId: string, range: AttendanceRangeQuery): Promise<StudentAttendance> {
    const rows = await repo.studentRecords(studentId, range.from, range.to);
    const byClass = new Map<string, StudentAttendance['classes'][number]>();
    for (const row of rows.slice(0, ATTENDANCE_LIMITS.studentRecords)) {
      let entry = byClass.get(row.class_id);
      if (!entry) {
        const summary = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0, rate: null };
        entry = { classId: row.class_id, className: row.class_name, summary, records: [] };
        byClass.set(row.class_id, entry);
      }
      if (row.session_id === null) continue;
      entry.records.push({
        sessionId: row.session_id,
        date: row.on_date!,
        startTime: row.start_time!,
        startsAt: new Date(row.starts_at!).toISOString(),
        status: row.status,
        note: row.note ?? '',
      });
      entry.summary[row.status ?? 'unmarked'] += 1;
    }
    const classes = [...byClass.values()].map((entry) => ({ ...entry, summary: summaryOf(entry.summary) }));
    return {
      studentId,
      from: range.from,
      to: range.to,
      classes,
      truncated: rows.length > ATTENDANCE_LIMITS.studentRecords,
    };
  }

  return {
    async addSession(actor: Actor, classId: string, body: AttendanceSessionBody): Promise<AttendanceSession> {
      assertWritable(await classFor(actor, classId));
      const timeZone = await zoneFor(actor, body.timeZone);
      const id = await repo.insertSession({
        classId,
        date: body.date,
        startTime: body.startTime,
        timeZone,
        by: actor.id,
      });
      if (!id) throw conflict(ATTENDANCE_MESSAGES.sessionExists);
      const [session] = await repo.sessionsById(repo.sessionWhere.id(id));
      return sessionOut(session!);
    },

    async addSchedule(actor: Actor, classId: string, body: AttendanceScheduleBody): Promise<AttendanceSchedule> {
      assertWritable(await classFor(actor, classId));
      const timeZone = await zoneFor(actor, body.timeZone);
      const id = await repo.insertSchedule({ classId, ...body, timeZone, by: actor.id });
      const sessions = await repo.sessionsById(repo.sessionWhere.schedule(id));
      const { weekday, startTime, from, to } = body;
      return { id, classId, weekday, startTime, timeZone, from, to, sessions: sessions.map(sessionOut) };
    },

    async sessions(actor: Actor, classId: string, range: AttendanceRangeQuery): Promise<AttendanceSessions> {
      await classFor(actor, classId);
      const rows = await repo.sessionsById(repo.sessionWhere.range(classId, range.from, range.to));
      return { items: rows.map(sessionOut) };
    },

    /** Moves a session to another date or local time (its zone kept unless given): its sheet and history follow. */
    async editSession(actor: Actor, sessionId: string, body: AttendanceSessionEdit): Promise<AttendanceSession> {
      const session = await sessionFor(actor, sessionId);
      assertWritable(session);
      const timeZone = body.timeZone ?? session.timeZone;
      const moved = await repo.moveSession(sessionId, { date: body.date, startTime: body.startTime, timeZone });
      if (!moved) throw conflict(ATTENDANCE_MESSAGES.sessionExists);
      const [row] = await repo.sessionsById(repo.sessionWhere.id(sessionId));
      return sessionOut(row!);
    },

    /**
     * Deletes a session whose attendance was never taken (ADR 070); once taken it is 409 and nothing changes, so
     * no sheet or history is ever lost.
     */
    async deleteSession(actor: Actor, sessionId: string) {
      const session = await sessionFor(actor, sessionId);
      assertWritable(session);
      if ((await repo.deleteUntakenSession(sessionId)) === 'taken') throw conflict(ATTENDANCE_MESSAGES.sessionTaken);
      return { message: ATTENDANCE_MESSAGES.sessionDeleted };
    },

    sheet,

    /** Saves the statuses sent (the whole sheet or part of it) at once; every change is kept in the history. */
    async saveSheet(actor: Actor, sessionId: string, body: AttendanceSheetBody): Promise<AttendanceSheet> {
      const session = await sessionFor(actor, sessionId);
      assertWritable(session);
      const { notMembers } = await repo.saveSheet(session.classId, session.id, body.records, actor.id);
      if (notMembers > 0) throw badRequest(ATTENDANCE_MESSAGES.notMembers);
      return sheet(actor, sessionId);
    },

    async history(actor: Actor, sessionId: string, before?: string): Promise<AttendanceHistory> {
      const cursor = parseCursor(before);
      await sessionFor(actor, sessionId);
      const limit = ATTENDANCE_LIMITS.historyPage;
      const rows = await repo.history(sessionId, cursor, limit);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(({ changedById, changedByName, changedAt, ...row }) => ({
          ...row,
          oldStatus: row.oldStatus as AttendanceStatus | null,
          newStatus: row.newStatus as AttendanceStatus,
          changedBy: changedById ? { id: changedById, name: changedByName ?? '' } : null,
          changedAt: changedAt.toISOString(),
        })),
        nextCursor: rows.length > limit && last ? cursorOf(last.changedAt, last.id) : null,
      };
    },

    report,

    /** The report as CSV: the same rows and numbers as the JSON report, formula-safe cells (lib/csv.ts). */
    async reportCsv(actor: Actor, classId: string, range: AttendanceRangeQuery): Promise<string> {
      const r = await report(actor, classId, range);
      const header = [
        'Last name',
        'First name',
        'Username',
        'Present',
        'Late',
        'Absent',
        'Excused',
        'Unmarked',
        'Rate',
      ];
      const line = (s: Omit<AttendanceSummary, never> & { lastname: string; firstname: string; username: string }) =>
        csvRow([s.lastname, s.firstname, s.username, s.present, s.late, s.absent, s.excused, s.unmarked, s.rate]);
      return UTF8_BOM + csvRow(header) + r.students.map(line).join('');
    },

    /** The student's own attendance in the range, per class. */
    async mine(studentId: string, range: AttendanceRangeQuery) {
      return studentAttendance(studentId, range);
    },

    /** A linked guardian's read of a child: the guardians' link check first (404 for any other student). */
    async ofChild(guardianId: string, studentId: string, range: AttendanceRangeQuery) {
      await deps.childOf(guardianId, studentId);
      return studentAttendance(studentId, range);
    },

    /** Stops listening for the database's word (the app closing). */
    close: () => keptSheets.stop(),
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
