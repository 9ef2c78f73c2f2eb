import { formatIsoDateTime, type ItemState, type ProgressGrid } from '@lyceum/contract';
import { count, eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { enrolments } from '#db/schema/index.js';
import { csvRow, UTF8_BOM } from '#lib/csv.js';
import { timeZoneOf } from '#lib/time-zones.js';
import { pageResult } from '#lib/pages.js';
import { createGridQueries, type GridQuery } from './grid-queries.js';

export { COURSE_NOT_FOUND, NOT_YOUR_COURSE, type GridQuery } from './grid-queries.js';

/** Students per query of the CSV export. */
const EXPORT_BATCH = 500;

const STATE_LABELS: Record<ItemState, string> = { completed: 'completed', opened: 'opened', not_started: '' };

/**
 * The teacher's progress grid (docs/decisions/030-certificates-badges-progress-grid.md): the enrolled students of
 * a course × its published items, one page of students at a time. Five queries whatever the number of students
 * or items: the course, the columns, the count, the page of students, the page's cells.
 */
export function createProgressGridService(db: Db) {
  const { courseFor, columns, students, cells, toRow } = createGridQueries(db);
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
