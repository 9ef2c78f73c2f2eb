import {
  AccommodationBodySchema,
  AccommodationQuerySchema,
  AccommodationSchema,
  AddCoTeacherBodySchema,
  AnnouncementPageSchema,
  AnnouncementSchema,
  AssignmentLearnerPageSchema,
  AssignmentLearnersQuerySchema,
  AssignmentPageSchema,
  AssignmentSchema,
  CalendarEventsQuerySchema,
  CalendarEventsSchema,
  CalendarFeedParamsSchema,
  CalendarFeedSchema,
  CLASS_MESSAGES,
  ClassAssignmentParamsSchema,
  ClassGradebookQuerySchema,
  ClassGradePageSchema,
  ClassMemberParamsSchema,
  ClassParamsSchema,
  ClassSummaryPageSchema,
  ClassTeacherParamsSchema,
  CreateAnnouncementBodySchema,
  CreateAssignmentBodySchema,
  CreateClassBodySchema,
  ErrorSchema,
  GradebookSchema,
  JoinClassBodySchema,
  JoinedClassSchema,
  ListClassesQuerySchema,
  PageQuerySchema,
  RosterPageSchema,
  StudentClassSchema,
  TeacherClassSchema,
  TodoPageSchema,
  UpdateAssignmentBodySchema,
  UpdateClassBodySchema,
} from '@lyceum/contract';
import type { FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import ical, { ICalEventTransparency } from 'ical-generator';
import { z } from 'zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import { notFound } from '#lib/errors.js';
import type { ClassService } from './service.js';
import { compiledJson } from '#lib/compiled-json.js';
import { sendKept } from '#lib/response-cache.js';

export interface ClassRoutesOptions {
  classes: ClassService;
  guards: Guards;
}
/** The app as a class route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<ClassRoutesOptions>>[0];

/** How long a due date's calendar event lasts: from the due time, long enough for every client to show it. */
const DUE_EVENT_MINUTES = 15;
const tags = ['classes'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  429: ErrorSchema,
};
const deleted = { 204: z.null().describe('Done') };

/** A teacher (owner or co-teacher) of the class named by :id. */
const CLASS_TEACHER: RouteAccess = { who: ['teacher'], scope: 'class-teacher' };
/** A student member of the class named by :id. */
const CLASS_MEMBER: RouteAccess = { who: ['student'], scope: 'class-member' };

/**
 * A signed-in route's options: its guard, its access rule (the security matrix walks it) and its OpenAPI
 * schema with the classes tag and bearer security. The schema's type is kept, so handlers stay typed by it.
 */
function signedIn<S extends FastifySchema>(
  guard: preHandlerAsyncHookHandler,
  access: RouteAccess,
  summary: string,
  schema: S,
) {
  return { preValidation: guard, config: { access }, schema: { tags, summary, security, ...schema } };
}

/** What each group of class routes registers with: the app, the service and the guards made once. */
function routeKit(app: ZodApp, { classes, guards }: ClassRoutesOptions) {
  const teachers = guards.requireRole('teacher');
  const students = guards.requireRole('student');
  const anyUser = guards.requireUser;
  /** A route of a class's teachers (404 to anyone else). */
  const forClassTeachers = <S extends FastifySchema>(summary: string, schema: S) =>
    signedIn(teachers, CLASS_TEACHER, summary, schema);
  /** A route of a class's students (404 to anyone else). */
  const forClassMembers = <S extends FastifySchema>(summary: string, schema: S) =>
    signedIn(students, CLASS_MEMBER, summary, schema);
  return { app, classes, teachers, students, anyUser, forClassTeachers, forClassMembers };
}
type RouteKit = ReturnType<typeof routeKit>;

/** A teacher's classes: listed, set up, changed, their access code rotated, co-teachers added and removed. */
function classSetupRoutes({ app, classes, teachers, forClassTeachers }: RouteKit) {
  app.get(
    '/teacher/classes',
    signedIn(teachers, { who: ['teacher'] }, 'The classes the caller teaches (archived ones with ?archived=true)', {
      querystring: ListClassesQuerySchema,
      response: { 200: ClassSummaryPageSchema, ...errors },
    }),
    async (request) => classes.list(currentUser(request), request.query),
  );

  app.post(
    '/classes',
    signedIn(
      teachers,
      { who: ['teacher'] },
      'Create a class from the caller’s courses, with co-teachers by e-mail; it gets an access code',
      { body: CreateClassBodySchema, response: { 201: TeacherClassSchema, ...errors } },
    ),
    async (request, reply) => reply.code(201).send(await classes.create(currentUser(request), request.body)),
  );

  app.get(
    '/classes/:id',
    forClassTeachers('A class with its access code, teachers and courses', {
      params: ClassParamsSchema,
      response: { 200: TeacherClassSchema, ...errors },
    }),
    async (request) => classes.get(currentUser(request), request.params.id),
  );

  app.patch(
    '/classes/:id',
    forClassTeachers(
      'Change a class: details, courses (members are enrolled in added ones), joining on/off, archive. An ' +
        'archived class accepts only { archived: false }.',
      { params: ClassParamsSchema, body: UpdateClassBodySchema, response: { 200: TeacherClassSchema, ...errors } },
    ),
    async (request) => classes.update(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/classes/:id/code',
    forClassTeachers('Rotate the access code: the old one stops working at once', {
      params: ClassParamsSchema,
      response: { 200: TeacherClassSchema, ...errors },
    }),
    async (request) => classes.rotateCode(currentUser(request), request.params.id),
  );

  app.post(
    '/classes/:id/co-teachers',
    forClassTeachers('Add a co-teacher by the e-mail of their teacher account (same rights in the class)', {
      params: ClassParamsSchema,
      body: AddCoTeacherBodySchema,
      response: { 200: TeacherClassSchema, ...errors },
    }),
    async (request) => classes.addCoTeacher(currentUser(request), request.params.id, request.body.email),
  );

  app.delete(
    '/classes/:id/co-teachers/:teacherId',
    forClassTeachers('Remove a co-teacher (not the owner)', {
      params: ClassTeacherParamsSchema,
      response: { ...deleted, ...errors },
    }),
    async (request, reply) => {
      await classes.removeCoTeacher(currentUser(request), request.params.id, request.params.teacherId);
      return reply.code(204).send(null);
    },
  );
}

/** A class's learners as its teachers see them: roster, gradebook, removal, accommodations. */
function classLearnerRoutes({ app, classes, forClassTeachers }: RouteKit) {
  app.get(
    '/classes/:id/roster',
    forClassTeachers('The students, by name, with progress over the class’s courses, last activity and accommodation', {
      params: ClassParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: compiledJson(RosterPageSchema), ...errors },
    }),
    async (request) => classes.roster(currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/classes/:id/gradebook',
    forClassTeachers('The gradebook of one of the class’s courses, filtered to the class’s members', {
      params: ClassParamsSchema,
      querystring: ClassGradebookQuerySchema,
      response: { 200: compiledJson(GradebookSchema), ...errors },
    }),
    async (request) => classes.gradebook(currentUser(request), request.params.id, request.query),
  );

  app.delete(
    '/classes/:id/members/:studentId',
    forClassTeachers('Remove a student from the class (their enrolments, progress and grades are kept)', {
      params: ClassMemberParamsSchema,
      response: { ...deleted, ...errors },
    }),
    async (request, reply) => {
      await classes.removeMember(currentUser(request), request.params.id, request.params.studentId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/classes/:id/members/:studentId/accommodation',
    forClassTeachers(
      'Set a student’s accommodation in the class, or for one assignment (replaces the class-wide one)',
      {
        params: ClassMemberParamsSchema,
        body: AccommodationBodySchema,
        response: { 200: AccommodationSchema, ...errors },
      },
    ),
    async (request) =>
      classes.setAccommodation(currentUser(request), request.params.id, request.params.studentId, request.body),
  );

  app.delete(
    '/classes/:id/members/:studentId/accommodation',
    forClassTeachers(
      'Remove a student’s class-wide accommodation (or, with ?assignmentId, the one for an assignment)',
      { params: ClassMemberParamsSchema, querystring: AccommodationQuerySchema, response: { ...deleted, ...errors } },
    ),
    async (request, reply) => {
      const { id, studentId } = request.params;
      await classes.clearAccommodation(currentUser(request), id, studentId, request.query.assignmentId ?? null);
      return reply.code(204).send(null);
    },
  );
}

/** What a class's teachers give it: the stream's announcements and the assignments. */
function classWorkRoutes({ app, classes, forClassTeachers }: RouteKit) {
  app.get(
    '/classes/:id/announcements',
    forClassTeachers('The class stream, newest first', {
      params: ClassParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: AnnouncementPageSchema, ...errors },
    }),
    async (request) => classes.announcements(currentUser(request), request.params.id, request.query, 'teacher'),
  );

  app.post(
    '/classes/:id/announcements',
    forClassTeachers('Post to the class stream (rich text, sanitised)', {
      params: ClassParamsSchema,
      body: CreateAnnouncementBodySchema,
      response: { 201: AnnouncementSchema, ...errors },
    }),
    async (request, reply) =>
      reply.code(201).send(await classes.announce(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/classes/:id/assignments',
    forClassTeachers('The class’s assignments with done / late / missing counts', {
      params: ClassParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: compiledJson(AssignmentPageSchema), ...errors },
    }),
    // Sent as the service keeps it (`assignmentsJson`).
    async (request, reply) =>
      sendKept(request, reply, (write) =>
        classes.assignmentsJson(currentUser(request), request.params.id, request.query, write),
      ),
  );

  app.post(
    '/classes/:id/assignments',
    forClassTeachers('Assign a lesson or an assessment of the class’s courses to the class or to chosen learners', {
      params: ClassParamsSchema,
      body: CreateAssignmentBodySchema,
      response: { 201: AssignmentSchema, ...errors },
    }),
    async (request, reply) =>
      reply.code(201).send(await classes.assign(currentUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/classes/:id/assignments/:assignmentId',
    forClassTeachers('Change an assignment’s dates, or whom it is for (chosen learners or the whole class)', {
      params: ClassAssignmentParamsSchema,
      body: UpdateAssignmentBodySchema,
      response: { 200: AssignmentSchema, ...errors },
    }),
    async (request) =>
      classes.updateAssignment(currentUser(request), request.params.id, request.params.assignmentId, request.body),
  );

  app.get(
    '/classes/:id/assignments/:assignmentId/learners',
    forClassTeachers('Who turned an assignment in, who is assigned it and not yet due, who is missing it (by name)', {
      params: ClassAssignmentParamsSchema,
      querystring: AssignmentLearnersQuerySchema,
      response: { 200: AssignmentLearnerPageSchema, ...errors },
    }),
    async (request) =>
      classes.assignmentLearners(currentUser(request), request.params.id, request.params.assignmentId, request.query),
  );

  app.delete(
    '/classes/:id/assignments/:assignmentId',
    forClassTeachers('Withdraw an assignment', {
      params: ClassAssignmentParamsSchema,
      response: { ...deleted, ...errors },
    }),
    async (request, reply) => {
      await classes.unassign(currentUser(request), request.params.id, request.params.assignmentId);
      return reply.code(204).send(null);
    },
  );
}

/** A student's side: joining by code, their classes, a class's stream, grades and to-do, leaving. */
function studentRoutes({ app, classes, students, forClassMembers }: RouteKit) {
  app.post(
    '/classes/join',
    signedIn(
      students,
      { who: ['student'] },
      'Join a class by its access code (any case) and be enrolled in its courses. Wrong codes are limited per ' +
        'user and per IP address (429); past the address limit, an account without wrong codes still joins with ' +
        'the right one.',
      { body: JoinClassBodySchema, response: { 200: JoinedClassSchema, ...errors } },
    ),
    async (request) => classes.join(currentUser(request), request.body.code, request.ip),
  );

  app.get(
    '/student/classes',
    signedIn(students, { who: ['student'] }, 'The classes the caller belongs to', {
      querystring: PageQuerySchema,
      response: { 200: ClassSummaryPageSchema, ...errors },
    }),
    async (request) => classes.myClasses(currentUser(request), request.query),
  );

  app.get(
    '/student/classes/:id',
    forClassMembers('A class the caller belongs to, with their own accommodation', {
      params: ClassParamsSchema,
      response: { 200: StudentClassSchema, ...errors },
    }),
    async (request) => classes.studentClass(currentUser(request), request.params.id),
  );

  app.get(
    '/student/classes/:id/announcements',
    forClassMembers('The class stream, newest first', {
      params: ClassParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: AnnouncementPageSchema, ...errors },
    }),
    async (request) => classes.announcements(currentUser(request), request.params.id, request.query, 'member'),
  );

  app.get(
    '/student/classes/:id/grades',
    forClassMembers(
      'The caller’s own counting scores on the assessments assigned to them in the class, once released',
      { params: ClassParamsSchema, querystring: PageQuerySchema, response: { 200: ClassGradePageSchema, ...errors } },
    ),
    async (request) => classes.grades(currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/student/classes/:id/todo',
    forClassMembers('What is assigned to the caller in the class, with their own dates (accommodation applied)', {
      params: ClassParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: compiledJson(TodoPageSchema), ...errors },
    }),
    // Sent as the service keeps it (`todoJson`).
    async (request, reply) =>
      sendKept(request, reply, (write) =>
        classes.todoJson(currentUser(request), request.params.id, request.query, write),
      ),
  );

  app.delete(
    '/student/classes/:id/membership',
    forClassMembers('Leave the class (enrolments and progress are kept)', {
      params: ClassParamsSchema,
      response: { ...deleted, ...errors },
    }),
    async (request, reply) => {
      await classes.leave(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Each user's private calendar feed of due dates: its address (signed in) and the feed (by its secret token). */
function calendarRoutes({ app, classes, anyUser }: RouteKit) {
  app.get(
    '/me/calendar',
    signedIn(
      anyUser,
      { who: 'user', scope: 'self' },
      'The caller’s private iCalendar URL of due dates (created on first use)',
      { response: { 200: CalendarFeedSchema, ...errors } },
    ),
    async (request) => classes.calendarUrl(currentUser(request)),
  );

  app.post(
    '/me/calendar/reset',
    signedIn(
      anyUser,
      { who: 'user', scope: 'self' },
      'A new private calendar URL: the old one answers 404 from now on',
      { response: { 200: CalendarFeedSchema, ...errors } },
    ),
    async (request) => classes.calendarUrl(currentUser(request), true),
  );

  app.get(
    '/me/calendar/events',
    signedIn(
      anyUser,
      { who: 'user', scope: 'self' },
      'The caller’s due dates from `from` to `to` (at most 44 days), as their calendar feed has them',
      { querystring: CalendarEventsQuerySchema, response: { 200: CalendarEventsSchema, ...errors } },
    ),
    async (request) => {
      const { from, to } = request.query;
      return { items: await classes.calendarRange(currentUser(request), new Date(from), new Date(to)) };
    },
  );

  app.get(
    '/calendar/:token',
    {
      config: { access: { who: 'public' } },
      schema: {
        tags,
        summary: 'An iCalendar feed of due dates; the secret token in the URL is the only credential',
        params: CalendarFeedParamsSchema,
        response: { 200: z.string(), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const events = await classes.calendarEvents(token);
      if (!events) throw notFound(CLASS_MESSAGES.calendarNotFound);
      const calendar = ical({ name: 'Lyceum due dates', prodId: { company: 'Lyceum', product: 'classes' } });
      for (const event of events) {
        calendar.createEvent({
          id: `${event.id}@lyceum`,
          // A due date is a 15-minute block from the due time, free (not busy) time: a zero-length event
          // (DTEND = DTSTART, or DURATION:PT0S) is shown badly or not at all by many clients (ADR 034).
          start: event.dueAt,
          end: new Date(event.dueAt.getTime() + DUE_EVENT_MINUTES * 60_000),
          transparency: ICalEventTransparency.TRANSPARENT,
          summary: event.title,
          description: event.description,
          url: event.url,
        });
      }
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="lyceum.ics"')
        .send(calendar.toString());
    },
  );
}

/**
 * Classes (issue 18, ADR 028): teachers' class management (roster, stream, assignments, accommodations, access
 * code), students' joining and class pages, and each user's private calendar feed. Class routes answer 404 to
 * anyone who neither teaches nor belongs to the class, so a class's existence does not leak.
 */
export const classRoutes: FastifyPluginAsyncZod<ClassRoutesOptions> = async (app, options) => {
  const kit = routeKit(app, options);
  classSetupRoutes(kit);
  classLearnerRoutes(kit);
  classWorkRoutes(kit);
  studentRoutes(kit);
  calendarRoutes(kit);
};
