import type { AttendanceStatus } from '@lyceum/contract';
import { ATTENDANCE_LIMITS } from '@lyceum/contract';
import { and, asc, desc, eq, gte, lte, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import {
  attendanceChanges,
  attendanceRecords,
  attendanceSchedules,
  attendanceSessions,
  classes,
  classMembers,
  classTeachers,
  users,
} from '#db/schema/index.js';

/** The caller of a school route: an admin reads and writes every class, a teacher only the classes they teach. */
export interface Actor {
  id: string;
  role: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** "The actor may take attendance in the class" as a condition of the statement that reads the class. */
function teaches(actor: Actor, classId: SQLWrapper): SQL {
  if (actor.role === 'admin') return sql`true`;
  return sql`exists (select 1 from ${classTeachers} where ${classTeachers.classId} = ${classId} and ${classTeachers.teacherId} = ${actor.id})`;
}

/** A session's columns as the contract shows them (`taken`: any status on its sheet). */
const sessionColumns = {
  id: attendanceSessions.id,
  classId: attendanceSessions.classId,
  date: attendanceSessions.onDate,
  startTime: sql<string>`to_char(${attendanceSessions.startTime}, 'HH24:MI')`,
  timeZone: attendanceSessions.timeZone,
  startsAt: attendanceSessions.startsAt,
  scheduleId: attendanceSessions.scheduleId,
  taken: sql<boolean>`exists (select 1 from ${attendanceRecords} where ${attendanceRecords.sessionId} = ${attendanceSessions.id})`,
};

/** The instant of a local date and time in a zone, as PostgreSQL's time zone data reads it. */
const instantOf = (day: SQL | string, time: SQL | string, zone: SQL | string) =>
  sql`((${day})::date + (${time})::time) at time zone (${zone})`;

export function createAttendanceRepository(db: Db) {
  return {
    /** The class (name, archived) when the actor may take its attendance; null otherwise. */
    async classFor(actor: Actor, classId: string) {
      const [row] = await db
        .select({ id: classes.id, name: classes.name, archivedAt: classes.archivedAt })
        .from(classes)
        .where(and(eq(classes.id, classId), teaches(actor, classes.id)));
      return row ?? null;
    },

    /** A session, with its class, when the actor may take its attendance; null otherwise. */
    async sessionFor(actor: Actor, sessionId: string) {
      const [row] = await db
        .select({ ...sessionColumns, className: classes.name, archivedAt: classes.archivedAt })
        .from(attendanceSessions)
        .innerJoin(classes, eq(classes.id, attendanceSessions.classId))
        .where(and(eq(attendanceSessions.id, sessionId), teaches(actor, classes.id)));
      return row ?? null;
    },

    /** The zone a teacher writes dates in (null: the school's). */
    async zoneOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ zone: users.timeZone }).from(users).where(eq(users.id, userId));
      return row?.zone ?? null;
    },

    /** A session added by hand; null when the class has one at that date and time. */
    async insertSession(values: { classId: string; date: string; startTime: string; timeZone: string; by: string }) {
      const rows = await db
        .insert(attendanceSessions)
        .values({
          classId: values.classId,
          onDate: values.date,
          startTime: values.startTime,
          timeZone: values.timeZone,
          startsAt: instantOf(values.date, values.startTime, values.timeZone) as unknown as Date,
          createdBy: values.by,
        })
        .onConflictDoNothing()
        .returning({ id: attendanceSessions.id });
      return rows[0]?.id ?? null;
    },

    /**
     * A weekly schedule and its sessions: every date of the range on the weekday, in one statement (a date that has
     * a session at that time keeps it). The range is at most a year: at most 53 sessions.
     */
    async insertSchedule(values: {
      classId: string;
      weekday: number;
      startTime: string;
      timeZone: string;
      from: string;
      to: string;
      by: string;
    }) {
      return db.transaction(async (tx) => {
        const [schedule] = await tx
          .insert(attendanceSchedules)
          .values({
            classId: values.classId,
            weekday: values.weekday,
            startTime: values.startTime,
            timeZone: values.timeZone,
            startsOn: values.from,
            endsOn: values.to,
            createdBy: values.by,
          })
          .returning({ id: attendanceSchedules.id });
        const id = schedule!.id;
        await tx.execute(sql`
          insert into ${attendanceSessions} (class_id, on_date, start_time, time_zone, starts_at, schedule_id, created_by)
          select ${values.classId}, d::date, ${values.startTime}::time, ${values.timeZone},
                 ${instantOf(sql`d::date`, sql`${values.startTime}`, sql`${values.timeZone}`)}, ${id}, ${values.by}
          from generate_series(${values.from}::date, ${values.to}::date, interval '1 day') as d
          where extract(isodow from d) = ${values.weekday}
          on conflict do nothing`);
        return id;
      });
    },

    /**
     * Moves a session to another local date and time (its instant computed again in its zone); false when the class
     * has another session then.
     */
    async moveSession(sessionId: string, values: { date: string; startTime: string; timeZone: string }) {
      const rows = await db.execute(sql`
        update ${attendanceSessions}
        set on_date = ${values.date}::date, start_time = ${values.startTime}::time, time_zone = ${values.timeZone},
            starts_at = ${instantOf(values.date, values.startTime, values.timeZone)}
        where id = ${sessionId}
          and not exists (select 1 from ${attendanceSessions} o where o.class_id = ${attendanceSessions.classId}
            and o.on_date = ${values.date}::date and o.start_time = ${values.startTime}::time and o.id <> ${sessionId})
        returning id`);
      return rowsOf<{ id: string }>(rows).length > 0;
    },

    /**
     * Deletes a session whose attendance was never taken, in one statement: 'deleted', or 'taken' when a record
     * exists (the session, its sheet and history are kept).
     */
    async deleteUntakenSession(sessionId: string): Promise<'deleted' | 'taken'> {
      const rows = await db.execute(sql`
        delete from ${attendanceSessions} s
        where s.id = ${sessionId}
          and not exists (select 1 from ${attendanceRecords} r where r.session_id = s.id)
        returning s.id`);
      return rowsOf(rows).length > 0 ? 'deleted' : 'taken';
    },

    async sessionsById(where: SQL) {
      return db
        .select(sessionColumns)
        .from(attendanceSessions)
        .where(where)
        .orderBy(asc(attendanceSessions.startsAt), asc(attendanceSessions.id))
        .limit(ATTENDANCE_LIMITS.sessions);
    },

    sessionWhere: {
      id: (id: string) => eq(attendanceSessions.id, id),
      schedule: (id: string) => eq(attendanceSessions.scheduleId, id),
      range: (classId: string, from: string, to: string) =>
        and(
          eq(attendanceSessions.classId, classId),
          gte(attendanceSessions.onDate, from),
          lte(attendanceSessions.onDate, to),
        )!,
    },

    /** The class's roster with each student's record at the session: one statement, at most `sheetRows` + 1 rows. */
    async sheetRows(classId: string, sessionId: string) {
      return db
        .select({
          studentId: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          username: users.username,
          status: attendanceRecords.status,
          note: attendanceRecords.note,
          markedAt: attendanceRecords.markedAt,
        })
        .from(classMembers)
        .innerJoin(users, eq(users.id, classMembers.studentId))
        .leftJoin(
          attendanceRecords,
          and(eq(attendanceRecords.sessionId, sessionId), eq(attendanceRecords.studentId, classMembers.studentId)),
        )
        .where(eq(classMembers.classId, classId))
        .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
        .limit(ATTENDANCE_LIMITS.sheetRows + 1);
    },

    /**
     * Saves a sheet in one transaction of three statements, whatever its size: the members named with their current
     * record (locked), the records that change (one upsert) and their history (one insert). Returns the ids that
     * are not members of the class (nothing is written then).
     */
    async saveSheet(
      classId: string,
      sessionId: string,
      records: { studentId: string; status: AttendanceStatus; note: string }[],
      by: string,
    ): Promise<{ notMembers: number }> {
      const ids = `{${records.map((r) => r.studentId).join(',')}}`;
      return db.transaction(async (tx) => {
        const current = rowsOf<{ student_id: string; status: string | null; note: string | null }>(
          await tx.execute(sql`
            select m.student_id, r.status, r.note
            from ${classMembers} m
            left join ${attendanceRecords} r on r.session_id = ${sessionId} and r.student_id = m.student_id
            where m.class_id = ${classId} and m.student_id = any(${ids}::uuid[])
            for update of m`),
        );
        if (current.length !== records.length) return { notMembers: records.length - current.length };
        const before = new Map(current.map((row) => [row.student_id, row]));
        const changed = records.filter((r) => {
          const old = before.get(r.studentId);
          return old?.status !== r.status || old.note !== r.note;
        });
        if (changed.length === 0) return { notMembers: 0 };
        const now = new Date();
        await tx
          .insert(attendanceRecords)
          .values(changed.map((r) => ({ sessionId, ...r, markedBy: by, markedAt: now })))
          .onConflictDoUpdate({
            target: [attendanceRecords.sessionId, attendanceRecords.studentId],
            set: {
              status: sql`excluded.status`,
              note: sql`excluded.note`,
              markedBy: sql`excluded.marked_by`,
              markedAt: sql`excluded.marked_at`,
            },
          });
        await tx.insert(attendanceChanges).values(
          changed.map((r) => ({
            sessionId,
            studentId: r.studentId,
            changedBy: by,
            changedAt: now,
            oldStatus: before.get(r.studentId)?.status ?? null,
            newStatus: r.status,
            oldNote: before.get(r.studentId)?.note ?? null,
            newNote: r.note,
          })),
        );
        return { notMembers: 0 };
      });
    },

    /** A page of a session's history, newest first, after the (changedAt, id) of `before`. */
    async history(sessionId: string, before: { at: Date; id: string } | null, limit: number) {
      const student = sql`(select concat_ws(' ', s.firstname, s.lastname) from ${users} s where s.id = ${attendanceChanges.studentId})`;
      return db
        .select({
          id: attendanceChanges.id,
          studentId: attendanceChanges.studentId,
          studentName: sql<string>`${student}`,
          changedById: attendanceChanges.changedBy,
          changedByName: sql<string | null>`concat_ws(' ', ${users.firstname}, ${users.lastname})`,
          changedAt: attendanceChanges.changedAt,
          oldStatus: attendanceChanges.oldStatus,
          newStatus: attendanceChanges.newStatus,
          oldNote: attendanceChanges.oldNote,
          newNote: attendanceChanges.newNote,
        })
        .from(attendanceChanges)
        .leftJoin(users, eq(users.id, attendanceChanges.changedBy))
        .where(
          and(
            eq(attendanceChanges.sessionId, sessionId),
            before
              ? or(
                  lt(attendanceChanges.changedAt, before.at),
                  and(eq(attendanceChanges.changedAt, before.at), lt(attendanceChanges.id, before.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(attendanceChanges.changedAt), desc(attendanceChanges.id))
        .limit(limit + 1);
    },

    /**
     * Per student of the roster: their statuses over the class's sessions in the range, and the number of those
     * sessions: one statement, at most `sheetRows` + 1 rows.
     */
    async report(classId: string, from: string, to: string) {
      return rowsOf<{
        student_id: string;
        firstname: string;
        lastname: string;
        username: string;
        sessions: number;
        present: number;
        late: number;
        absent: number;
        excused: number;
      }>(
        await db.execute(sql`
          with s as (
            select id from ${attendanceSessions}
            where class_id = ${classId} and on_date between ${from}::date and ${to}::date
          )
          select u.id as student_id, u.firstname, u.lastname, u.username,
                 (select count(*) from s)::int as sessions,
                 count(*) filter (where r.status = 'present')::int as present,
                 count(*) filter (where r.status = 'late')::int as late,
                 count(*) filter (where r.status = 'absent')::int as absent,
                 count(*) filter (where r.status = 'excused')::int as excused
          from ${classMembers} m
          join ${users} u on u.id = m.student_id
          left join ${attendanceRecords} r on r.student_id = m.student_id and r.session_id in (select id from s)
          where m.class_id = ${classId}
          group by u.id, u.firstname, u.lastname, u.username
          order by u.lastname, u.firstname, u.id
          limit ${ATTENDANCE_LIMITS.sheetRows + 1}`),
      );
    },

    /**
     * A student's classes (not archived, or archived with sessions in the range) with each session in the range and
     * their status: one statement, at most `studentRecords` + 1 rows.
     */
    async studentRecords(studentId: string, from: string, to: string) {
      return rowsOf<{
        class_id: string;
        class_name: string;
        session_id: string | null;
        on_date: string | null;
        start_time: string | null;
        starts_at: Date | string | null;
        status: AttendanceStatus | null;
        note: string | null;
      }>(
        await db.execute(sql`
          select c.id as class_id, c.name as class_name, s.id as session_id, s.on_date::text as on_date,
                 to_char(s.start_time, 'HH24:MI') as start_time, s.starts_at, r.status, r.note
          from ${classMembers} m
          join ${classes} c on c.id = m.class_id
          left join ${attendanceSessions} s
            on s.class_id = m.class_id and s.on_date between ${from}::date and ${to}::date
          left join ${attendanceRecords} r on r.session_id = s.id and r.student_id = m.student_id
          where m.student_id = ${studentId} and (c.archived_at is null or s.id is not null)
          order by c.name, c.id, s.starts_at, s.id
          limit ${ATTENDANCE_LIMITS.studentRecords + 1}`),
      );
    },
  };
}

export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
