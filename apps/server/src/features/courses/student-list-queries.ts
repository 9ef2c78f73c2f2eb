import type { EnrolmentStatus } from '@lyceum/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { courses, enrolments, wishlistItems } from '#db/schema/index.js';
import { courseSelects, limitOffset, pageAndTotal, toCard, type Paging } from './course-rows.js';

/** A student's own lists: the wishlist and the enrolments (all, active, completed), as prepared statements. */
export function createStudentListQueries(db: Db) {
  const { selectCards } = courseSelects(db);

  /*
   * The student's own lists (My Wishlist, My Courses with its three tabs) are the pages every signed-in student
   * opens; joining four tables, they took PostgreSQL longer to plan (~0.3-1 ms) than to run (~0.1 ms for a page of
   * 20). So they are built once and prepared (ADR 019, session 12): each connection plans them once, then only
   * binds the student, the limit and the offset.
   */
  const studentId = sql.placeholder('studentId');
  const pageLimit = sql.placeholder('limit');
  const pageOffset = sql.placeholder('offset');
  // A course unpublished after it was wishlisted is hidden (and comes back if it is published again).
  const wishlisted = and(eq(wishlistItems.studentId, studentId), eq(courses.status, 'published'));
  const wishlistCards = selectCards({ addedAt: wishlistItems.createdAt })
    .innerJoin(wishlistItems, and(eq(wishlistItems.courseId, courses.id), wishlisted))
    .orderBy(desc(wishlistItems.createdAt), desc(courses.id))
    .limit(pageLimit)
    .offset(pageOffset)
    .prepare('lyceum_wishlist_cards');
  const wishlistCount = db
    .select({ n: count() })
    .from(wishlistItems)
    .innerJoin(courses, eq(courses.id, wishlistItems.courseId))
    .where(wishlisted)
    .prepare('lyceum_wishlist_count');
  function enrolmentList(status: 'all' | EnrolmentStatus) {
    const where = and(
      eq(enrolments.studentId, studentId),
      status === 'all' ? undefined : eq(enrolments.status, status),
    );
    const cards = selectCards({
      enrolmentCourseId: enrolments.courseId,
      enrolmentStatus: enrolments.status,
      progressPercent: enrolments.progressPercent,
      completedItems: enrolments.completedItems,
      totalItems: enrolments.totalItems,
      lastItemId: enrolments.lastItemId,
      enrolledAt: enrolments.createdAt,
      completedAt: enrolments.completedAt,
    })
      .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), where))
      .orderBy(desc(enrolments.createdAt), desc(courses.id))
      .limit(pageLimit)
      .offset(pageOffset)
      .prepare(`lyceum_enrolment_cards_${status}`);
    const counted = db.select({ n: count() }).from(enrolments).where(where).prepare(`lyceum_enrolment_count_${status}`);
    return { cards, count: counted };
  }
  const enrolmentLists = {
    all: enrolmentList('all'),
    active: enrolmentList('active'),
    completed: enrolmentList('completed'),
  };

  return {
    async wishlistPage(studentId: string, paging: Paging) {
      const { rows, total } = await pageAndTotal(
        paging,
        () => wishlistCards.execute({ studentId, ...limitOffset(paging) }),
        () => wishlistCount.execute({ studentId }),
      );
      return {
        items: rows.map((row) => ({ course: toCard(row), addedAt: row.addedAt.toISOString() })),
        total,
      };
    },

    async enrolmentPage(studentId: string, status: EnrolmentStatus | undefined, paging: Paging) {
      const statements = enrolmentLists[status ?? 'all'];
      const { rows, total } = await pageAndTotal(
        paging,
        () => statements.cards.execute({ studentId, ...limitOffset(paging) }),
        () => statements.count.execute({ studentId }),
      );
      return {
        items: rows.map((row) => ({
          courseId: row.enrolmentCourseId,
          status: row.enrolmentStatus,
          progressPercent: row.progressPercent,
          completedItems: row.completedItems,
          totalItems: row.totalItems,
          lastItemId: row.lastItemId,
          enrolledAt: row.enrolledAt.toISOString(),
          completedAt: row.completedAt?.toISOString() ?? null,
          course: toCard(row),
        })),
        total,
      };
    },
  };
}
