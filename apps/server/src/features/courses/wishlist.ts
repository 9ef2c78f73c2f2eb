import { and, eq } from 'drizzle-orm';
import { wishlistItems } from '#db/schema/index.js';
import { notFound } from '#lib/errors.js';
import { pageResult } from '#lib/pages.js';
import { COURSE_NOT_FOUND, type CourseContext } from './course-context.js';
import type { Paging } from './repository.js';

/** A student's wishlist: a published course added, any course removed, the list. */
export function createWishlist({ db, repo, publishedCourse }: CourseContext) {
  return {
    async addToWishlist(studentId: string, courseId: string) {
      await publishedCourse(courseId);
      await db.insert(wishlistItems).values({ studentId, courseId }).onConflictDoNothing();
      return { inWishlist: true };
    },

    /** Removing works for any existing course, so a course unpublished later can still be dropped. */
    async removeFromWishlist(studentId: string, courseId: string) {
      const head = await repo.findCourseHead(courseId);
      if (!head) throw notFound(COURSE_NOT_FOUND);
      await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.studentId, studentId), eq(wishlistItems.courseId, courseId)));
      return { inWishlist: false };
    },

    async wishlist(studentId: string, paging: Paging) {
      const result = await repo.wishlistPage(studentId, paging);
      return pageResult(result.items, paging, result.total);
    },
  };
}
