import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { users } from './users.js';

/* Attendance (issue 52 point 2, ADR 063): sessions are rows; a weekly schedule creates its sessions at once. */

const STATUS_CHECK = sql.raw(`in ('present', 'late', 'absent', 'excused')`);

/** A weekly schedule of a class: every ISO weekday (1 = Monday) at a local time in a zone, between two dates. */
export const attendanceSchedules = pgTable(
  'attendance_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    timeZone: text('time_zone').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('attendance_schedules_class_idx').on(t.classId),
    check('attendance_schedules_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('attendance_schedules_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * One session of a class: a local date and time in a zone (`starts_at` is that instant). Added by hand or by a
 * schedule; one per class, date and time.
 */
export const attendanceSessions = pgTable(
  'attendance_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    onDate: date('on_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    scheduleId: uuid('schedule_id').references(() => attendanceSchedules.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('attendance_sessions_class_day_key').on(t.classId, t.onDate, t.startTime)],
);

/** A student's status at a session, as it is now (its changes are in attendance_changes). */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => attendanceSessions.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.studentId] }),
    index('attendance_records_student_idx').on(t.studentId),
    check('attendance_records_status_check', sql`${t.status} ${STATUS_CHECK}`),
  ],
);

/** Every change of a record, the first marking included: who, when, old → new. Never updated. */
export const attendanceChanges = pgTable(
  'attendance_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => attendanceSessions.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    oldNote: text('old_note'),
    newNote: text('new_note').notNull(),
  },
  (t) => [index('attendance_changes_session_idx').on(t.sessionId, t.changedAt, t.id)],
);
