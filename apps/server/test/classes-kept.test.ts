import type { ClassSummary } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classes, classMembers, classTeachers, users } from '../src/db/schema/index.js';
import { countQueries, readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

interface Page {
  items: ClassSummary[];
  total: number;
}
const taught = async (teacher: TestUser) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/teacher/classes?archived=false',
      headers: bearer(teacher.token),
    })
  ).json<Page>();
const joined = async (student: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/student/classes', headers: bearer(student.token) })).json<Page>();
const summary = (page: Page) => page.items.map((c) => `${c.name} (${c.memberCount}) by ${c.teacherName}`);

describe('the class lists (a teacher’s classes, a student’s My classes)', () => {
  it('are kept until the database says one of their classes changed, whoever changes it (migration 0036)', async () => {
    const [owner, coTeacher, ann, bob] = [
      await createUser(ctx, 'teacher', { firstname: 'Olga', lastname: 'Owner' }),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
    ];
    const db = ctx.database.db;
    const [cls] = await db
      .insert(classes)
      .values({ ownerId: owner.user.id, name: 'Algebra', code: `K${Date.now().toString(36).toUpperCase()}` })
      .returning({ id: classes.id });
    const classId = cls!.id;
    await db.insert(classTeachers).values({ classId, teacherId: owner.user.id });
    await db.insert(classMembers).values({ classId, studentId: ann.user.id });
    expect(summary(await taught(owner))).toEqual(['Algebra (1) by Olga Owner']);
    expect(summary(await joined(ann))).toEqual(['Algebra (1) by Olga Owner']);
    expect(await taught(coTeacher)).toMatchObject({ items: [], total: 0 });
    expect(await joined(bob)).toMatchObject({ items: [], total: 0 });

    // Read again: answered from what the process kept, without a statement on classes.
    expect(await readUntilKept(ctx.database, () => taught(owner), /classes/)).toEqual([]);
    expect(await readUntilKept(ctx.database, () => joined(ann), /classes/)).toEqual([]);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    await db.update(classes).set({ name: 'Algebra I' }).where(eq(classes.id, classId));
    expect(summary(await taught(owner))).toEqual(['Algebra I (1) by Olga Owner']);
    expect(summary(await joined(ann))).toEqual(['Algebra I (1) by Olga Owner']);

    // Bob joins: the count changes for the teacher and for Ann; Bob's own list shows the class.
    await db.insert(classMembers).values({ classId, studentId: bob.user.id });
    expect(summary(await taught(owner))).toEqual(['Algebra I (2) by Olga Owner']);
    expect(summary(await joined(ann))).toEqual(['Algebra I (2) by Olga Owner']);
    expect(summary(await joined(bob))).toEqual(['Algebra I (2) by Olga Owner']);

    // A co-teacher added, then the owner renamed: the co-teacher's list and the members' lists show the new name.
    await db.insert(classTeachers).values({ classId, teacherId: coTeacher.user.id });
    expect(summary(await taught(coTeacher))).toEqual(['Algebra I (2) by Olga Owner']);
    await db.update(users).set({ lastname: 'Oak' }).where(eq(users.id, owner.user.id));
    expect(summary(await taught(coTeacher))).toEqual(['Algebra I (2) by Olga Oak']);
    expect(summary(await joined(bob))).toEqual(['Algebra I (2) by Olga Oak']);

    // Another class of another teacher leaves these kept lists alone (no statement).
    expect(await readUntilKept(ctx.database, () => taught(owner), /classes/)).toEqual([]);
    const other = await createUser(ctx, 'teacher');
    const [foreign] = await db
      .insert(classes)
      .values({ ownerId: other.user.id, name: 'Biology', code: `B${Date.now().toString(36).toUpperCase()}` })
      .returning({ id: classes.id });
    await db.insert(classTeachers).values({ classId: foreign!.id, teacherId: other.user.id });
    const untouched = await countQueries(ctx.database, () => taught(owner));
    expect(untouched.filter((text) => /classes/.test(text))).toEqual([]);

    // Ann leaves: her list empties, the others' counts fall; the co-teacher removed: their list empties.
    await db
      .delete(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, ann.user.id)));
    expect(await joined(ann)).toMatchObject({ items: [], total: 0 });
    expect(summary(await joined(bob))).toEqual(['Algebra I (1) by Olga Oak']);
    await db.delete(classTeachers).where(eq(classTeachers.teacherId, coTeacher.user.id));
    expect(await taught(coTeacher)).toMatchObject({ items: [], total: 0 });

    // Archived, then deleted: it leaves the teacher's current classes and Bob's list.
    await db.update(classes).set({ archivedAt: new Date() }).where(eq(classes.id, classId));
    expect(await taught(owner)).toMatchObject({ items: [], total: 0 });
    await db.delete(classes).where(eq(classes.id, classId));
    expect(await joined(bob)).toMatchObject({ items: [], total: 0 });
  });
});
