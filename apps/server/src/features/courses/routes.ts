import {
  AdminCoursesQuerySchema,
  AdminTeachersQuerySchema,
  CourseIdParamsSchema,
  CoursePageSchema,
  CourseSchema,
  CourseShelfQuerySchema,
  CourseShelfSchema,
  CourseViewerSchema,
  CreateCourseBodySchema,
  EnrolmentPageSchema,
  EnrolmentSchema,
  EnrolmentsQuerySchema,
  ErrorSchema,
  IdParamsSchema,
  ListCoursesQuerySchema,
  PageQuerySchema,
  PopularCourseShelfSchema,
  PopularCoursesQuerySchema,
  TeacherCoursesQuerySchema,
  TeacherPageSchema,
  UpdateCourseBodySchema,
  WishlistPageSchema,
  WishlistStateSchema,
  DeleteCourseConflictSchema,
  DeleteCourseQuerySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { compiledJson } from '#lib/compiled-json.js';
import { sendKept } from '#lib/response-cache.js';
import { PUBLIC_READ, PUBLIC_READ_FOR_ALL } from '#lib/http-cache.js';
import { denied, invalid, missing, security, signedInRoute, viewerResolver } from '#lib/route-preamble.js';
import { errorBody } from '#plugins/errors.js';
import { CourseHasStudentsError, type CourseService } from './service.js';

export interface CourseRoutesOptions {
  courses: CourseService;
  guards: Guards;
}

/**
 * Courses, the catalogue, wishlist and enrolment. Guards run as preValidation hooks, so a request
 * is authenticated (401) and its role checked (403) before its input is validated (400).
 */
export const courseRoutes: FastifyPluginAsyncZod<CourseRoutesOptions> = async (app, { courses, guards }) => {
  const kit = { app, courses, signedIn: signedInRoute(guards), viewerOf: viewerResolver(guards) };
  catalogueRoutes(kit);
  authoringRoutes(kit);
  adminRoutes(kit);
  wishlistRoutes(kit);
  enrolmentRoutes(kit);
};

type ZodApp = Parameters<FastifyPluginAsyncZod<CourseRoutesOptions>>[0];

/** What each group of course routes registers with: the app, the service and the route helpers made once. */
interface RouteKit {
  app: ZodApp;
  courses: CourseService;
  signedIn: ReturnType<typeof signedInRoute>;
  viewerOf: ReturnType<typeof viewerResolver>;
}

/** The public catalogue: the list, the home shelves, a course's page and the caller's state on it. */
function catalogueRoutes({ app, courses, signedIn, viewerOf }: RouteKit) {
  app.get(
    '/courses',
    {
      config: PUBLIC_READ_FOR_ALL,
      schema: {
        tags: ['courses'],
        summary:
          'The catalogue: published courses, with full-text search, a filter by one or more categories, and sort',
        querystring: ListCoursesQuerySchema,
        response: { 200: CoursePageSchema, ...invalid },
      },
    },
    async (request) => courses.listPublished(request.query),
  );

  app.get(
    '/courses/recommended',
    {
      config: PUBLIC_READ,
      schema: {
        tags: ['courses'],
        summary: "Recommended for you: a student's favoured categories first, otherwise the newest",
        querystring: CourseShelfQuerySchema,
        response: { 200: CourseShelfSchema, ...invalid },
      },
    },
    async (request) => courses.recommended(await viewerOf(request), request.query.limit),
  );

  app.get(
    '/courses/featured',
    {
      config: PUBLIC_READ_FOR_ALL,
      schema: {
        tags: ['courses'],
        summary: 'Featured courses: the top rated published courses',
        querystring: CourseShelfQuerySchema,
        response: { 200: CourseShelfSchema, ...invalid },
      },
    },
    async (request) => courses.featured(request.query.limit),
  );

  app.get(
    '/courses/popular',
    {
      config: PUBLIC_READ_FOR_ALL,
      schema: {
        tags: ['courses'],
        summary: 'Students are viewing: published courses by the number of enrolments in the last `days` days',
        querystring: PopularCoursesQuerySchema,
        response: { 200: PopularCourseShelfSchema, ...invalid },
      },
    },
    async (request) => courses.popular(request.query.days, request.query.limit),
  );

  app.get(
    '/courses/:id',
    {
      // Kept a minute (ADR 020): every API write that changes a course's page drops it at once, in every process —
      // the course's own writes, enrolments, reviews, and its teacher's name, picture or role.
      config: { ...PUBLIC_READ, responseCacheTtlMs: 60_000 },
      schema: {
        tags: ['courses'],
        summary: 'A course: published ones for anyone, drafts for their teacher and admins',
        params: IdParamsSchema,
        response: { 200: CourseSchema, ...invalid, ...missing },
      },
    },
    async (request) => courses.getVisible(request.params.id, await viewerOf(request)),
  );

  app.get(
    '/courses/:id/me',
    {
      ...signedIn({ who: 'user' }),
      schema: {
        tags: ['courses'],
        summary: "The caller's wishlist and enrolment state for a course, and whether they may edit it",
        security,
        params: IdParamsSchema,
        response: { 200: CourseViewerSchema, ...invalid, 401: ErrorSchema, ...missing },
      },
    },
    async (request) => courses.viewerState(currentUser(request), request.params.id),
  );
}

/** A teacher's courses: created, changed, deleted, and their own list (My Courses). */
function authoringRoutes({ app, courses, signedIn }: RouteKit) {
  app.post(
    '/courses',
    {
      ...signedIn({ who: ['teacher', 'admin'] }),
      schema: {
        tags: ['courses'],
        summary: 'Create a course (teachers; admins for a chosen teacher via teacherId)',
        security,
        body: CreateCourseBodySchema,
        response: { 201: CourseSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request, reply) => reply.code(201).send(await courses.create(currentUser(request), request.body)),
  );

  app.patch(
    '/courses/:id',
    {
      ...signedIn({ who: ['teacher', 'admin'], scope: 'course-teacher' }),
      schema: {
        tags: ['courses'],
        summary: 'Change a course (its teacher or an admin); lists sent replace the stored ones',
        security,
        params: IdParamsSchema,
        body: UpdateCourseBodySchema,
        response: { 200: CourseSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => courses.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/courses/:id',
    {
      ...signedIn({ who: ['teacher', 'admin'], scope: 'course-teacher' }),
      schema: {
        tags: ['courses'],
        summary:
          'Delete a course (its teacher or an admin) with its wishlist entries, enrolments and reviews; with enrolled ' +
          'students only when confirm=true (else 409 naming how many)',
        security,
        params: IdParamsSchema,
        querystring: DeleteCourseQuerySchema,
        response: {
          204: z.null().describe('Deleted'),
          ...invalid,
          ...denied,
          ...missing,
          409: DeleteCourseConflictSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await courses.remove(currentUser(request), request.params.id, { confirm: request.query.confirm });
      } catch (error) {
        if (!(error instanceof CourseHasStudentsError)) throw error;
        return reply
          .code(409)
          .send({ ...errorBody(409, error.message), statusCode: 409, enrolledCount: error.enrolledCount });
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/teacher/courses',
    {
      ...signedIn({ who: ['teacher'] }),
      schema: {
        tags: ['courses'],
        summary: "The caller's own courses (My Courses), most recently updated first",
        security,
        querystring: TeacherCoursesQuerySchema,
        response: { 200: CoursePageSchema, ...invalid, ...denied },
      },
    },
    async (request) => courses.listOwn(currentUser(request).id, request.query),
  );
}

/** Admins: every course, the teachers a course may be written for, publishing and unpublishing any course. */
function adminRoutes({ app, courses, signedIn }: RouteKit) {
  app.get(
    '/admin/courses',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags: ['courses', 'admin'],
        summary: 'Every course of every teacher, with search and status filter',
        security,
        querystring: AdminCoursesQuerySchema,
        response: { 200: CoursePageSchema, ...invalid, ...denied },
      },
    },
    async (request) => courses.listAll(request.query),
  );

  app.get(
    '/admin/teachers',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags: ['courses', 'admin'],
        summary: 'Teachers (public fields) by name, username or e-mail: whom an admin may write a course for',
        security,
        querystring: AdminTeachersQuerySchema,
        response: { 200: TeacherPageSchema, ...invalid, ...denied },
      },
    },
    async (request) => courses.listTeachers(request.query),
  );

  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    app.post(
      `/admin/courses/:id/${action}`,
      {
        ...signedIn({ who: ['admin'] }),
        schema: {
          tags: ['courses', 'admin'],
          summary: action === 'publish' ? 'Publish any course' : 'Unpublish any course (back to draft)',
          security,
          params: IdParamsSchema,
          response: { 200: CourseSchema, ...invalid, ...denied, ...missing },
        },
      },
      async (request) => courses.setStatus(request.params.id, status),
    );
  }
}

/** A student's wishlist: listed, a course added and removed. */
function wishlistRoutes({ app, courses, signedIn }: RouteKit) {
  app.get(
    '/student/wishlist',
    {
      ...signedIn({ who: ['student'] }),
      schema: {
        tags: ['wishlist'],
        summary: "The caller's wishlist, most recently added first",
        security,
        querystring: PageQuerySchema,
        response: { 200: WishlistPageSchema, ...invalid, ...denied },
      },
    },
    async (request) => courses.wishlist(currentUser(request).id, request.query),
  );

  app.put(
    '/courses/:id/wishlist',
    {
      ...signedIn({ who: ['student'] }),
      schema: {
        tags: ['wishlist'],
        summary: 'Add a published course to the wishlist (idempotent)',
        security,
        params: IdParamsSchema,
        response: { 200: WishlistStateSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => courses.addToWishlist(currentUser(request).id, request.params.id),
  );

  app.delete(
    '/courses/:id/wishlist',
    {
      ...signedIn({ who: ['student'] }),
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a course from the wishlist (idempotent)',
        security,
        params: IdParamsSchema,
        response: { 200: WishlistStateSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => courses.removeFromWishlist(currentUser(request).id, request.params.id),
  );
}

/** A student's enrolments: enrolling, the list, marking a course completed. */
function enrolmentRoutes({ app, courses, signedIn }: RouteKit) {
  app.post(
    '/courses/:id/enrolment',
    {
      ...signedIn({ who: ['student'] }),
      schema: {
        tags: ['enrolment'],
        summary: 'Enrol in a published course (idempotent: enrolling twice keeps one enrolment)',
        security,
        params: IdParamsSchema,
        response: { 200: EnrolmentSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => courses.enrol(currentUser(request).id, request.params.id),
  );

  app.get(
    '/student/enrolments',
    {
      ...signedIn({ who: ['student'] }),
      schema: {
        tags: ['enrolment'],
        summary: "The caller's enrolments (all, active or completed), most recent first",
        security,
        querystring: EnrolmentsQuerySchema,
        response: { 200: compiledJson(EnrolmentPageSchema), ...invalid, ...denied },
      },
    },
    // Sent as the service keeps it (`enrolmentsJson`).
    async (request, reply) =>
      sendKept(request, reply, (write) => courses.enrolmentsJson(currentUser(request).id, request.query, write)),
  );

  app.post(
    '/student/enrolments/:courseId/complete',
    {
      ...signedIn({ who: ['student'], scope: 'enrolled' }),
      schema: {
        tags: ['enrolment'],
        summary: 'Mark an enrolled course completed (idempotent)',
        security,
        params: CourseIdParamsSchema,
        response: { 200: EnrolmentSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => courses.complete(currentUser(request).id, request.params.courseId),
  );
}
