import { CLASS_LIMITS, CLASS_MESSAGES } from '@lyceum/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { classMembers, classTeachers, users } from '#db/schema/index.js';
import { fieldError, forbidden, notFound } from '#lib/errors.js';
import { raiseEvent } from '#lib/events.js';
import type { ClassContext } from './context.js';
import type { Caller } from './rows.js';

/** Who is in a class: co-teachers added and removed, a member removed by a teacher or leaving. */
export function createMembership({ db, taughtClass, memberClass, assertWritable, teacherView }: ClassContext) {
  return {
    async addCoTeacher(caller: Caller, classId: string, email: string) {
      assertWritable(await taughtClass(classId, caller));
      const [teacher] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email), eq(users.role, 'teacher'), eq(users.status, 'active')))
        .limit(1);
      if (!teacher) throw fieldError('email', CLASS_MESSAGES.noSuchTeacher);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(classTeachers)
        .where(eq(classTeachers.classId, classId));
      if (n > CLASS_LIMITS.coTeachersPerClass) throw fieldError('email', 'this class has the most co-teachers allowed');
      const cls = await taughtClass(classId, caller);
      await db.transaction(async (tx) => {
        const added = await tx
          .insert(classTeachers)
          .values({ classId, teacherId: teacher.id })
          .onConflictDoNothing()
          .returning({ id: classTeachers.teacherId });
        if (added.length > 0 && teacher.id !== caller.id) {
          await raiseEvent(tx, {
            type: 'class.membership',
            recipients: [teacher.id],
            data: { classId, className: cls.name, change: 'added', as: 'teacher' },
          });
        }
      });
      return teacherView(await taughtClass(classId, caller));
    },

    async removeCoTeacher(caller: Caller, classId: string, teacherId: string) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      if (teacherId === cls.ownerId) throw forbidden('The owner of a class cannot be removed');
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(classTeachers)
          .where(and(eq(classTeachers.classId, classId), eq(classTeachers.teacherId, teacherId)))
          .returning({ id: classTeachers.teacherId });
        if (removed.length === 0) throw notFound('This teacher does not teach the class');
        if (teacherId !== caller.id) {
          await raiseEvent(tx, {
            type: 'class.membership',
            recipients: [teacherId],
            data: { classId, className: cls.name, change: 'removed', as: 'teacher' },
          });
        }
      });
      return { ok: true as const };
    },

    async removeMember(caller: Caller, classId: string, studentId: string) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(classMembers)
          .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, studentId)))
          .returning({ id: classMembers.studentId });
        if (removed.length === 0) throw notFound('This student is not in the class');
        await raiseEvent(tx, {
          type: 'class.membership',
          recipients: [studentId],
          data: { classId, className: cls.name, change: 'removed', as: 'student' },
        });
      });
      return { ok: true as const };
    },

    async leave(caller: Caller, classId: string) {
      assertWritable(await memberClass(classId, caller));
      await db
        .delete(classMembers)
        .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, caller.id)));
      return { ok: true as const };
    },
  };
}
