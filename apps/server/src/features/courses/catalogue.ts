import type { Course, CourseCard, CourseStatus, CourseViewer } from '@lyceum/contract';
import type { SessionUser } from '#auth/guards.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { pageResult, type Page } from '#lib/pages.js';
import { COURSE_NOT_FOUND, type CourseContext } from './course-context.js';
import { searchQuery, type CourseOrder } from './repository.js';
import { notFound } from '#lib/errors.js';

/** Reading courses: the catalogue and its shelves, the admin's and a teacher's lists, a course and its viewer. */
export function createCatalogue({ repo, options, onClose }: CourseContext) {
  /**
   * A teacher's own list ("My Courses") is their landing in the teacher area and is read again on every return to
   * it; it changes when one of their courses or their profile changes, which the database says (ADR 019, session 19).
   */
  const ownLists = keptPerOwner<Page<CourseCard>>(options.watchTeachers, {
    bytesOf: (page) => 300 + 600 * page.items.length,
  });
  onClose(() => ownLists.stop());

  return {
    /** The public catalogue: published courses only. */
    async listPublished(query: {
      q?: string;
      category?: readonly string[];
      sort?: CourseOrder;
      page: number;
      pageSize: number;
    }) {
      const search = searchQuery(query.q);
      const order = query.sort ?? (search ? 'relevance' : 'newest');
      const result = await repo.listCards({ status: 'published', category: query.category, search }, order, query);
      return pageResult(result.items, query, result.total, result.totalIsLowerBound);
    },

    /** Every course of every teacher, for admins. */
    async listAll(query: {
      q?: string;
      status?: CourseStatus;
      category?: string;
      teacherId?: string;
      page: number;
      pageSize: number;
    }) {
      const search = searchQuery(query.q);
      const result = await repo.listCards(
        { status: query.status, category: query.category, teacherId: query.teacherId, search },
        search ? 'relevance' : 'updated',
        query,
      );
      return pageResult(result.items, query, result.total, result.totalIsLowerBound);
    },

    /** Teachers an admin can write a course for. */
    async listTeachers(query: { q?: string; page: number; pageSize: number }) {
      const result = await repo.teacherPage(query.q, query);
      return pageResult(result.items, query, result.total);
    },

    /** A teacher's own courses, most recently updated first. */
    async listOwn(teacherId: string, query: { status?: CourseStatus; page: number; pageSize: number }) {
      const key = `${teacherId} ${query.status ?? ''} ${query.page} ${query.pageSize}`;
      const kept = await ownLists.get(key, async () => {
        const result = await repo.listCards({ teacherId, status: query.status }, 'updated', query);
        return { owner: teacherId, value: pageResult(result.items, query, result.total, result.totalIsLowerBound) };
      });
      return kept.value;
    },

    /** Home shelves: favoured categories for a student, otherwise the newest; or the top rated. */
    async recommended(viewer: SessionUser | null, limit: number) {
      return {
        items: await repo.shelf({ limit, studentId: viewer?.role === 'student' ? viewer.id : undefined }),
      };
    },

    async featured(limit: number) {
      return { items: await repo.shelf({ limit, topRated: true }) };
    },

    /** Students are viewing: the courses most enrolled in over the last `days` days. */
    async popular(days: number, limit: number) {
      return { days, items: await repo.popularSince({ days, limit }) };
    },

    /** A published course for anyone; a draft only for its teacher and admins (404 for the rest). */
    async getVisible(id: string, viewer: SessionUser | null): Promise<Course> {
      const course = await repo.findCourse(id);
      if (!course) throw notFound(COURSE_NOT_FOUND);
      if (course.status !== 'published' && viewer?.id !== course.teacher.id && viewer?.role !== 'admin') {
        // Students enrolled in a course that was unpublished keep reading it (ADR 018).
        const enrolled = viewer?.role === 'student' && (await repo.findViewerState(id, viewer.id))?.enrolmentStatus;
        if (!enrolled) throw notFound(COURSE_NOT_FOUND);
      }
      return course;
    },

    /**
     * The published ones among these courses, whole, in the order of `ids` (lists hold cards; the v1 API
     * shows every field). One query, whatever the count.
     */
    async publishedByIds(ids: readonly string[]): Promise<Course[]> {
      const byId = new Map((await repo.findCourses(ids)).map((course) => [course.id, course]));
      return ids.flatMap((id) => {
        const course = byId.get(id);
        return course && course.status === 'published' ? [course] : [];
      });
    },

    async viewerState(user: SessionUser, id: string): Promise<CourseViewer> {
      const row = await repo.findViewerState(id, user.id);
      const canEdit = Boolean(row) && (row!.teacherId === user.id || user.role === 'admin');
      const enrolled = Boolean(row?.enrolmentStatus);
      if (!row || (row.status !== 'published' && !canEdit && !enrolled)) throw notFound(COURSE_NOT_FOUND);
      return {
        inWishlist: Boolean(row.inWishlist),
        enrolled: row.enrolmentStatus !== null,
        enrolmentStatus: row.enrolmentStatus,
        canEdit,
      };
    },
  };
}
