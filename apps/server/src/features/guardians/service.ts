import { randomBytes } from 'node:crypto';
import {
  ADULT_AGE,
  type Announcement,
  type ClassGrade,
  GUARDIAN_INVITATION_TTL_MS,
  GUARDIAN_MESSAGES,
  type GuardianChild,
  type GuardianChildOverview,
  type GuardianInvitation,
  type GuardianRegisterBody,
  type GuardianSummarySettings,
  type LinkedGuardians,
  type MyGuardians,
  type Profile,
  type RegisterResponse,
  type StudentDateOfBirth,
  type StudentTodo,
} from '@lyceum/contract';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import type { Clock } from '#lib/attempt-counter.js';
import { badRequest, conflict, forbidden, notFound } from '#lib/errors.js';
import type { Page, Paging } from '#lib/pages.js';
import { sendInBackground, type MailLog, type Mailer } from '#lib/mailer.js';
import { createGuardianRepository } from './repository.js';

/**
 * What the guardians feature is handed by `buildApp` (ADR 054): no other feature is imported (ADR 058), these
 * are the accounts feature's registration and the to-do feature's reader, by their shapes.
 */
export interface GuardianDeps {
  mailer: Mailer;
  log?: MailLog;
  clock: Clock;
  /** The web app's address, for the link in the mail. */
  publicUrl: string;
  /** The school's adult-students setting: every student decides about their guardians (ADR 070). */
  adultStudents?: boolean;
  /** Creates an account as the registration form does (password policy, username), here with the guardian role. */
  createAccount: (body: Omit<GuardianRegisterBody, 'token'> & { email: string; role: 'guardian' }) => Promise<Profile>;
  /** The student's to-do, as GET /api/me/todo answers it (kept per student by the to-do feature). */
  studentTodo: (studentId: string) => Promise<StudentTodo>;
  /**
   * The student's own scores in one of their classes, as GET /api/student/classes/:id/grades answers the student
   * (released ones with numbers, the others `released: false` without); 404 when not a member.
   */
  childGrades: (studentId: string, classId: string, paging: Paging) => Promise<Page<ClassGrade>>;
  /** The class's teacher announcements as the student (a member) reads them; 404 when not a member. */
  childAnnouncements: (studentId: string, classId: string, paging: Paging) => Promise<Page<Announcement>>;
}

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/guardian-invitation?token=${encodeURIComponent(token)}`;
}

function invitationMail(student: { firstname: string; lastname: string }, link: string) {
  const name = `${student.firstname} ${student.lastname}`.trim();
  return {
    subject: `You are invited to follow ${name} on Lyceum`,
    text:
      'Hello,\n\n' +
      `${name}'s school invites you to Lyceum as their guardian: you will see their work due, missing work ` +
      'and their classes, read-only.\n\n' +
      'Open this link within 7 days to create your guardian account, or to sign in with the guardian account ' +
      'you already have for this e-mail address:\n\n' +
      `${link}\n\n` +
      'The link works once. If you do not know this student, ignore this e-mail.\n',
  };
}

/** Guardians (issue 52, ADR 060): invitations, links, and what a linked guardian reads of a child. */
export function createGuardianService(db: Db, deps: GuardianDeps) {
  const repo = createGuardianRepository(db);
  const now = () => new Date(deps.clock());

  /** The student, when the caller is an admin or teaches one of their classes; 404 otherwise (nothing told). */
  async function studentForSchool(actor: SessionUser, studentId: string) {
    const student = await repo.findStudent(studentId);
    const allowed =
      student &&
      (actor.role === 'admin' || (actor.role === 'teacher' && (await repo.teachesStudent(actor.id, studentId))));
    if (!student || !allowed) throw notFound(GUARDIAN_MESSAGES.studentNotFound);
    return student;
  }

  /**
   * Whether the student decides about their guardians (ADR 070): the school's adult-students setting, or a date of
   * birth ADULT_AGE years or more before today (UTC).
   */
  async function isAdult(studentId: string): Promise<boolean> {
    if (deps.adultStudents) return true;
    const dob = await repo.dateOfBirth(studentId);
    if (!dob) return false;
    const today = now();
    const cutoff = new Date(Date.UTC(today.getUTCFullYear() - ADULT_AGE, today.getUTCMonth(), today.getUTCDate()));
    return dob <= cutoff.toISOString().slice(0, 10);
  }

  async function dateOfBirthOf(studentId: string): Promise<StudentDateOfBirth> {
    if (!(await repo.findStudent(studentId))) throw notFound(GUARDIAN_MESSAGES.studentNotFound);
    return {
      dateOfBirth: await repo.dateOfBirth(studentId),
      adult: await isAdult(studentId),
      allAdults: Boolean(deps.adultStudents),
    };
  }

  /** The child of a guardian, or 404: a student they are not linked to is not found, whoever it is. */
  async function childOf(guardianId: string, studentId: string): Promise<GuardianChild> {
    const [child] = await repo.children(guardianId, studentId);
    if (!child) throw notFound(GUARDIAN_MESSAGES.childNotFound);
    return child;
  }

  return {
    /** The link check every guardian read runs, for other features through `buildApp` (e.g. attendance). */
    childOf,

    async invite(actor: SessionUser, studentId: string, email: string): Promise<GuardianInvitation> {
      const student = await studentForSchool(actor, studentId);
      const address = email.trim();
      if (address.toLowerCase() === student.email.toLowerCase()) throw badRequest(GUARDIAN_MESSAGES.ownAddress);
      if (await isAdult(studentId)) throw conflict(GUARDIAN_MESSAGES.adultStudent);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(deps.clock() + GUARDIAN_INVITATION_TTL_MS);
      const id = await repo.insertInvitation({ studentId, email: address, token, expiresAt, invitedBy: actor.id });
      const mail = invitationMail(student, invitationLink(deps.publicUrl, token));
      void sendInBackground(deps.mailer, { to: address, ...mail }, deps.log);
      return { id, studentId, email: address, expiresAt: expiresAt.toISOString() };
    },

    /**
     * A signed-in guardian uses an invitation sent to their own address: linked at once. An open invitation for
     * another address is refused (403) and stays open; a used, expired or unknown one is 400.
     */
    async accept(guardian: SessionUser, token: string): Promise<GuardianChild> {
      const email = (await repo.emailOf(guardian.id)) ?? '';
      const claimed = await repo.claimInvitation(token, now(), email);
      if (!claimed) {
        if (await repo.openInvitationExists(token, now())) throw forbidden(GUARDIAN_MESSAGES.invitationForOtherEmail);
        throw badRequest(GUARDIAN_MESSAGES.invitationInvalid);
      }
      // Sent before the student turned 18 (or the setting): used up, and no link without the student (ADR 070).
      if (await isAdult(claimed.studentId)) throw conflict(GUARDIAN_MESSAGES.adultStudent);
      await repo.link(guardian.id, claimed.studentId, claimed.invitedBy);
      return childOf(guardian.id, claimed.studentId);
    },

    /**
     * A new guardian account through an invitation: the address is the invitation's, the role guardian, and the
     * account is linked to the child. The invitation is used first (once, across racing requests) and opened
     * again when the account cannot be created (e.g. the address has an account: 409, sign in and accept).
     */
    async register(body: GuardianRegisterBody): Promise<RegisterResponse> {
      const { token, ...fields } = body;
      const claimed = await repo.claimInvitation(token, now());
      if (!claimed) throw badRequest(GUARDIAN_MESSAGES.invitationInvalid);
      if (await isAdult(claimed.studentId)) throw conflict(GUARDIAN_MESSAGES.adultStudent);
      let user: Profile;
      try {
        user = await deps.createAccount({ ...fields, email: claimed.email, role: 'guardian' });
      } catch (error) {
        await repo.releaseInvitation(claimed.id);
        throw error;
      }
      await repo.link(user.id, claimed.studentId, claimed.invitedBy);
      return { message: GUARDIAN_MESSAGES.registered, user };
    },

    async children(guardianId: string) {
      return { items: await repo.children(guardianId) };
    },

    /** The student's guardians, and whether they decide (ADR 070): the web offers Unlink only then. */
    async guardiansOfMe(studentId: string): Promise<MyGuardians> {
      return { items: await repo.guardiansOf(studentId), canUnlink: await isAdult(studentId) };
    },

    async guardiansOf(actor: SessionUser, studentId: string): Promise<LinkedGuardians> {
      await studentForSchool(actor, studentId);
      return { items: await repo.guardiansOf(studentId) };
    },

    /**
     * A student of 18 or more ends a guardian's link themselves (ADR 070), at once: the guardian's next read is 404,
     * and no invitation links them again without the student. Younger students: 409, the school decides.
     */
    async unlinkMine(studentId: string, guardianId: string) {
      if (!(await isAdult(studentId))) throw conflict(GUARDIAN_MESSAGES.notAdult);
      if (!(await repo.unlink(guardianId, studentId))) throw notFound(GUARDIAN_MESSAGES.linkNotFound);
      return { message: GUARDIAN_MESSAGES.unlinkedByYou };
    },

    /** The guardian's weekly summary choices (on by default, no child muted). */
    async summarySettings(guardianId: string): Promise<GuardianSummarySettings> {
      return repo.summarySettings(guardianId);
    },

    /** The student's date of birth and whether they are an adult now (ADR 070), for an admin; 404 for a non-student. */
    dateOfBirth: dateOfBirthOf,

    /** An admin records (or removes) a student's date of birth: the 18+ rule reads it from the next request on. */
    async setDateOfBirth(studentId: string, dateOfBirth: string | null): Promise<StudentDateOfBirth> {
      if (dateOfBirth && dateOfBirth > now().toISOString().slice(0, 10))
        throw badRequest(GUARDIAN_MESSAGES.dateOfBirthInFuture);
      if (!(await repo.setDateOfBirth(studentId, dateOfBirth))) throw notFound(GUARDIAN_MESSAGES.studentNotFound);
      return dateOfBirthOf(studentId);
    },

    /** The weekly summary on or off, and the children left out (any id not a child of theirs is ignored). */
    async setSummarySettings(guardianId: string, body: GuardianSummarySettings): Promise<GuardianSummarySettings> {
      return repo.setSummarySettings(guardianId, body);
    },

    /** Ends a link at once: the guardian's next read of this child is 404. */
    async unlink(actor: SessionUser, studentId: string, guardianId: string) {
      await studentForSchool(actor, studentId);
      if (!(await repo.unlink(guardianId, studentId))) throw notFound(GUARDIAN_MESSAGES.linkNotFound);
      return { message: GUARDIAN_MESSAGES.unlinked };
    },

    /**
     * The child's released grades in one of their classes, for a linked guardian only: an unreleased score is left
     * out altogether (not even its title), so nothing the school has not released reaches the family.
     */
    async grades(guardianId: string, studentId: string, classId: string, paging: Paging): Promise<Page<ClassGrade>> {
      await childOf(guardianId, studentId);
      const page = await deps.childGrades(studentId, classId, paging);
      return { ...page, items: page.items.filter((grade) => grade.released) };
    },

    /** The teacher announcements of one of the child's classes, for a linked guardian only. */
    async announcements(guardianId: string, studentId: string, classId: string, paging: Paging) {
      await childOf(guardianId, studentId);
      return deps.childAnnouncements(studentId, classId, paging);
    },

    /** The child's classes and work due, for a linked guardian only (the link is read on every request). */
    async overview(guardianId: string, studentId: string): Promise<GuardianChildOverview> {
      const child = await childOf(guardianId, studentId);
      const [classList, todo] = await Promise.all([repo.classesOf(studentId), deps.studentTodo(studentId)]);
      const { overdue, today, week, dayEndsAt } = todo;
      return { child, classes: classList, todo: { overdue, today, week, dayEndsAt } };
    },
  };
}

export type GuardianService = ReturnType<typeof createGuardianService>;
