import type { AccommodationBody } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { accommodations, classAssignments, classMembers } from '#db/schema/index.js';
import { fieldError, notFound } from '#lib/errors.js';
import type { ClassContext } from './context.js';
import { accommodationWhere, toAccommodation, type Caller } from './rows.js';

/** A learner's accommodations in a class: class-wide or for one assignment, set and cleared by a teacher. */
export function createAccommodations({ db, taughtClass, assertWritable }: ClassContext) {
  async function assertMemberOf(classId: string, studentId: string) {
    const [row] = await db
      .select({ id: classMembers.studentId })
      .from(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, studentId)))
      .limit(1);
    if (!row) throw notFound('This student is not in the class');
  }

  async function assertAssignmentOf(classId: string, assignmentId: string) {
    const [row] = await db
      .select({ id: classAssignments.id })
      .from(classAssignments)
      .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classId)))
      .limit(1);
    if (!row) throw fieldError('assignmentId', 'is not an assignment of this class');
  }

  return {
    async setAccommodation(caller: Caller, classId: string, studentId: string, body: AccommodationBody) {
      assertWritable(await taughtClass(classId, caller));
      await assertMemberOf(classId, studentId);
      const assignmentId = body.assignmentId ?? null;
      if (assignmentId) await assertAssignmentOf(classId, assignmentId);
      const values = {
        classId,
        studentId,
        assignmentId,
        extraTimeFactor: body.extraTimeFactor ?? null,
        extraTimeMinutes: body.extraTimeMinutes ?? null,
        dueExtensionHours: body.dueExtensionHours ?? 0,
        extraAttempts: body.extraAttempts ?? 0,
      };
      const row = await db.transaction(async (tx) => {
        await tx.delete(accommodations).where(accommodationWhere(classId, studentId, assignmentId));
        const [inserted] = await tx.insert(accommodations).values(values).returning();
        return inserted;
      });
      return toAccommodation(row)!;
    },

    async clearAccommodation(caller: Caller, classId: string, studentId: string, assignmentId: string | null) {
      assertWritable(await taughtClass(classId, caller));
      const removed = await db
        .delete(accommodations)
        .where(accommodationWhere(classId, studentId, assignmentId))
        .returning({ id: accommodations.id });
      if (removed.length === 0) throw notFound('No accommodation to remove');
      return { ok: true as const };
    },
  };
}
