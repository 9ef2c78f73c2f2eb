import {
  AttendanceHistoryQuerySchema,
  AttendanceHistorySchema,
  AttendanceRangeQuerySchema,
  AttendanceReportSchema,
  AttendanceScheduleBodySchema,
  AttendanceScheduleSchema,
  AttendanceSessionBodySchema,
  AttendanceSessionEditSchema,
  AttendanceSessionParamsSchema,
  AttendanceSessionSchema,
  AttendanceSessionsSchema,
  AttendanceSheetBodySchema,
  AttendanceSheetSchema,
  ClassParamsSchema,
  ErrorSchema,
  MessageResponseSchema,
  StudentAttendanceSchema,
  StudentIdParamsSchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { compiledJson } from '#lib/compiled-json.js';
import {
  denied,
  guardedRoutes,
  invalid,
  missing,
  security,
  signedInRoute,
  type SignedInAccess,
} from '#lib/route-preamble.js';
import type { AttendanceService } from './service.js';

export interface AttendanceRoutesOptions {
  attendance: AttendanceService;
  guards: Guards;
}

/** A teacher of the class (owner or co-teacher), or any admin; anyone else gets the 404 of a missing class. */
const SCHOOL: SignedInAccess = { who: ['teacher', 'admin'], scope: 'class-teacher', adminOverride: true };
/** A student: their own attendance only. */
const STUDENT: SignedInAccess = { who: ['student'] };
/** A guardian linked to the student the path names: 404 for any other student. */
const GUARDIAN_OF: SignedInAccess = { who: ['guardian'], scope: 'guardian-of' };

/** Attendance (issue 52 point 2, ADR 063). */
export const attendanceRoutes: FastifyPluginAsyncZod<AttendanceRoutesOptions> = async (app, { attendance, guards }) => {
  const route = guardedRoutes(guards, { tags: ['attendance'], errors: { ...invalid, ...denied, ...missing } });

  app.post(
    '/classes/:id/attendance/sessions',
    route(SCHOOL, {
      summary: 'Add a session to the class by hand (a date and a local time, in the teacher’s zone unless given)',
      params: ClassParamsSchema,
      body: AttendanceSessionBodySchema,
      response: { 201: AttendanceSessionSchema, 409: ErrorSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await attendance.addSession(currentUser(request), request.params.id, request.body)),
  );

  app.post(
    '/classes/:id/attendance/schedules',
    route(SCHOOL, {
      summary: 'A weekly schedule: a session on the weekday at the local time, on every such date of the range',
      params: ClassParamsSchema,
      body: AttendanceScheduleBodySchema,
      response: { 201: AttendanceScheduleSchema, 409: ErrorSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await attendance.addSchedule(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/classes/:id/attendance/sessions',
    route(SCHOOL, {
      summary: 'The class’s sessions whose local date is in the range, in time order',
      params: ClassParamsSchema,
      querystring: AttendanceRangeQuerySchema,
      response: { 200: AttendanceSessionsSchema },
    }),
    async (request) => attendance.sessions(currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/attendance/sessions/:sessionId',
    route(SCHOOL, {
      summary: 'The attendance sheet of a session: the class’s roster with each student’s status and note',
      params: AttendanceSessionParamsSchema,
      response: { 200: compiledJson(AttendanceSheetSchema) },
    }),
    async (request) => attendance.sheet(currentUser(request), request.params.sessionId),
  );

  app.put(
    '/attendance/sessions/:sessionId',
    route(SCHOOL, {
      summary: 'Take (or edit) the attendance of a session in one request; every change is kept in its history',
      params: AttendanceSessionParamsSchema,
      body: AttendanceSheetBodySchema,
      response: { 200: compiledJson(AttendanceSheetSchema), 409: ErrorSchema },
    }),
    async (request) => attendance.saveSheet(currentUser(request), request.params.sessionId, request.body),
  );

  app.patch(
    '/attendance/sessions/:sessionId',
    route(SCHOOL, {
      summary: 'Move a session to another date or local time; its sheet and history stay with it',
      params: AttendanceSessionParamsSchema,
      body: AttendanceSessionEditSchema,
      response: { 200: AttendanceSessionSchema, 409: ErrorSchema },
    }),
    async (request) => attendance.editSession(currentUser(request), request.params.sessionId, request.body),
  );

  app.delete(
    '/attendance/sessions/:sessionId',
    route(SCHOOL, {
      summary: 'Delete a session whose attendance was never taken (409 once taken: its sheet and history are kept)',
      params: AttendanceSessionParamsSchema,
      response: { 200: MessageResponseSchema, 409: ErrorSchema },
    }),
    async (request) => attendance.deleteSession(currentUser(request), request.params.sessionId),
  );

  app.get(
    '/attendance/sessions/:sessionId/history',
    route(SCHOOL, {
      summary: 'Every change of the session’s sheet, newest first: who, when, old and new status and note',
      params: AttendanceSessionParamsSchema,
      querystring: AttendanceHistoryQuerySchema,
      response: { 200: AttendanceHistorySchema },
    }),
    async (request) => attendance.history(currentUser(request), request.params.sessionId, request.query.before),
  );

  app.get(
    '/classes/:id/attendance/report',
    route(SCHOOL, {
      summary: 'Per student of the class: present, late, absent, excused, unmarked and rate over the range',
      params: ClassParamsSchema,
      querystring: AttendanceRangeQuerySchema,
      response: { 200: compiledJson(AttendanceReportSchema) },
    }),
    async (request) => attendance.report(currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/classes/:id/attendance/report.csv',
    {
      ...signedInRoute(guards)(SCHOOL),
      schema: {
        tags: ['attendance'],
        summary: 'The attendance report as CSV (the same rows and numbers as the JSON report)',
        description:
          'UTF-8 with a byte order mark, CRLF line ends, a header row. Cells starting with =, +, -, @, tab or ' +
          "carriage return get a leading ' so spreadsheets do not run them as formulas.",
        security,
        params: ClassParamsSchema,
        querystring: AttendanceRangeQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await attendance.reportCsv(currentUser(request), request.params.id, request.query);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="lyceum-attendance-${request.params.id}-${from}-${to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/me/attendance',
    route(STUDENT, {
      summary: 'The student’s own attendance in the range, per class',
      querystring: AttendanceRangeQuerySchema,
      response: { 200: compiledJson(StudentAttendanceSchema) },
    }),
    async (request) => attendance.mine(currentUser(request).id, request.query),
  );

  app.get(
    '/guardian/children/:studentId/attendance',
    route(GUARDIAN_OF, {
      summary: 'A child’s attendance in the range, per class, for a linked guardian (read-only)',
      params: StudentIdParamsSchema,
      querystring: AttendanceRangeQuerySchema,
      response: { 200: compiledJson(StudentAttendanceSchema) },
    }),
    async (request) => attendance.ofChild(currentUser(request).id, request.params.studentId, request.query),
  );
};
