import {
  AnnouncementPageSchema,
  ClassGradePageSchema,
  ErrorSchema,
  GuardianChildClassParamsSchema,
  GuardianIdParamsSchema,
  GuardianSummarySettingsSchema,
  GuardianUnsubscribeQuerySchema,
  PageQuerySchema,
  GuardianAcceptBodySchema,
  GuardianChildOverviewSchema,
  GuardianChildSchema,
  GuardianChildrenSchema,
  GuardianInvitationSchema,
  GuardianInviteBodySchema,
  GuardianLinkParamsSchema,
  GuardianRegisterBodySchema,
  LinkedGuardiansSchema,
  MessageResponseSchema,
  MyGuardiansSchema,
  RegisterResponseSchema,
  StudentDateOfBirthBodySchema,
  StudentDateOfBirthSchema,
  StudentIdParamsSchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { compiledJson } from '#lib/compiled-json.js';
import { denied, guardedRoutes, invalid, missing, type SignedInAccess } from '#lib/route-preamble.js';
import type { GuardianService } from './service.js';
import type { createWeeklySummary } from './summary.js';

export interface GuardianRoutesOptions {
  guardians: GuardianService;
  summary: ReturnType<typeof createWeeklySummary>;
  guards: Guards;
  /** Requests per minute per client on the registration through an invitation (as on /auth/register). */
  authRateLimit: number;
}

/** A teacher of one of the student's classes (not archived), or any admin. */
const SCHOOL: SignedInAccess = { who: ['teacher', 'admin'], scope: 'class-teacher', adminOverride: true };
/** The school's administration: a student's date of birth (ADR 070). */
const ADMIN: SignedInAccess = { who: ['admin'] };
/** A guardian: their own links only. */
const GUARDIAN: SignedInAccess = { who: ['guardian'] };
/** A guardian linked to the student the path names: 404 for any other student. */
const GUARDIAN_OF: SignedInAccess = { who: ['guardian'], scope: 'guardian-of' };
/** The invitation's addressee: a guardian signed in with the address it was sent to. */
const INVITEE: SignedInAccess = { who: ['guardian'], scope: 'owner' };

/** Guardians (issue 52, ADR 060): invitations, links, and the guardian's read of a child. */
export const guardianRoutes: FastifyPluginAsyncZod<GuardianRoutesOptions> = async (
  app,
  { guardians, summary, guards, authRateLimit },
) => {
  const route = guardedRoutes(guards, { tags: ['guardians'], errors: { ...invalid, ...denied, ...missing } });

  app.post(
    '/students/:studentId/guardian-invitations',
    route(SCHOOL, {
      summary: "Invite a guardian of the student by e-mail (a teacher of one of the student's classes, or an admin)",
      params: StudentIdParamsSchema,
      body: GuardianInviteBodySchema,
      response: { 201: GuardianInvitationSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await guardians.invite(currentUser(request), request.params.studentId, request.body.email)),
  );

  app.get(
    '/students/:studentId/guardians',
    route(SCHOOL, {
      summary: "The student's guardians, for a teacher of one of their classes or an admin",
      params: StudentIdParamsSchema,
      response: { 200: LinkedGuardiansSchema },
    }),
    async (request) => guardians.guardiansOf(currentUser(request), request.params.studentId),
  );

  app.delete(
    '/students/:studentId/guardians/:guardianId',
    route(SCHOOL, {
      summary: 'Unlink a guardian from the student: the guardian loses the child at once',
      params: GuardianLinkParamsSchema,
      response: { 200: MessageResponseSchema },
    }),
    async (request) => guardians.unlink(currentUser(request), request.params.studentId, request.params.guardianId),
  );

  app.get(
    '/students/:studentId/date-of-birth',
    route(ADMIN, {
      summary: "A student's date of birth as the school recorded it, and whether the 18+ rule applies to them now",
      params: StudentIdParamsSchema,
      response: { 200: StudentDateOfBirthSchema },
    }),
    async (request) => guardians.dateOfBirth(request.params.studentId),
  );

  app.put(
    '/students/:studentId/date-of-birth',
    route(ADMIN, {
      summary: "Record a student's date of birth (null removes it): from 18 they decide about their guardians",
      params: StudentIdParamsSchema,
      body: StudentDateOfBirthBodySchema,
      response: { 200: StudentDateOfBirthSchema },
    }),
    async (request) => guardians.setDateOfBirth(request.params.studentId, request.body.dateOfBirth),
  );

  app.get(
    '/me/guardians',
    route(
      { who: ['student'] },
      {
        summary: "The student's own guardians: who is linked to them, and whether they may unlink them (18+)",
        response: { 200: MyGuardiansSchema },
      },
    ),
    async (request) => guardians.guardiansOfMe(currentUser(request).id),
  );

  app.delete(
    '/me/guardians/:guardianId',
    route(
      { who: ['student'] },
      {
        summary: 'A student aged 18 or more unlinks one of their guardians (409 before: the school decides)',
        params: GuardianIdParamsSchema,
        response: { 200: MessageResponseSchema, 409: ErrorSchema },
      },
    ),
    async (request) => guardians.unlinkMine(currentUser(request).id, request.params.guardianId),
  );

  app.post(
    '/guardian/invitations/accept',
    route(INVITEE, {
      summary: 'A signed-in guardian uses an invitation sent to their address: the child is linked',
      body: GuardianAcceptBodySchema,
      response: { 200: GuardianChildSchema },
    }),
    async (request) => guardians.accept(currentUser(request), request.body.token),
  );

  app.get(
    '/guardian/children',
    route(GUARDIAN, { summary: "The guardian's children", response: { 200: GuardianChildrenSchema } }),
    async (request) => guardians.children(currentUser(request).id),
  );

  app.get(
    '/guardian/children/:studentId/overview',
    route(GUARDIAN_OF, {
      summary: "A child's classes and work due (missing, today, this week), read-only, for a linked guardian",
      params: StudentIdParamsSchema,
      response: { 200: compiledJson(GuardianChildOverviewSchema) },
    }),
    async (request) => guardians.overview(currentUser(request).id, request.params.studentId),
  );

  app.get(
    '/guardian/children/:studentId/classes/:classId/grades',
    route(GUARDIAN_OF, {
      summary:
        "A child's released scores in one of their classes (a page of the class's assignments; unreleased ones left out), read-only",
      params: GuardianChildClassParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: ClassGradePageSchema },
    }),
    async (request) =>
      guardians.grades(currentUser(request).id, request.params.studentId, request.params.classId, request.query),
  );

  app.get(
    '/guardian/children/:studentId/classes/:classId/announcements',
    route(GUARDIAN_OF, {
      summary: "The teacher announcements of one of a child's classes, newest first, read-only",
      params: GuardianChildClassParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: AnnouncementPageSchema },
    }),
    async (request) =>
      guardians.announcements(currentUser(request).id, request.params.studentId, request.params.classId, request.query),
  );

  app.get(
    '/guardian/summary-settings',
    route(GUARDIAN, {
      summary: 'The weekly summary e-mail on or off, and the children left out of it, as the guardian chose them',
      response: { 200: GuardianSummarySettingsSchema },
    }),
    async (request) => guardians.summarySettings(currentUser(request).id),
  );

  app.put(
    '/guardian/summary-settings',
    route(GUARDIAN, {
      summary: 'The weekly summary e-mail on or off, and the children left out of it (the others are listed)',
      body: GuardianSummarySettingsSchema,
      response: { 200: GuardianSummarySettingsSchema },
    }),
    async (request) => guardians.setSummarySettings(currentUser(request).id, request.body),
  );

  const unsubscribeSchema = {
    tags: ['guardians'],
    querystring: GuardianUnsubscribeQuerySchema,
  };
  app.get(
    '/guardian/summary/unsubscribe',
    {
      config: { access: { who: 'public' }, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: {
        ...unsubscribeSchema,
        summary: "The page of the weekly summary mail's link: one button that unsubscribes",
      },
    },
    // A page, not the change: mail scanners open links; the button posts (RFC 8058's one-click is the header's POST).
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lyceum</title></head><body>` +
            `<form method="post" action="?token=${encodeURIComponent(request.query.token)}">` +
            `<button type="submit">Stop the weekly summary</button></form></body></html>`,
        ),
  );
  app.post(
    '/guardian/summary/unsubscribe',
    {
      config: { access: { who: 'public' }, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: {
        ...unsubscribeSchema,
        summary:
          'One-click unsubscribe from the weekly summary (RFC 8058), no session: the signed token names the guardian',
        response: { 200: MessageResponseSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => summary.unsubscribe(request.query.token),
  );

  app.post(
    '/auth/guardian-registration',
    {
      config: { access: { who: 'public' }, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['guardians'],
        summary: 'Create a guardian account through an invitation (its address, the guardian role) and link the child',
        body: GuardianRegisterBodySchema,
        response: { 201: RegisterResponseSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await guardians.register(request.body)),
  );
};
