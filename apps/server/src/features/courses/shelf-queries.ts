import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { courses, enrolments, wishlistItems } from '#db/schema/index.js';
import { courseSelects, newest, orderOf, toCard } from './course-rows.js';

/** The home page's shelves: recommended or top-rated cards, and the courses students are enrolling in now. */
export function createShelfQueries(db: Db) {
  const { selectCards } = courseSelects(db);
  return {
    /**
     * A short shelf of published cards: the ids are chosen on the courses table alone, in an index's order (the
     * top rated: courses_rating_idx; a student's favoured categories first, then the newest), then loaded as
     * cards. One query.
     */
    async shelf(options: { limit: number; studentId?: string; topRated?: boolean }) {
      const published = eq(courses.status, 'published');
      if (options.topRated) {
        const chosenIds = db
          .select({ id: courses.id })
          .from(courses)
          .where(published)
          .orderBy(...orderOf('rating'))
          .limit(options.limit);
        const rows = await selectCards()
          .where(inArray(courses.id, chosenIds))
          .orderBy(...orderOf('rating'));
        return rows.map(toCard);
      }
      if (!options.studentId) {
        const chosenIds = db
          .select({ id: courses.id })
          .from(courses)
          .where(published)
          .orderBy(...newest)
          .limit(options.limit);
        const rows = await selectCards()
          .where(inArray(courses.id, chosenIds))
          .orderBy(...newest);
        return rows.map(toCard);
      }
      // A student: the newest of their favoured categories (those of their enrolments and wishlist) first, then
      // the newest of the rest; both halves are index scans cut at the limit, never a sort of every course.
      const favouredCategories = sql`(
            select c.category from ${enrolments} e join ${courses} c on c.id = e.course_id where e.student_id = ${options.studentId}
            union
            select c.category from ${wishlistItems} w join ${courses} c on c.id = w.course_id where w.student_id = ${options.studentId})`;
      const notEnrolled = sql`not exists (select 1 from ${enrolments} e where e.course_id = ${courses.id} and e.student_id = ${options.studentId})`;
      const half = (favoured: boolean) =>
        db
          .select({ id: courses.id, favoured: sql<boolean>`${favoured}::boolean`.as('favoured') })
          .from(courses)
          .where(
            and(
              published,
              notEnrolled,
              favoured
                ? sql`${courses.category} in ${favouredCategories}`
                : sql`${courses.category} not in ${favouredCategories}`,
            ),
          )
          .orderBy(...newest)
          .limit(options.limit);
      const chosen = db
        .select()
        .from(half(true).unionAll(half(false)).as('chosen'))
        .as('chosen_ids');
      const rows = await selectCards({ favoured: chosen.favoured })
        .innerJoin(chosen, eq(chosen.id, courses.id))
        .orderBy(desc(chosen.favoured), ...newest)
        .limit(options.limit);
      return rows.map(toCard);
    },

    /**
     * Published courses by the number of enrolments made in the last `days` days (at least one), most first, then
     * the newest. The enrolments in the window are counted on their own (enrolments_created_idx) and only the
     * chosen few courses are joined with their details. One query.
     */
    async popularSince(options: { days: number; limit: number }) {
      const recentCount = sql<number>`count(*)::int`;
      const recent = db
        .select({ courseId: courses.id, count: recentCount.as('recent_count') })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(
          and(
            sql`${enrolments.createdAt} >= now() - make_interval(days => ${options.days}::int)`,
            eq(courses.status, 'published'),
          ),
        )
        .groupBy(courses.id)
        .orderBy(desc(recentCount), ...newest)
        .limit(options.limit)
        .as('recent');
      const rows = await selectCards({ recentEnrolments: recent.count })
        .innerJoin(recent, eq(recent.courseId, courses.id))
        .orderBy(desc(recent.count), ...newest);
      return rows.map((row) => ({ course: toCard(row), recentEnrolments: row.recentEnrolments }));
    },
  };
}
