import type { CourseCard, CourseSort, CourseStatus, PublicUser } from '@lyceum/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.js';
import { courses, images, users, type enrolments } from '#db/schema/index.js';

/**
 * Course queries. Every list is one query for the page plus one bounded count: the number of queries never
 * depends on the page size, the page number or the number of courses. The rating and enrolled count are
 * columns of the course (kept by triggers, migration 0003), so no list aggregates per row; a page is chosen
 * on the courses table alone (an index in the list's order) and only its rows are joined with their teachers.
 */

/** Counts stop here: above it a list says "10,000+" (totalIsLowerBound) and its pages stop at the cap. */
export const COUNT_CAP = 10_000;
/** A search ranks at most this many matches (the newest), and offers at most this many results. */
export const SEARCH_CANDIDATES = 1_000;

export const teacherColumns = {
  teacherId: users.id,
  teacherFirstname: users.firstname,
  teacherLastname: users.lastname,
  teacherUsername: users.username,
  teacherRole: users.role,
  teacherImage: images.name,
};

export const statsColumns = {
  ratingAverage: courses.ratingAverage,
  ratingCount: courses.ratingCount,
  enrolledCount: courses.enrolledCount,
};

export const cardColumns = {
  id: courses.id,
  title: courses.title,
  category: courses.category,
  status: courses.status,
  publishedAt: courses.publishedAt,
  heldAt: courses.heldAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  excerpt: courses.excerpt,
  ...statsColumns,
  ...teacherColumns,
};

type TeacherRow = {
  teacherId: string;
  teacherFirstname: string;
  teacherLastname: string;
  teacherUsername: string;
  teacherRole: PublicUser['role'];
  teacherImage: string | null;
};

type StatsRow = { ratingAverage: number | null; ratingCount: number | null; enrolledCount: number | null };

type CardRow = TeacherRow &
  StatsRow & {
    id: string;
    title: string;
    category: string;
    status: CourseStatus;
    publishedAt: Date | null;
    heldAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
    excerpt: string;
  };

export function toTeacher(row: TeacherRow): PublicUser {
  return {
    id: row.teacherId,
    firstname: row.teacherFirstname,
    lastname: row.teacherLastname,
    username: row.teacherUsername,
    profileImage: row.teacherImage ?? null,
    role: row.teacherRole,
  };
}

export function toStats(row: StatsRow) {
  return {
    rating: { average: row.ratingAverage ?? null, count: row.ratingCount ?? 0 },
    enrolledCount: row.enrolledCount ?? 0,
  };
}

/** A course's dates as the contract writes them. */
export function datesOf(row: { publishedAt: Date | null; heldAt: Date | null; createdAt: Date; updatedAt: Date }) {
  return {
    publishedAt: row.publishedAt?.toISOString() ?? null,
    heldAt: row.heldAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCard(row: CardRow): CourseCard {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    excerpt: row.excerpt,
    status: row.status,
    teacher: toTeacher(row),
    ...toStats(row),
    ...datesOf(row),
  };
}

/**
 * A full-text query from free text: every word must match, either as an English word (any
 * inflection: "negotiations" finds "negotiation") or as the start of a word ("negotiat", "java"
 * finds "javascript"). search_vector holds both the English and the unstemmed ("simple") lexemes.
 * Words are reduced to letters and digits, so no user text reaches the tsquery parser as syntax.
 */
export function searchQuery(text: string | undefined): SQL | null {
  const words =
    (text ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  if (words.length === 0) return null;
  const terms = words.map((word) => sql`(to_tsquery('english', ${word}) || to_tsquery('simple', ${`${word}:*`}))`);
  return sql`(${sql.join(terms, sql` && `)})`;
}

export interface CourseFilter {
  status?: CourseStatus;
  /** One category, or any of several. */
  category?: string | readonly string[];
  teacherId?: string;
  search?: SQL | null;
}

export function whereOf(filter: CourseFilter): SQL | undefined {
  return and(
    filter.status ? eq(courses.status, filter.status) : undefined,
    typeof filter.category === 'string'
      ? eq(courses.category, filter.category)
      : filter.category?.length
        ? inArray(courses.category, [...filter.category])
        : undefined,
    filter.teacherId ? eq(courses.teacherId, filter.teacherId) : undefined,
    filter.search ? sql`${courses.searchVector} @@ ${filter.search}` : undefined,
  );
}

export type CourseOrder = CourseSort | 'relevance' | 'updated';

export interface Paging {
  page: number;
  pageSize: number;
}

/** The catalogue's default order and the tie-break of every other: written exactly as courses_newest_idx. */
export const newest = [
  sql`${courses.publishedAt} desc nulls last`,
  sql`${courses.createdAt} desc nulls last`,
  sql`${courses.id} desc nulls last`,
];

/** The ORDER BY of a list, column for column the index that serves it (migration 0002). */
export function orderOf(order: Exclude<CourseOrder, 'relevance'>): SQL[] {
  switch (order) {
    case 'rating':
      return [sql`${courses.ratingAverage} desc nulls last`, sql`${courses.ratingCount} desc nulls last`, ...newest];
    case 'popular':
      return [sql`${courses.enrolledCount} desc nulls last`, ...newest];
    case 'updated':
      return [sql`${courses.updatedAt} desc nulls last`, sql`${courses.id} desc nulls last`];
    case 'newest':
      return newest;
  }
}

/** A page's LIMIT and OFFSET, for a prepared list's placeholders. */
export function limitOffset(paging: Paging) {
  return { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize };
}

/**
 * A page of a student's own list and the list's total. A first page shorter than the page size is the whole list, so
 * its length is the total and the count is not run: most students' enrolments and wishlists fit on one page, and
 * their screens then cost one statement instead of two (ADR 019, session 14).
 */
export async function pageAndTotal<Row>(
  paging: Paging,
  rows: () => Promise<Row[]>,
  count: () => Promise<{ n: number }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const page = await rows();
  if (paging.page === 1 && page.length < paging.pageSize) return { rows: page, total: page.length };
  const [counted] = await count();
  return { rows: page, total: counted?.n ?? 0 };
}

/** Courses (the given columns) with their teacher and profile picture, and cards, each in one SELECT. */
export function courseSelects(db: Db) {
  /** Courses (the given columns) with their teacher and profile picture, in one SELECT. */
  function selectWithTeacher<Columns extends SelectedFields>(columns: Columns) {
    return db
      .select({ ...columns, teacherId: users.id })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.teacherId))
      .leftJoin(images, eq(images.id, users.profileImageId))
      .$dynamic();
  }

  /** Cards with their teacher, rating and enrolled count, in one SELECT. */
  function selectCards<Extra extends SelectedFields>(extra: Extra = {} as Extra) {
    return selectWithTeacher({ ...extra, ...cardColumns });
  }
  return { selectWithTeacher, selectCards };
}

export function toEnrolment(row: typeof enrolments.$inferSelect) {
  return {
    courseId: row.courseId,
    status: row.status,
    progressPercent: row.progressPercent,
    completedItems: row.completedItems,
    totalItems: row.totalItems,
    lastItemId: row.lastItemId,
    enrolledAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
