import {
  ADMIN_MESSAGES,
  formatIsoDateTime,
  type AdminUser,
  type AdminUserDetails,
  type AdminUserPage,
  type AdminUsersExportInput,
  type AdminUsersInput,
  type ManagedRole,
  type MessageResponse,
} from '@lyceum/contract';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { badRequest, conflict, forbidden, notFound } from '#lib/errors.js';
import { csvRow, UTF8_BOM } from '#lib/csv.js';
import { timeZoneOf } from '#lib/time-zones.js';
import { createAdminRepository } from './repository.js';
import { pageResult } from '#lib/pages.js';
import { topics, type InvalidationBus } from '#lib/invalidation.js';

/**
 * Mails a password reset link to an address (the accounts feature's service, handed over by the app).
 * It answers the same whether or not the address has an account, and may refuse with 429 when asked too often.
 */
export interface PasswordResetSender {
  requestReset(email: string): Promise<unknown>;
}

export interface AdminServiceDeps {
  passwordResets: PasswordResetSender;
  /** A role is part of the public face shown on reviews and forum posts: a change drops the cached public reads. */
  invalidation?: InvalidationBus;
}

/** Rows per query while exporting: the export's memory stays flat however long the list is. */
const EXPORT_BATCH = 1_000;

export function createAdminService(db: Db, deps: AdminServiceDeps) {
  const repo = createAdminRepository(db);

  /** The target of a moderation action: it exists, is not the caller and is not an admin. */
  async function managedTarget(actor: SessionUser, id: string, selfMessage: string) {
    const target = await repo.findHead(id);
    if (!target) throw notFound('User not found');
    if (target.id === actor.id) throw badRequest(selfMessage);
    if (target.role === 'admin') throw forbidden(ADMIN_MESSAGES.adminsNotManaged);
    return target;
  }

  async function reload(id: string): Promise<AdminUser> {
    const user = await repo.findUser(id);
    if (!user) throw notFound('User not found');
    return user;
  }

  return {
    async listUsers(query: AdminUsersInput): Promise<AdminUserPage> {
      const { page, pageSize, ...filter } = query;
      const { items, total } = await repo.userPage(filter, { page, pageSize });
      return pageResult(items, { page, pageSize }, total);
    },

    async details(id: string): Promise<AdminUserDetails> {
      const profile = await repo.findProfile(id);
      if (!profile) throw notFound('User not found');
      const none = { items: [], total: 0 };
      const [enrolments, courses, reviews, questions, answers] = await Promise.all([
        profile.role === 'student' ? repo.latestEnrolments(id) : none,
        profile.role === 'teacher' ? repo.latestCourses(id) : none,
        repo.latestReviews(id, profile.role),
        repo.latestQuestions(id),
        repo.latestAnswers(id),
      ]);
      return { profile, enrolments, courses, reviews, questions, answers };
    },

    /** Suspends the account and ends all its sessions; suspending a suspended account changes nothing. */
    async suspend(actor: SessionUser, id: string): Promise<AdminUser> {
      const target = await managedTarget(actor, id, ADMIN_MESSAGES.cannotSuspendSelf);
      if (target.status !== 'suspended') await repo.setStatus(id, 'suspended');
      return reload(id);
    },

    /** Lets the account log in again (its old tokens stay revoked). */
    async reactivate(actor: SessionUser, id: string): Promise<AdminUser> {
      const target = await managedTarget(actor, id, ADMIN_MESSAGES.cannotSuspendSelf);
      if (target.status !== 'active') await repo.setStatus(id, 'active');
      return reload(id);
    },

    /**
     * A student becomes a teacher or back; the account's sessions end (their tokens carry the old role).
     * A teacher who still owns courses stays a teacher: a student cannot own courses.
     */
    async changeRole(actor: SessionUser, id: string, role: ManagedRole): Promise<AdminUser> {
      const target = await managedTarget(actor, id, ADMIN_MESSAGES.cannotChangeOwnRole);
      // A guardian is made only through an invitation and is linked as one (issue 52, ADR 060): never re-roled.
      if (target.role === 'guardian') throw conflict(ADMIN_MESSAGES.guardianRoleFixed);
      if (target.role !== role) {
        if (target.role === 'teacher' && (await repo.countCoursesOf(id)) > 0) {
          throw conflict(ADMIN_MESSAGES.teacherHasCourses);
        }
        await repo.setRole(id, role);
        deps.invalidation?.publish(topics.everything());
      }
      return reload(id);
    },

    /** Mails the user a reset link through the accounts feature (same link, expiry and throttle as "forgot"). */
    async sendPasswordReset(actor: SessionUser, id: string): Promise<MessageResponse> {
      const target = await repo.findHead(id);
      if (!target) throw notFound('User not found');
      if (target.role === 'admin' && target.id !== actor.id) throw forbidden(ADMIN_MESSAGES.adminsNotManaged);
      if (target.status !== 'active') throw conflict(ADMIN_MESSAGES.suspendedNoReset);
      await deps.passwordResets.requestReset(target.email);
      return { message: ADMIN_MESSAGES.resetLinkSent };
    },

    /**
     * The filtered list as CSV lines (header first), read from the database in batches. The first batch is read
     * before the header is produced, so a query the database refuses fails before the answer starts (a clean
     * JSON error) instead of cutting the file short.
     */
    async *exportCsv(query: AdminUsersExportInput, exporterId: string): AsyncGenerator<string> {
      // Dates as ISO 8601 with the offset of the exporter's zone (issue 46.9).
      const zone = await timeZoneOf(db, exporterId);
      const header = csvRow([
        'ID',
        'First name',
        'Last name',
        'Username',
        'Email',
        'Phone',
        'Role',
        'Status',
        'Joined',
        query.role === 'teacher' ? 'Courses' : 'Enrolments',
      ]);
      const rowsOf = (batch: AdminUser[]) =>
        batch
          .map((user) =>
            csvRow([
              user.id,
              user.firstname,
              user.lastname,
              user.username,
              user.email,
              user.phone,
              user.role,
              user.status,
              formatIsoDateTime(user.createdAt, zone),
              user.courseCount ?? user.enrolmentCount ?? 0,
            ]),
          )
          .join('');
      const batches = repo.allUsers(query, EXPORT_BATCH);
      const first = await batches.next();
      yield UTF8_BOM + header + (first.done ? '' : rowsOf(first.value));
      if (first.done) return;
      for await (const batch of batches) yield rowsOf(batch);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
