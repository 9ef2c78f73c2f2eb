import type { Gradebook, GradebookWeightsBody, PageQuery } from '@lyceum/contract';
import { count, eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { enrolments, gradebookSettings } from '#db/schema/index.js';
import { gradebookCells, gradebookTotal } from '#lib/gradebook.js';
import { pageResult } from '#lib/pages.js';
import type { PreparedJson } from '#lib/response-cache.js';
import type { GradingContext } from './context.js';
import { fullName } from './rows.js';

/** The teacher's gradebook: its pages with the counting score of each cell, kept per course, and its weights. */
export function createGradebook(context: GradingContext) {
  const { db, now } = context;

  /** A page of the gradebook: 1 statement for the columns, 1 for the page of students with their attempts. */
  async function gradebook(user: SessionUser, courseId: string, query: PageQuery): Promise<Gradebook> {
    const frame = await context.gradebookFrame(user, courseId);
    const lines = await context.studentLines(courseId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    let total = lines[0] ? Number(lines[0].total) : 0;
    if (lines.length === 0 && query.page > 1) {
      const [counted] = await db.select({ total: count() }).from(enrolments).where(eq(enrolments.courseId, courseId));
      total = counted?.total ?? 0;
    }
    const at = now();
    const items = lines.map((line) => {
      const cells = gradebookCells(line, frame.list, at);
      return {
        student: { id: line.student_id, name: fullName(line), email: line.email },
        cells,
        totalPercent: gradebookTotal(cells, frame.list, frame.weights),
      };
    });
    return { ...pageResult(items, query, total), columns: frame.columns, weights: frame.weights };
  }

  return {
    gradebook,

    /** A page of the gradebook as JSON (`write` serializes it), kept until the course's gradebook changes. */
    async gradebookJson(
      user: SessionUser,
      courseId: string,
      query: PageQuery,
      write: (page: Gradebook) => string,
    ): Promise<PreparedJson> {
      const frame = await context.gradebookFrame(user, courseId);
      return context.keptCoursePage(frame, `gradebook\n${courseId}\n${query.page}\n${query.pageSize}`, async () =>
        write(await gradebook(user, courseId, query)),
      );
    },

    async setWeights(user: SessionUser, courseId: string, weights: GradebookWeightsBody) {
      await context.assertCourseTeacher(user, courseId);
      const values = { quiz: weights.quiz ?? 0, exam: weights.exam ?? 0, assignment: weights.assignment ?? 0 };
      await db
        .insert(gradebookSettings)
        .values({ courseId, weights: values })
        .onConflictDoUpdate({ target: gradebookSettings.courseId, set: { weights: values, updatedAt: new Date() } });
      return values;
    },
  };
}
