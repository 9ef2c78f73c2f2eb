import { DateTimeSchema, IdSchema, optionalText } from './common.js';
import { TimeZoneSchema } from './users.js';
import { z } from './zod.js';

/* Attendance (issue 52 point 2, ADR 063): a class's sessions, the sheet taken for each, its history and reports. */

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const ATTENDANCE_LIMITS = {
  note: 500,
  /** A date range (sessions, reports, a student's view) spans at most this many days. */
  rangeDays: 366,
  /** The rows of one sheet (a class's roster) and the records of one save. */
  sheetRows: 2000,
  /** Sessions listed for one class and range. */
  sessions: 500,
  /** A student's records in one answer (all their classes in the range). */
  studentRecords: 2000,
  /** History entries per page. */
  historyPage: 200,
} as const;

export const ATTENDANCE_MESSAGES = {
  classNotFound: 'Class not found',
  sessionNotFound: 'Session not found',
  archived: 'This class is archived',
  notMembers: 'Some students are not members of this class',
  duplicateStudent: 'A student appears twice in the sheet',
  sessionExists: 'This class already has a session at that date and time',
  /** ADR 070: a session whose attendance was taken is kept, with its sheet and history. */
  sessionTaken: 'Attendance was taken at this session: it cannot be deleted (change its date or time instead)',
  sessionDeleted: 'Session deleted',
} as const;

const DaySchema = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
/** A local wall-clock time, HH:MM (24 h). */
const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time (HH:MM)' });
export const AttendanceStatusSchema = z.enum(ATTENDANCE_STATUSES, {
  error: 'must be present, late, absent or excused',
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** `from` ≤ `to`, at most ATTENDANCE_LIMITS.rangeDays days apart (both ends included). */
function boundedRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (days >= ATTENDANCE_LIMITS.rangeDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `must be within ${ATTENDANCE_LIMITS.rangeDays} days of from`,
    });
  }
}

/** A date range, both ends included (local dates of the sessions). */
export const AttendanceRangeQuerySchema = z.object({ from: DaySchema, to: DaySchema }).superRefine(boundedRange);
export type AttendanceRangeQuery = z.infer<typeof AttendanceRangeQuerySchema>;

export const AttendanceSessionParamsSchema = z.object({ sessionId: IdSchema });

/** POST /api/classes/:id/attendance/sessions: one session added by hand. The zone defaults to the teacher's. */
export const AttendanceSessionBodySchema = z.strictObject({
  date: DaySchema,
  startTime: TimeSchema,
  timeZone: TimeZoneSchema.optional(),
});
export type AttendanceSessionBody = z.infer<typeof AttendanceSessionBodySchema>;

/**
 * PATCH /api/attendance/sessions/:sessionId (ADR 070): a session moved to another date or local time (its zone kept
 * unless given); its sheet and history stay with it.
 */
export const AttendanceSessionEditSchema = AttendanceSessionBodySchema;
export type AttendanceSessionEdit = z.infer<typeof AttendanceSessionEditSchema>;

/**
 * POST /api/classes/:id/attendance/schedules: a weekly session (ISO weekday, 1 = Monday) at a local time, on every
 * such day from `from` to `to` (both included, at most a year): the sessions are created at once.
 */
export const AttendanceScheduleBodySchema = z
  .strictObject({
    weekday: z.number().int().min(1).max(7),
    startTime: TimeSchema,
    timeZone: TimeZoneSchema.optional(),
    from: DaySchema,
    to: DaySchema,
  })
  .superRefine(boundedRange);
export type AttendanceScheduleBody = z.infer<typeof AttendanceScheduleBodySchema>;

export const AttendanceSessionSchema = z.object({
  id: IdSchema,
  classId: IdSchema,
  date: z.string(),
  startTime: z.string(),
  timeZone: z.string(),
  /** The instant the session starts (date + time in its zone). */
  startsAt: DateTimeSchema,
  scheduleId: IdSchema.nullable(),
  /** Whether any student has a status on the sheet. */
  taken: z.boolean(),
});
export type AttendanceSession = z.infer<typeof AttendanceSessionSchema>;

export const AttendanceSessionsSchema = z.object({ items: z.array(AttendanceSessionSchema) });
export type AttendanceSessions = z.infer<typeof AttendanceSessionsSchema>;

export const AttendanceScheduleSchema = z.object({
  id: IdSchema,
  classId: IdSchema,
  weekday: z.number().int(),
  startTime: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The sessions the schedule created (a date that already had one at that time keeps it). */
  sessions: z.array(AttendanceSessionSchema),
});
export type AttendanceSchedule = z.infer<typeof AttendanceScheduleSchema>;

export const AttendanceSheetRowSchema = z.object({
  studentId: IdSchema,
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  /** Null until the sheet is taken for this student (the screen pre-sets Present). */
  status: AttendanceStatusSchema.nullable(),
  note: z.string(),
  markedAt: DateTimeSchema.nullable(),
});
export type AttendanceSheetRow = z.infer<typeof AttendanceSheetRowSchema>;

/** GET/PUT /api/attendance/sessions/:sessionId: the class's roster with each student's status. */
export const AttendanceSheetSchema = z.object({
  session: AttendanceSessionSchema,
  className: z.string(),
  rows: z.array(AttendanceSheetRowSchema),
  /** The roster is longer than ATTENDANCE_LIMITS.sheetRows: only the first rows are here. */
  truncated: z.boolean(),
});
export type AttendanceSheet = z.infer<typeof AttendanceSheetSchema>;

/** PUT /api/attendance/sessions/:sessionId: the whole sheet (or part of it) in one request. */
export const AttendanceSheetBodySchema = z.strictObject({
  records: z
    .array(
      z.strictObject({
        studentId: IdSchema,
        status: AttendanceStatusSchema,
        note: optionalText(ATTENDANCE_LIMITS.note).default(''),
      }),
    )
    .min(1)
    .max(ATTENDANCE_LIMITS.sheetRows)
    .refine((records) => new Set(records.map((r) => r.studentId)).size === records.length, {
      error: ATTENDANCE_MESSAGES.duplicateStudent,
    }),
});
export type AttendanceSheetBody = z.infer<typeof AttendanceSheetBodySchema>;

/** GET /api/attendance/sessions/:sessionId/history: newest first; `before` is the previous page's `nextCursor`. */
export const AttendanceHistoryQuerySchema = z.object({ before: z.string().max(200).optional() });

export const AttendanceChangeSchema = z.object({
  id: IdSchema,
  studentId: IdSchema,
  studentName: z.string(),
  changedBy: z.object({ id: IdSchema, name: z.string() }).nullable(),
  changedAt: DateTimeSchema,
  oldStatus: AttendanceStatusSchema.nullable(),
  newStatus: AttendanceStatusSchema,
  oldNote: z.string().nullable(),
  newNote: z.string(),
});
export type AttendanceChange = z.infer<typeof AttendanceChangeSchema>;

export const AttendanceHistorySchema = z.object({
  items: z.array(AttendanceChangeSchema),
  nextCursor: z.string().nullable(),
});
export type AttendanceHistory = z.infer<typeof AttendanceHistorySchema>;

/** Counts of one student (or a class) over a range; `rate` = (present + late) / (present + late + absent). */
export const AttendanceSummarySchema = z.object({
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
  /** Sessions in the range with no status for the student. */
  unmarked: z.number().int(),
  /** 0–1, three decimals; null when nothing counts yet. */
  rate: z.number().nullable(),
});
export type AttendanceSummary = z.infer<typeof AttendanceSummarySchema>;

/** GET /api/classes/:id/attendance/report: per student of the roster, and the class's totals. */
export const AttendanceReportSchema = z.object({
  classId: IdSchema,
  className: z.string(),
  from: z.string(),
  to: z.string(),
  sessions: z.number().int(),
  totals: AttendanceSummarySchema,
  students: z.array(
    AttendanceSummarySchema.extend({
      studentId: IdSchema,
      firstname: z.string(),
      lastname: z.string(),
      username: z.string(),
    }),
  ),
  truncated: z.boolean(),
});
export type AttendanceReport = z.infer<typeof AttendanceReportSchema>;

/** GET /api/me/attendance and a guardian's GET /api/guardian/children/:studentId/attendance. */
export const StudentAttendanceSchema = z.object({
  studentId: IdSchema,
  from: z.string(),
  to: z.string(),
  classes: z.array(
    z.object({
      classId: IdSchema,
      className: z.string(),
      summary: AttendanceSummarySchema,
      records: z.array(
        z.object({
          sessionId: IdSchema,
          date: z.string(),
          startTime: z.string(),
          startsAt: DateTimeSchema,
          status: AttendanceStatusSchema.nullable(),
          note: z.string(),
        }),
      ),
    }),
  ),
  truncated: z.boolean(),
});
export type StudentAttendance = z.infer<typeof StudentAttendanceSchema>;
