import {
  DEFAULT_SORT_ORDER,
  type AdminUser,
  type AdminUserSort,
  type ManagedRole,
  type Profile,
  type Role,
  type SortOrder,
  type UserStatus,
} from '@lyceum/contract';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { courses, enrolments, images, users } from '#db/schema/index.js';
import { profileColumns, toProfile } from '#lib/profiles.js';
import { createUserActivityQueries, qualified } from './user-activity.js';

/*
 * Queries of the admin area. A list page is one query (users with their picture and their activity count as a
 * correlated subquery) plus one count; the user details are a fixed handful of queries whatever the user has.
 */

export interface UserListFilter {
  role: ManagedRole;
  q?: string | undefined;
  sort?: AdminUserSort | undefined;
  order?: SortOrder | undefined;
}

/** `%text%` for ILIKE, with the text's own `%`, `_` and `\` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Enrolments of a student, or courses of a teacher: what "activity" means in each list. */
function activityCount(role: ManagedRole): SQL<number> {
  return role === 'student'
    ? sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.studentId} = ${qualified(users, users.id)})`
    : sql<number>`(select count(*)::int from ${courses} where ${courses.teacherId} = ${qualified(users, users.id)})`;
}

function whereOf(filter: UserListFilter): SQL | undefined {
  const q = filter.q?.trim();
  const pattern = q ? containsPattern(q) : null;
  return and(
    eq(users.role, filter.role),
    pattern
      ? or(
          ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
          ilike(users.username, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
}

/** The list order; ties are broken by id so pages never overlap. `activity` is the selected column's alias. */
function orderOf(filter: UserListFilter): SQL[] {
  const activity = sql.identifier('activity');
  const sort = filter.sort ?? 'joined';
  const direction = (filter.order ?? DEFAULT_SORT_ORDER[sort]) === 'asc' ? asc : desc;
  const byName = [sql`lower(${users.firstname})`, sql`lower(${users.lastname})`];
  switch (sort) {
    case 'name':
      return [...byName.map((column) => direction(column)), direction(users.id)];
    case 'activity':
      return [direction(sql`${activity}`), ...byName.map((column) => asc(column)), asc(users.id)];
    case 'joined':
      return [direction(users.createdAt), direction(users.id)];
  }
}

const rowColumns = (activity: SQL<number>) => ({
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  username: users.username,
  profileImage: images.name,
  role: users.role,
  email: users.email,
  phone: users.phone,
  status: users.status,
  createdAt: users.createdAt,
  activity: activity.as('activity'),
});

interface UserRow {
  id: string;
  firstname: string;
  lastname: string;
  username: string;
  profileImage: string | null;
  role: Role;
  email: string;
  phone: string;
  status: UserStatus;
  createdAt: Date;
  activity: number;
}

function toAdminUser(row: UserRow): AdminUser {
  const { activity, createdAt, profileImage, ...rest } = row;
  const counted = row.role === 'teacher' ? { courseCount: activity } : { enrolmentCount: activity };
  return { ...rest, profileImage: profileImage ?? null, createdAt: createdAt.toISOString(), ...counted };
}

/** The admin area's user queries: the lists and export, one user, status and role changes; their activity in user-activity.ts. */
export function createAdminRepository(db: Db) {
  return {
    /** One page of students or teachers: one query for the rows, one for the total. */
    async userPage(filter: UserListFilter, paging: { page: number; pageSize: number }) {
      const activity = activityCount(filter.role);
      const where = whereOf(filter);
      const [rows, [total]] = await Promise.all([
        db
          .select(rowColumns(activity))
          .from(users)
          .leftJoin(images, eq(images.id, users.profileImageId))
          .where(where)
          .orderBy(...orderOf(filter))
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items: rows.map(toAdminUser), total: total?.n ?? 0 };
    },

    /** The whole filtered list in the list's order, `batchSize` rows per query (for the CSV export). */
    async *allUsers(filter: UserListFilter, batchSize: number): AsyncGenerator<AdminUser[]> {
      const activity = activityCount(filter.role);
      const where = whereOf(filter);
      for (let offset = 0; ; offset += batchSize) {
        const rows = await db
          .select(rowColumns(activity))
          .from(users)
          .leftJoin(images, eq(images.id, users.profileImageId))
          .where(where)
          .orderBy(...orderOf(filter))
          .limit(batchSize)
          .offset(offset);
        if (rows.length > 0) yield rows.map(toAdminUser);
        if (rows.length < batchSize) return;
      }
    },

    /** One list row, whatever the user's role. */
    async findUser(id: string): Promise<AdminUser | undefined> {
      const [head] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
      if (!head) return undefined;
      const activity = activityCount(head.role === 'teacher' ? 'teacher' : 'student');
      const [row] = await db
        .select(rowColumns(activity))
        .from(users)
        .leftJoin(images, eq(images.id, users.profileImageId))
        .where(eq(users.id, id))
        .limit(1);
      return row ? toAdminUser(row) : undefined;
    },

    async findHead(id: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, status: users.status, email: users.email })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    /** Sets the status; suspension also raises the token version, so every token issued before stops working. */
    async setStatus(id: string, status: UserStatus): Promise<void> {
      await db
        .update(users)
        .set(status === 'suspended' ? { status, tokenVersion: sql`${users.tokenVersion} + 1` } : { status })
        .where(eq(users.id, id));
    },

    /** Changes the role and raises the token version: tokens carry the role, so old ones must die. */
    async setRole(id: string, role: ManagedRole): Promise<void> {
      await db
        .update(users)
        .set({ role, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id));
    },

    async countCoursesOf(teacherId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(courses).where(eq(courses.teacherId, teacherId));
      return row?.n ?? 0;
    },

    async findProfile(id: string): Promise<Profile | undefined> {
      const [row] = await db
        .select(profileColumns)
        .from(users)
        .leftJoin(images, eq(images.id, users.profileImageId))
        .where(eq(users.id, id))
        .limit(1);
      return row ? toProfile(row) : undefined;
    },
    ...createUserActivityQueries(db),
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
