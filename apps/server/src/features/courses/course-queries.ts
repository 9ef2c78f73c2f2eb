import type { Course } from '@lyceum/contract';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { courses, enrolments, images, users, wishlistItems } from '#db/schema/index.js';
import {
  courseSelects,
  datesOf,
  statsColumns,
  teacherColumns,
  toStats,
  toTeacher,
  type Paging,
} from './course-rows.js';

/** One course and its people: whole courses, a course's head for access checks, the viewer's state, teachers. */
export function createCourseQueries(db: Db) {
  const { selectWithTeacher } = courseSelects(db);

  /** Whole courses with their teachers and statistics, in no particular order. One query, whatever the count. */
  async function findCourses(ids: readonly string[]): Promise<Course[]> {
    if (ids.length === 0) return [];
    const rows = await selectWithTeacher({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      videoLink: courses.videoLink,
      aboutHtml: courses.aboutHtml,
      learnItems: courses.learnItems,
      materialItems: courses.materialItems,
      requirementItems: courses.requirementItems,
      tagItems: courses.tagItems,
      audienceItems: courses.audienceItems,
      status: courses.status,
      level: courses.level,
      publishedAt: courses.publishedAt,
      heldAt: courses.heldAt,
      createdAt: courses.createdAt,
      updatedAt: courses.updatedAt,
      ...statsColumns,
      ...teacherColumns,
    }).where(inArray(courses.id, [...ids]));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      videoLink: row.videoLink,
      aboutHtml: row.aboutHtml,
      learnItems: row.learnItems,
      materialItems: row.materialItems,
      requirementItems: row.requirementItems,
      tagItems: row.tagItems,
      audienceItems: row.audienceItems,
      status: row.status,
      level: row.level,
      teacher: toTeacher(row),
      ...toStats(row),
      ...datesOf(row),
    }));
  }

  return {
    /** The whole course with its teacher and statistics, or undefined. One query. */
    async findCourse(id: string): Promise<Course | undefined> {
      const [course] = await findCourses([id]);
      return course;
    },

    findCourses,

    /** Just what access checks need. */
    async findCourseHead(id: string) {
      const [row] = await db
        .select({ id: courses.id, teacherId: courses.teacherId, status: courses.status, heldAt: courses.heldAt })
        .from(courses)
        .where(eq(courses.id, id))
        .limit(1);
      return row;
    },

    /**
     * Teachers whose first name, last name, username or e-mail contains `q` (any case), by name.
     * For the admin's "on behalf of" select: one query for the page, one for the count.
     */
    async teacherPage(q: string | undefined, paging: Paging) {
      const pattern = q ? `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
      const where = and(
        eq(users.role, 'teacher'),
        pattern
          ? or(
              ilike(users.firstname, pattern),
              ilike(users.lastname, pattern),
              ilike(users.username, pattern),
              ilike(users.email, pattern),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...teacherColumns, email: users.email })
          .from(users)
          .leftJoin(images, eq(images.id, users.profileImageId))
          .where(where)
          .orderBy(asc(sql`lower(${users.firstname})`), asc(sql`lower(${users.lastname})`), asc(users.id))
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items: rows.map((row) => ({ ...toTeacher(row), email: row.email })), total: total?.n ?? 0 };
    },

    async findUserRole(id: string) {
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
      return row?.role;
    },

    /** The caller's wishlist and enrolment state for one course, with the course head. One query. */
    async findViewerState(courseId: string, userId: string) {
      const [row] = await db
        .select({
          teacherId: courses.teacherId,
          status: courses.status,
          wishlistedBy: wishlistItems.studentId,
          enrolmentStatus: enrolments.status,
        })
        .from(courses)
        .leftJoin(wishlistItems, and(eq(wishlistItems.courseId, courses.id), eq(wishlistItems.studentId, userId)))
        .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.studentId, userId)))
        .where(eq(courses.id, courseId))
        .limit(1);
      return row && { ...row, inWishlist: row.wishlistedBy !== null };
    },
  };
}
