import { RegisterBodySchema } from './auth.js';
import { DateTimeSchema, IdSchema, textInput } from './common.js';
import { StudentTodoSchema } from './todo.js';
import { EmailSchema } from './users.js';
import { z } from './zod.js';

/* Guardians (issue 52, ADR 060): a guardian is linked to a student through an e-mailed invitation. */

/** An invitation link works for this long, once. */
export const GUARDIAN_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const GUARDIAN_MESSAGES = {
  invitationSent: 'The invitation has been sent',
  invitationInvalid: 'This invitation has expired or has already been used.',
  invitationForOtherEmail: 'This invitation was sent to another e-mail address.',
  studentNotFound: 'Student not found',
  childNotFound: 'Child not found',
  linkNotFound: 'This guardian is not linked to this student',
  ownAddress: "A student's own e-mail address cannot be their guardian's",
  registered: 'Guardian account created',
  linked: 'You are now linked to your child',
  unlinked: 'The guardian is no longer linked to this student',
  /** ADR 070: only a student aged 18 or more (date of birth, or the school's adult-students setting) decides. */
  notAdult: 'Until you are 18, your school decides who is linked to you',
  adultStudent: 'This student is 18 or older: they decide whether a guardian is linked',
  unlinkedByYou: 'This guardian is no longer linked to you',
  dateOfBirthInFuture: 'The date of birth cannot be in the future',
} as const;

/** A student aged this or more decides whether guardians stay linked (ADR 070). */
export const ADULT_AGE = 18;

/** PUT /api/students/:studentId/date-of-birth (an admin, ADR 070): the date the 18+ rule reads; null removes it. */
export const StudentDateOfBirthBodySchema = z.strictObject({
  dateOfBirth: z.iso
    .date({ error: 'must be a date (YYYY-MM-DD)' })
    .refine((day) => day >= '1900-01-01', { error: 'must be after 1900' })
    .nullable(),
});
export type StudentDateOfBirthBody = z.infer<typeof StudentDateOfBirthBodySchema>;

/** The student's date of birth as the school recorded it, and whether the 18+ rule makes them decide now. */
export const StudentDateOfBirthSchema = z.object({
  dateOfBirth: z.string().nullable(),
  /** 18 or more today (UTC), or the school's adult-students setting: they decide about their guardians. */
  adult: z.boolean(),
  /** The school's adult-students setting is on: every student is an adult, whatever the date. */
  allAdults: z.boolean(),
});
export type StudentDateOfBirth = z.infer<typeof StudentDateOfBirthSchema>;

/** Path parameter `:studentId`. */
export const StudentIdParamsSchema = z.object({ studentId: IdSchema });
/** Path parameters `:studentId/:guardianId`. */
export const GuardianLinkParamsSchema = z.object({ studentId: IdSchema, guardianId: IdSchema });
/** Path parameter `:guardianId` (a student's own guardian). */
export const GuardianIdParamsSchema = z.object({ guardianId: IdSchema });
/** Path parameters `:studentId/classes/:classId` of a guardian's read of one of the child's classes. */
export const GuardianChildClassParamsSchema = z.object({ studentId: IdSchema, classId: IdSchema });

/** POST /api/students/:studentId/guardian-invitations: a teacher of the student's class, or an admin. */
export const GuardianInviteBodySchema = z.object({ email: EmailSchema });
export type GuardianInviteBody = z.infer<typeof GuardianInviteBodySchema>;

export const GuardianInvitationSchema = z.object({
  id: IdSchema,
  studentId: IdSchema,
  email: z.string(),
  expiresAt: DateTimeSchema,
});
export type GuardianInvitation = z.infer<typeof GuardianInvitationSchema>;

/** The secret of an invitation, as the e-mailed link carries it. */
const InvitationTokenSchema = textInput().min(20, { error: 'is not a valid invitation' }).max(200);

/** POST /api/guardian/invitations/accept: a signed-in guardian links the invitation's child. */
export const GuardianAcceptBodySchema = z.object({ token: InvitationTokenSchema });
export type GuardianAcceptBody = z.infer<typeof GuardianAcceptBodySchema>;

/**
 * POST /api/auth/guardian-registration: a new guardian account through an invitation. The e-mail address is the
 * invitation's; the role is always guardian.
 */
export const GuardianRegisterBodySchema = RegisterBodySchema.omit({ email: true, role: true }).extend({
  token: InvitationTokenSchema,
});
export type GuardianRegisterBody = z.infer<typeof GuardianRegisterBodySchema>;

/** A child as their guardian sees them. */
export const GuardianChildSchema = z.object({
  id: IdSchema,
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  linkedAt: DateTimeSchema,
});
export type GuardianChild = z.infer<typeof GuardianChildSchema>;

/** GET /api/guardian/children. */
export const GuardianChildrenSchema = z.object({ items: z.array(GuardianChildSchema) });
export type GuardianChildren = z.infer<typeof GuardianChildrenSchema>;

/** A guardian as the student (GET /api/me/guardians) and the school (GET /api/students/:studentId/guardians) see them. */
export const LinkedGuardianSchema = z.object({
  id: IdSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  linkedAt: DateTimeSchema,
});
export type LinkedGuardian = z.infer<typeof LinkedGuardianSchema>;

export const LinkedGuardiansSchema = z.object({ items: z.array(LinkedGuardianSchema) });
export type LinkedGuardians = z.infer<typeof LinkedGuardiansSchema>;

/**
 * GET /api/me/guardians: the student's own guardians, and whether they may unlink them themselves (ADR 070: aged 18
 * or more, or the school's adult-students setting; otherwise DELETE /api/me/guardians/:guardianId is 409).
 */
export const MyGuardiansSchema = LinkedGuardiansSchema.extend({ canUnlink: z.boolean() });
export type MyGuardians = z.infer<typeof MyGuardiansSchema>;

/** GET /api/guardian/children/:studentId/overview: read-only, only for a linked guardian. */
export const GuardianChildOverviewSchema = z.object({
  child: GuardianChildSchema,
  /** The child's classes that are not archived, by name. */
  classes: z.array(z.object({ id: IdSchema, name: z.string() })),
  /** The child's work due: missing (overdue), today and this week, as the child's own to-do lists it. */
  todo: StudentTodoSchema.pick({ overdue: true, today: true, week: true, dayEndsAt: true }),
});
export type GuardianChildOverview = z.infer<typeof GuardianChildOverviewSchema>;

/** PUT /api/guardian/summary-settings (ADR 070): the weekly summary on or off, and the children left out of it. */
export const GuardianSummarySettingsSchema = z.strictObject({
  weeklySummary: z.boolean(),
  mutedStudentIds: z.array(IdSchema).max(100),
});
export type GuardianSummarySettings = z.infer<typeof GuardianSummarySettingsSchema>;

/** ?token= of the weekly summary's unsubscribe link. */
export const GuardianUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });
