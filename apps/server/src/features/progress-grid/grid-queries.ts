import {
  PROGRESS_GRID,
  type ItemState,
  type ProgressGridItem,
  type ProgressGridRow,
  type ProgressGridSort,
} from '@lyceum/contract';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courseItems, courseSections, courses, enrolments, users } from '#db/schema/index.js';
import { forbidden, notFound } from '#lib/errors.js';

export const COURSE_NOT_FOUND = 'Course not found';
export const NOT_YOUR_COURSE = "You can only see the progress of your own courses' students";

export interface GridQuery {
  page: number;
  pageSize: number;
  sort: ProgressGridSort;
  order: 'asc' | 'desc';
}

/** The grid's reads: the course with its access check, the columns, a page of students and their cells, a row. */
export function createGridQueries(db: Db) {
  async function courseFor(user: SessionUser, courseId: string) {
    const [course] = await db
      .select({ id: courses.id, title: courses.title, teacherId: courses.teacherId })
      .from(courses)
      .where(eq(courses.id, courseId))
      .limit(1);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
    return course;
  }

  /** The columns: the published items in outline order, at most PROGRESS_GRID.maxItems (+1 to tell truncation). */
  async function columns(courseId: string): Promise<{ items: ProgressGridItem[]; truncated: boolean }> {
    const rows = await db
      .select({
        id: courseItems.id,
        title: courseItems.title,
        kind: courseItems.kind,
        required: courseItems.required,
        sectionTitle: courseSections.title,
      })
      .from(courseItems)
      .innerJoin(courseSections, eq(courseSections.id, courseItems.sectionId))
      .where(and(eq(courseItems.courseId, courseId), eq(courseItems.published, true)))
      .orderBy(asc(courseSections.position), asc(courseItems.position), asc(courseItems.id))
      .limit(PROGRESS_GRID.maxItems + 1);
    return { items: rows.slice(0, PROGRESS_GRID.maxItems), truncated: rows.length > PROGRESS_GRID.maxItems };
  }

  function orderOf(sort: ProgressGridSort, order: 'asc' | 'desc'): SQL[] {
    const dir = order === 'asc' ? asc : desc;
    const byName = [dir(sql`lower(${users.lastname})`), dir(sql`lower(${users.firstname})`), dir(users.username)];
    if (sort === 'progress') return [dir(enrolments.progressPercent), ...byName, asc(enrolments.id)];
    if (sort === 'lastActivity') return [dir(enrolments.lastActivityAt), ...byName, asc(enrolments.id)];
    return [...byName, asc(enrolments.id)];
  }

  async function students(courseId: string, query: GridQuery, limit: number, offset: number) {
    return db
      .select({
        studentId: enrolments.studentId,
        firstname: users.firstname,
        lastname: users.lastname,
        username: users.username,
        status: enrolments.status,
        percent: enrolments.progressPercent,
        completedItems: enrolments.completedItems,
        totalItems: enrolments.totalItems,
        enrolledAt: enrolments.createdAt,
        lastActivityAt: enrolments.lastActivityAt,
      })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.studentId))
      .where(eq(enrolments.courseId, courseId))
      .orderBy(...orderOf(query.sort, query.order))
      .limit(limit)
      .offset(offset);
  }

  /** The completed and opened items of these students in this course, in one query (completed wins). */
  async function cells(courseId: string, studentIds: string[]): Promise<Map<string, Map<string, ItemState>>> {
    const byStudent = new Map<string, Map<string, ItemState>>();
    if (studentIds.length === 0) return byStudent;
    const ids = sql`array[${sql.join(
      studentIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`;
    const result = (await db.execute(sql`
      select ic.student_id, ic.item_id, 'completed' as state
      from item_completions ic join course_items ci on ci.id = ic.item_id
      where ic.student_id = any(${ids}) and ci.course_id = ${courseId}
      union all
      select io.student_id, io.item_id, 'opened' as state
      from item_opens io join course_items ci on ci.id = io.item_id
      where io.student_id = any(${ids}) and ci.course_id = ${courseId}`)) as unknown as {
      rows: { student_id: string; item_id: string; state: 'completed' | 'opened' }[];
    };
    for (const row of result.rows) {
      let states = byStudent.get(row.student_id);
      if (!states) byStudent.set(row.student_id, (states = new Map()));
      if (row.state === 'completed' || !states.has(row.item_id)) states.set(row.item_id, row.state);
    }
    return byStudent;
  }

  type StudentRow = Awaited<ReturnType<typeof students>>[number];

  function toRow(
    row: StudentRow,
    items: ProgressGridItem[],
    states: Map<string, ItemState> | undefined,
  ): ProgressGridRow {
    const name = `${row.firstname} ${row.lastname}`.trim() || row.username;
    return {
      studentId: row.studentId,
      name,
      username: row.username,
      status: row.status,
      percent: row.percent,
      completedItems: row.completedItems,
      totalItems: row.totalItems,
      enrolledAt: row.enrolledAt.toISOString(),
      lastActivityAt: row.lastActivityAt.toISOString(),
      states: items.map((item) => states?.get(item.id) ?? 'not_started'),
    };
  }

  return { courseFor, columns, students, cells, toRow };
}
