import {
  formatIsoDateTime,
  PROGRESS_GRID,
  type ItemState,
  type ProgressGrid,
  type ProgressGridItem,
  type ProgressGridRow,
  type ProgressGridSort,
} from '@lyceum/contract';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courseItems, courseSections, courses, enrolments, users } from '#db/schema/index.js';
import { csvRow, UTF8_BOM } from '#lib/csv.js';
import { timeZoneOf } from '#lib/time-zones.js';
import { forbidden, notFound } from '#lib/errors.js';
import { pageResult } from '#lib/pages.js';

export const COURSE_NOT_FOUND = 'Course not found';
export const NOT_YOUR_COURSE = "You can only see the progress of your own courses' students";

export interface GridQuery {
  page: number;
  pageSize: number;
  sort: ProgressGridSort;
  order: 'asc' | 'desc';
}

/** Students per query of the CSV export. */
const EXPORT_BATCH = 500;

const STATE_LABELS: Record<ItemState, string> = { completed: 'completed', opened: 'opened', not_started: '' };

/**
 * The teacher's progress grid (docs/decisions/030-certificates-badges-progress-grid.md): the enrolled students of
 * a course × its published items, one page of students at a time. Five queries whatever the number of students
 * or items: the course, the columns, the count, the page of students, the page's cells.
 */
export function createProgressGridService(db: Db) {
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

  return {
    async grid(user: SessionUser, courseId: string, query: GridQuery): Promise<ProgressGrid> {
      const course = await courseFor(user, courseId);
      const [{ items, truncated }, [total], page] = await Promise.all([
        columns(courseId),
        db.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, courseId)),
        students(courseId, query, query.pageSize, (query.page - 1) * query.pageSize),
      ]);
      const states = await cells(
        courseId,
        page.map((row) => row.studentId),
      );
      return {
        ...pageResult(
          page.map((row) => toRow(row, items, states.get(row.studentId))),
          query,
          total?.n ?? 0,
        ),
        courseId,
        courseTitle: course.title,
        columns: items,
        itemsTruncated: truncated,
      };
    },

    /**
     * The whole grid as CSV lines (header first), students read in batches of EXPORT_BATCH in the chosen order.
     * The access check and the columns run before the first line, so a refusal is a plain JSON error.
     */
    async exportCsv(
      user: SessionUser,
      courseId: string,
      query: Omit<GridQuery, 'page' | 'pageSize'>,
    ): Promise<{ title: string; lines: AsyncGenerator<string> }> {
      const course = await courseFor(user, courseId);
      const { items } = await columns(courseId);
      // Dates as ISO 8601 with the offset of the exporter's zone (issue 46.9).
      const zone = await timeZoneOf(db, user.id);
      async function* lines(): AsyncGenerator<string> {
        yield (
          UTF8_BOM +
          csvRow([
            'Student',
            'Username',
            'Status',
            'Progress %',
            'Completed items',
            'Required items',
            'Enrolled at',
            'Last activity',
            ...items.map((item) => `${item.sectionTitle}: ${item.title}`),
          ])
        );
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const batch = await students(courseId, { ...query, page: 1, pageSize: EXPORT_BATCH }, EXPORT_BATCH, offset);
          const states = await cells(
            courseId,
            batch.map((row) => row.studentId),
          );
          for (const student of batch) {
            const row = toRow(student, items, states.get(student.studentId));
            yield csvRow([
              row.name,
              row.username,
              row.status,
              row.percent,
              row.completedItems,
              row.totalItems,
              formatIsoDateTime(row.enrolledAt, zone),
              formatIsoDateTime(row.lastActivityAt, zone),
              ...row.states.map((state) => STATE_LABELS[state]),
            ]);
          }
          if (batch.length < EXPORT_BATCH) return;
        }
      }
      return { title: course.title, lines: lines() };
    },
  };
}

export type ProgressGridService = ReturnType<typeof createProgressGridService>;
