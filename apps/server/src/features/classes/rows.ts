import type { Accommodation, ClassSummary } from '@lyceum/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { accommodations, type classes } from '#db/schema/index.js';

/** Who calls a class use case: the signed-in user (auth/guards.ts `currentUser`). */
export interface Caller {
  id: string;
  role: string;
}

export type ClassRow = typeof classes.$inferSelect;

/** The rows of a raw statement (`db.execute`), as both drivers return them. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const nameOf = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A page of class summaries from rows joined to a count frame (lib/pages.ts `countFrame`): a page past the end is
 * the frame's row alone, with no class. Only the teacher's list shows the join code.
 */
export function summariesOf(
  rows: { cls: ClassRow | null; firstname: string | null; lastname: string | null; members: number | null }[],
  withCode: boolean,
): ClassSummary[] {
  return rows.flatMap(({ cls, firstname, lastname, members }) =>
    cls
      ? [
          {
            id: cls.id,
            name: cls.name,
            section: cls.section,
            subject: cls.subject,
            archived: cls.archivedAt !== null,
            memberCount: Number(members),
            ...(withCode ? { code: cls.code } : {}),
            teacherName: nameOf({ firstname: firstname ?? '', lastname: lastname ?? '' }),
          },
        ]
      : [],
  );
}

/** A class assignment with its own dates and its assessment's, as the to-do and the class grades read them (SQL). */
export interface AssignmentDatesRow {
  id: string;
  item_id: string;
  title: string;
  course_id: string;
  course_title: string;
  opens_at: Date | string | null;
  due_at: Date | string | null;
  closes_at: Date | string | null;
  base_opens_at: Date | string | null;
  base_due_at: Date | string | null;
  base_closes_at: Date | string | null;
  time_limit_minutes: number | null;
}

export function toAccommodation(row: typeof accommodations.$inferSelect | null | undefined): Accommodation | null {
  if (!row) return null;
  return {
    assignmentId: row.assignmentId,
    extraTimeFactor: row.extraTimeFactor === null ? null : Number(row.extraTimeFactor),
    extraTimeMinutes: row.extraTimeMinutes,
    dueExtensionHours: row.dueExtensionHours,
    extraAttempts: row.extraAttempts,
  };
}

/** A learner's accommodation in a class: for one assignment, or the class-wide one (`assignmentId` null). */
export function accommodationWhere(classId: string, studentId: string, assignmentId: string | null) {
  return and(
    eq(accommodations.classId, classId),
    eq(accommodations.studentId, studentId),
    assignmentId ? eq(accommodations.assignmentId, assignmentId) : isNull(accommodations.assignmentId),
  );
}
