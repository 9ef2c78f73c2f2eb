import { CLASS_MESSAGES, type CreateClassBody, type StudentClass, type UpdateClassBody } from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { accommodations, classCourses, classes, classTeachers, courses, users } from '#db/schema/index.js';
import { conflict, fieldError } from '#lib/errors.js';
import { insertWithFreshCode } from './codes-and-joining.js';
import type { ClassContext } from './context.js';
import { accommodationWhere, nameOf, toAccommodation, type Caller } from './rows.js';

/** A class itself: set up, read by its teachers or a member, changed (details, courses, joining, archive). */
export function createClassCrud({
  db,
  now,
  taughtClass,
  memberClass,
  teacherView,
  teachersOf,
  coursesOf,
  enrolAll,
}: ClassContext) {
  /** The courses named, when each is taught by one of `teacherIds`; else a 400 on courseIds. */
  async function ownCourses(courseIds: string[], teacherIds: string[]): Promise<string[]> {
    const unique = [...new Set(courseIds)];
    const rows = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(inArray(courses.id, unique), inArray(courses.teacherId, teacherIds)));
    if (rows.length !== unique.length) throw fieldError('courseIds', CLASS_MESSAGES.notYourCourse);
    return unique;
  }

  return {
    async create(caller: Caller, body: CreateClassBody & { coTeacherEmails: string[]; courseIds: string[] }) {
      const courseIds = await ownCourses(body.courseIds, [caller.id]);
      const emails = [...new Set(body.coTeacherEmails)];
      const coTeachers = emails.length
        ? await db
            .select({ id: users.id })
            .from(users)
            .where(
              and(inArray(sql`lower(${users.email})`, emails), eq(users.role, 'teacher'), eq(users.status, 'active')),
            )
        : [];
      if (coTeachers.length !== emails.length) throw fieldError('coTeacherEmails', CLASS_MESSAGES.noSuchTeacher);
      const id = await insertWithFreshCode((code) =>
        db.transaction(async (tx) => {
          const [cls] = await tx
            .insert(classes)
            .values({
              ownerId: caller.id,
              name: body.name,
              section: body.section ?? '',
              subject: body.subject ?? '',
              startsOn: body.startsOn ?? null,
              endsOn: body.endsOn ?? null,
              code,
            })
            .returning({ id: classes.id });
          const teacherIds = [caller.id, ...coTeachers.map((t) => t.id).filter((t) => t !== caller.id)];
          await tx.insert(classTeachers).values(teacherIds.map((teacherId) => ({ classId: cls!.id, teacherId })));
          await tx
            .insert(classCourses)
            .values(courseIds.map((courseId, position) => ({ classId: cls!.id, courseId, position })));
          return cls!.id;
        }),
      );
      return teacherView(await taughtClass(id, caller));
    },

    async get(caller: Caller, classId: string) {
      return teacherView(await taughtClass(classId, caller));
    },

    async update(caller: Caller, classId: string, body: UpdateClassBody) {
      const cls = await taughtClass(classId, caller);
      const keys = Object.keys(body).filter((k) => body[k as keyof UpdateClassBody] !== undefined);
      if (cls.archivedAt && !(keys.length === 1 && body.archived === false)) throw conflict(CLASS_MESSAGES.archived);
      const startsOn = body.startsOn === undefined ? cls.startsOn : body.startsOn;
      const endsOn = body.endsOn === undefined ? cls.endsOn : body.endsOn;
      if (startsOn && endsOn && endsOn < startsOn) throw fieldError('endsOn', 'must be on or after the start date');
      let added: string[] = [];
      if (body.courseIds) {
        const teacherIds = (await teachersOf(classId)).map((t) => t.id);
        const wanted = await ownCourses(body.courseIds, teacherIds);
        const current = new Set((await coursesOf(classId)).map((c) => c.id));
        added = wanted.filter((id) => !current.has(id));
        await db.transaction(async (tx) => {
          await tx.delete(classCourses).where(eq(classCourses.classId, classId));
          await tx.insert(classCourses).values(wanted.map((courseId, position) => ({ classId, courseId, position })));
        });
      }
      await db
        .update(classes)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.section !== undefined ? { section: body.section } : {}),
          ...(body.subject !== undefined ? { subject: body.subject } : {}),
          startsOn,
          endsOn,
          ...(body.joiningOpen !== undefined ? { joiningOpen: body.joiningOpen } : {}),
          ...(body.archived !== undefined ? { archivedAt: body.archived ? (cls.archivedAt ?? now()) : null } : {}),
          updatedAt: now(),
        })
        .where(eq(classes.id, classId));
      await enrolAll(added, classId);
      return teacherView(await taughtClass(classId, caller));
    },

    /** The class as a member sees it: its teachers, courses and the member's class-wide accommodation. */
    async studentClass(caller: Caller, classId: string): Promise<StudentClass> {
      const cls = await memberClass(classId, caller);
      const [teachers, courseRows, [acc]] = await Promise.all([
        teachersOf(classId),
        coursesOf(classId),
        db
          .select()
          .from(accommodations)
          .where(accommodationWhere(classId, caller.id, null))
          .limit(1),
      ]);
      return {
        id: cls.id,
        name: cls.name,
        section: cls.section,
        subject: cls.subject,
        startsOn: cls.startsOn,
        endsOn: cls.endsOn,
        archived: cls.archivedAt !== null,
        teachers: teachers.map((t) => ({ id: t.id, name: nameOf(t) })),
        courses: courseRows,
        accommodation: toAccommodation(acc),
      };
    },
  };
}
