import { createHash } from 'node:crypto';
import type { GuardianChild, LinkedGuardian } from '@lyceum/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import {
  classes,
  classMembers,
  classTeachers,
  guardianInvitations,
  guardianLinks,
  guardianSettings,
  users,
} from '#db/schema/index.js';

/** Only this digest of an invitation token is stored: a leaked table cannot be turned into working links. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The guardians' queries (issue 52, ADR 060): links, invitations, and who may act on a student. */
export function createGuardianRepository(db: Db) {
  return {
    /** A student account by id (null for another role or none). */
    async findStudent(studentId: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(and(eq(users.id, studentId), eq(users.role, 'student')));
      return row ?? null;
    },

    /** The student's date of birth (YYYY-MM-DD) when the school records one. */
    async dateOfBirth(studentId: string): Promise<string | null> {
      const [row] = await db.select({ dob: users.dateOfBirth }).from(users).where(eq(users.id, studentId));
      return row?.dob ?? null;
    },

    /** Records (or with null, removes) the student's date of birth; false when no such student. */
    async setDateOfBirth(studentId: string, dateOfBirth: string | null): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ dateOfBirth })
        .where(and(eq(users.id, studentId), eq(users.role, 'student')))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    async emailOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    /** The teacher teaches (owns or co-teaches) a class, not archived, of which the student is a member. */
    async teachesStudent(teacherId: string, studentId: string): Promise<boolean> {
      const [row] = await db
        .select({ classId: classMembers.classId })
        .from(classMembers)
        .innerJoin(classTeachers, eq(classTeachers.classId, classMembers.classId))
        .innerJoin(classes, eq(classes.id, classMembers.classId))
        .where(
          and(
            eq(classMembers.studentId, studentId),
            eq(classTeachers.teacherId, teacherId),
            isNull(classes.archivedAt),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertInvitation(values: {
      studentId: string;
      email: string;
      token: string;
      expiresAt: Date;
      invitedBy: string;
    }) {
      const { token, ...rest } = values;
      const [row] = await db
        .insert(guardianInvitations)
        .values({ ...rest, tokenHash: hashInvitationToken(token) })
        .returning({ id: guardianInvitations.id });
      return row!.id;
    },

    /**
     * Uses an open invitation: marking it used and checking it are one statement, so two racing requests cannot
     * both use it. With `email`, only an invitation sent to that address (any case) is used.
     */
    async claimInvitation(token: string, now: Date, email?: string) {
      const conditions = [
        eq(guardianInvitations.tokenHash, hashInvitationToken(token)),
        isNull(guardianInvitations.usedAt),
        gt(guardianInvitations.expiresAt, now),
      ];
      if (email !== undefined) conditions.push(sql`lower(${guardianInvitations.email}) = lower(${email})`);
      const [row] = await db
        .update(guardianInvitations)
        .set({ usedAt: now })
        .where(and(...conditions))
        .returning({
          id: guardianInvitations.id,
          studentId: guardianInvitations.studentId,
          email: guardianInvitations.email,
          invitedBy: guardianInvitations.invitedBy,
        });
      return row ?? null;
    },

    /** Opens an invitation again (the account it was used for could not be created). */
    async releaseInvitation(id: string) {
      await db.update(guardianInvitations).set({ usedAt: null }).where(eq(guardianInvitations.id, id));
    },

    /** An invitation that is still open, whatever its address. */
    async openInvitationExists(token: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: guardianInvitations.id })
        .from(guardianInvitations)
        .where(
          and(
            eq(guardianInvitations.tokenHash, hashInvitationToken(token)),
            isNull(guardianInvitations.usedAt),
            gt(guardianInvitations.expiresAt, now),
          ),
        );
      return Boolean(row);
    },

    /** Links the guardian to the student; a link that exists stays as it was. */
    async link(guardianId: string, studentId: string, createdBy: string | null) {
      await db.insert(guardianLinks).values({ guardianId, studentId, createdBy }).onConflictDoNothing();
    },

    async unlink(guardianId: string, studentId: string): Promise<boolean> {
      const removed = await db
        .delete(guardianLinks)
        .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.studentId, studentId)))
        .returning({ id: guardianLinks.id });
      return removed.length > 0;
    },

    /** The guardian's children, or the one child named (null when not linked). */
    async children(guardianId: string, studentId?: string): Promise<GuardianChild[]> {
      const rows = await db
        .select({
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          username: users.username,
          linkedAt: guardianLinks.createdAt,
        })
        .from(guardianLinks)
        .innerJoin(users, eq(users.id, guardianLinks.studentId))
        .where(
          and(
            eq(guardianLinks.guardianId, guardianId),
            studentId === undefined ? undefined : eq(guardianLinks.studentId, studentId),
          ),
        )
        .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id));
      return rows.map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString() }));
    },

    /** The student's guardians, longest linked first. */
    async guardiansOf(studentId: string): Promise<LinkedGuardian[]> {
      const rows = await db
        .select({
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          linkedAt: guardianLinks.createdAt,
        })
        .from(guardianLinks)
        .innerJoin(users, eq(users.id, guardianLinks.guardianId))
        .where(eq(guardianLinks.studentId, studentId))
        .orderBy(asc(guardianLinks.createdAt), asc(users.id));
      return rows.map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString() }));
    },

    /** The guardian's summary choices as stored: on unless turned off, and the children muted. */
    async summarySettings(guardianId: string) {
      const [settings] = await db
        .select({ weeklySummary: guardianSettings.weeklySummary })
        .from(guardianSettings)
        .where(eq(guardianSettings.guardianId, guardianId));
      const muted = await db
        .select({ studentId: guardianLinks.studentId })
        .from(guardianLinks)
        .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.summaryMuted, true)))
        .orderBy(asc(guardianLinks.studentId));
      return { weeklySummary: settings?.weeklySummary ?? true, mutedStudentIds: muted.map((row) => row.studentId) };
    },

    /** Writes the guardian's summary choices and mutes; returns them as stored. */
    async setSummarySettings(guardianId: string, body: { weeklySummary: boolean; mutedStudentIds: string[] }) {
      return db.transaction(async (tx) => {
        await tx
          .insert(guardianSettings)
          .values({ guardianId, weeklySummary: body.weeklySummary })
          .onConflictDoUpdate({
            target: guardianSettings.guardianId,
            set: { weeklySummary: body.weeklySummary, updatedAt: new Date() },
          });
        const muted = await tx
          .update(guardianLinks)
          .set({
            summaryMuted: body.mutedStudentIds.length
              ? inArray(guardianLinks.studentId, body.mutedStudentIds)
              : sql`false`,
          })
          .where(eq(guardianLinks.guardianId, guardianId))
          .returning({ studentId: guardianLinks.studentId, muted: guardianLinks.summaryMuted });
        return {
          weeklySummary: body.weeklySummary,
          mutedStudentIds: muted.filter((row) => row.muted).map((row) => row.studentId),
        };
      });
    },

    /** The student's classes that are not archived, by name. */
    async classesOf(studentId: string) {
      return db
        .select({ id: classes.id, name: classes.name })
        .from(classMembers)
        .innerJoin(classes, eq(classes.id, classMembers.classId))
        .where(and(eq(classMembers.studentId, studentId), isNull(classes.archivedAt)))
        .orderBy(asc(classes.name), asc(classes.id));
    },
  };
}

export type GuardianRepository = ReturnType<typeof createGuardianRepository>;
