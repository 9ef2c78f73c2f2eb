import {
  COURSE_HELD_MESSAGE,
  CURRICULUM_MESSAGES,
  LIMITS,
  type Course,
  type CourseCard,
  type CourseStatus,
  type CourseViewer,
  type CreateCourseInput,
  type Enrolment,
  type EnrolmentPage,
  type UpdateCourseInput,
} from '@lyceum/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courseItems, courses, enrolments, wishlistItems } from '#db/schema/index.js';
import { HttpError, conflict, fieldError, forbidden, notFound } from '#lib/errors.js';
import { topics, type InvalidationBus } from '#lib/invalidation.js';
import { createCourseRepository, searchQuery, toEnrolment, type CourseOrder, type Paging } from './repository.js';
import { sanitizeAboutHtml } from './sanitize.js';
import { pageResult, type Page } from '#lib/pages.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { pagesShowingCourses, type ChangeFeed } from '#lib/pages-showing-courses.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';

/**
 * A validated new course. The category is text here: /api's schema limits it to the catalogue's categories,
 * the v1 API (v1-api.md E11) to any text of at most 100 characters.
 */
export type NewCourse = Omit<CreateCourseInput, 'category'> & { category: string };

export const COURSE_NOT_FOUND = 'Course not found';
export const NOT_YOUR_COURSE = 'You can only change your own courses';
export const NOT_ENROLLED = 'You are not enrolled in this course';

/** What the enrolment insert returns (raw SQL: snake_case, timestamps as the driver gives them). */
interface NewEnrolmentRow {
  status: Enrolment['status'];
  progress_percent: number;
  completed_items: number;
  total_items: number;
  last_item_id: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  has_curriculum: boolean;
}

function newEnrolment(courseId: string, row: NewEnrolmentRow): Enrolment {
  return {
    courseId,
    status: row.status,
    progressPercent: Number(row.progress_percent),
    completedItems: Number(row.completed_items),
    totalItems: Number(row.total_items),
    lastItemId: row.last_item_id,
    enrolledAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
  };
}

/** 409: the course has enrolled students and the delete was not confirmed; carries how many. */
export class CourseHasStudentsError extends HttpError {
  constructor(public readonly enrolledCount: number) {
    super(
      409,
      `${enrolledCount} ${enrolledCount === 1 ? 'student is' : 'students are'} enrolled in this course: confirm to delete it for them too`,
    );
    this.name = 'CourseHasStudentsError';
  }
}

/**
 * `publishedAt` is the date a course was first published: set by its first publication, kept when it is
 * unpublished and when it is published again (issue 15: re-publishing reset it).
 */
const FIRST_PUBLISHED = sql`coalesce(${courses.publishedAt}, now())`;

const FORM_FIELDS = [
  'title',
  'category',
  'videoLink',
  'learnItems',
  'materialItems',
  'requirementItems',
  'tagItems',
  'audienceItems',
  'status',
  'level',
] as const;

/** The columns the course form writes as sent (an update's missing field is undefined: left as it is). */
function formColumns<Body extends Partial<NewCourse>>(body: Body): Pick<Body, (typeof FORM_FIELDS)[number]> {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, body[field]])) as Pick<
    Body,
    (typeof FORM_FIELDS)[number]
  >;
}

function sanitizedAbout(html: string): string {
  const clean = sanitizeAboutHtml(html);
  if (clean.length > LIMITS.aboutCourse) {
    throw fieldError('aboutHtml', `must be at most ${LIMITS.aboutCourse} characters`);
  }
  return clean;
}

type EnrolmentListQuery = { status: 'all' | 'active' | 'completed' } & Paging;

export interface CourseServiceOptions {
  /**
   * Whether a course has a published curriculum (the curriculum feature's answer, handed in by app.ts): then the
   * course is completed by its lessons, and the student's own "mark completed" is refused.
   */
  hasCurriculum?: (courseId: string) => Promise<boolean>;
  /** Computes a new enrolment's progress (the curriculum's progress function). */
  refreshProgress?: (courseId: string, studentId: string) => Promise<void>;
  /** Where writes report what they changed, for the caches. */
  invalidation?: InvalidationBus;
  /**
   * The database's word that a teacher's courses or profile changed (db/client.ts `watchTeachers`, migrations 0032
   * and 0033): their own course list is kept until then.
   */
  watchTeachers?: ChangeFeed;
  /**
   * The database's word that a student's enrolments changed (db/client.ts `watchLearnerEnrolments`, migration 0044):
   * with `watchTeachers`, which names the teacher of a course whose card changed, their enrolment list is kept.
   */
  watchLearnerEnrolments?: ChangeFeed;
}

export function createCourseService(db: Db, options: CourseServiceOptions = {}) {
  const { invalidation } = options;
  const repo = createCourseRepository(db);
  /** Tells the caches which course changed (its page, and the lists that show it). */
  const changed = (id: string) => invalidation?.publish(topics.course(id));
  /**
   * A teacher's own list ("My Courses") is their landing in the teacher area and is read again on every return to
   * it; it changes when one of their courses or their profile changes, which the database says (ADR 019, session 19).
   */
  const ownLists = keptPerOwner<Page<CourseCard>>(options.watchTeachers, {
    bytesOf: (page) => 300 + 600 * page.items.length,
  });
  /**
   * A student's enrolment list ("My enrolled courses") is read on every visit to the student area and changes when
   * their enrolments do (0044) or a card on it does, which the teachers' channel tells by the course's teacher (0032,
   * 0033): kept per student, as sent, until the database names the student or a teacher of a course on the page
   * (ADR 019, session 25).
   */
  const enrolmentPages = pagesShowingCourses(options.watchLearnerEnrolments, options.watchTeachers);
  const keptEnrolmentPages = keptPerOwner<PreparedJson>(enrolmentPages.watch, {
    bytesOf: (page) => 2 * page.body.length,
    maxBytes: 16 * 1024 * 1024,
  });

  /**
   * The teacher a course is written for: the caller, or for admins the chosen teacher. An admin who names
   * themselves writes the course as its teacher (the v1 client's admin "Add course", v1-api.md E11).
   */
  async function resolveTeacher(user: SessionUser, teacherId: string | undefined): Promise<string> {
    if (teacherId === user.id) return user.id;
    if (user.role !== 'admin') {
      if (teacherId && teacherId !== user.id) throw forbidden('Only admins can choose the teacher of a course');
      return user.id;
    }
    if (!teacherId) throw fieldError('teacherId', 'is required');
    const role = await repo.findUserRole(teacherId);
    if (!role) throw notFound('Teacher not found');
    if (role !== 'teacher') throw fieldError('teacherId', 'must be a teacher');
    return teacherId;
  }

  /** The student's enrolments (all, active or completed), most recent first. */
  async function enrolmentPage(studentId: string, query: EnrolmentListQuery): Promise<EnrolmentPage> {
    const status = query.status === 'all' ? undefined : query.status;
    const result = await repo.enrolmentPage(studentId, status, query);
    return pageResult(result.items, query, result.total);
  }

  /** A course the caller may change (its teacher or an admin), or 404/403. */
  async function ownedCourse(user: SessionUser, id: string) {
    const head = await repo.findCourseHead(id);
    if (!head) throw notFound(COURSE_NOT_FOUND);
    if (head.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
    return head;
  }

  async function loadCourse(id: string): Promise<Course> {
    const course = await repo.findCourse(id);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return course;
  }

  /** Published courses accept wishlist entries and enrolments; anything else is not found. */
  async function publishedCourse(id: string) {
    const head = await repo.findCourseHead(id);
    if (!head || head.status !== 'published') throw notFound(COURSE_NOT_FOUND);
    return head;
  }

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

    /** Stops listening for changes (the app's close). */
    close: () => {
      ownLists.stop();
      keptEnrolmentPages.stop();
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

    async create(user: SessionUser, body: NewCourse): Promise<Course> {
      const aboutHtml = sanitizedAbout(body.aboutHtml);
      const teacherId = await resolveTeacher(user, body.teacherId);
      const [row] = await db
        .insert(courses)
        .values({
          teacherId,
          ...formColumns(body),
          aboutHtml,
          publishedAt: body.status === 'published' ? new Date() : null,
        })
        .returning({ id: courses.id });
      changed(row!.id);
      return loadCourse(row!.id);
    },

    async update(user: SessionUser, id: string, body: UpdateCourseInput): Promise<Course> {
      const aboutHtml = body.aboutHtml === undefined ? undefined : sanitizedAbout(body.aboutHtml);
      const head = await ownedCourse(user, id);
      const admin = user.role === 'admin';
      // An admin's unpublish is a moderation hold: only an admin lifts it (by publishing).
      if (head.heldAt && !admin && body.status === 'published') throw forbidden(COURSE_HELD_MESSAGE);
      const teacherId = body.teacherId === undefined ? undefined : await resolveTeacher(user, body.teacherId);
      const statusChange = body.status !== undefined && body.status !== head.status;
      await db
        .update(courses)
        .set({
          ...formColumns(body),
          aboutHtml,
          teacherId,
          ...(statusChange && body.status === 'published' ? { publishedAt: FIRST_PUBLISHED } : {}),
          ...(admin && statusChange ? { heldAt: body.status === 'draft' ? new Date() : null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(courses.id, id));
      changed(id);
      return loadCourse(id);
    },

    /**
     * Admin moderation: publish or unpublish any course. Unpublishing holds the course (`heldAt`): its teacher
     * cannot publish it again until an admin publishes it, which lifts the hold.
     */
    async setStatus(id: string, status: CourseStatus): Promise<Course> {
      const head = await repo.findCourseHead(id);
      if (!head) throw notFound(COURSE_NOT_FOUND);
      const held = status === 'draft';
      if (head.status !== status || Boolean(head.heldAt) !== held) {
        await db
          .update(courses)
          .set({
            status,
            ...(status === 'published' ? { publishedAt: FIRST_PUBLISHED } : {}),
            heldAt: held ? (head.heldAt ?? new Date()) : null,
            updatedAt: new Date(),
          })
          .where(eq(courses.id, id));
        changed(id);
      }
      return loadCourse(id);
    },

    /**
     * Deletes a course with its wishlist entries, enrolments and reviews (ON DELETE CASCADE). A course with enrolled
     * students goes only when the caller confirmed (they were shown the count): otherwise a CourseHasStudentsError.
     */
    async remove(user: SessionUser, id: string, options: { confirm?: boolean } = {}): Promise<void> {
      await ownedCourse(user, id);
      await db.transaction(async (tx) => {
        if (!options.confirm) {
          // FOR UPDATE: no enrolment can arrive between the count and the delete.
          await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).for('update');
          const [row] = await tx.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, id));
          if (row && row.n > 0) throw new CourseHasStudentsError(row.n);
        }
        await tx.delete(courses).where(eq(courses.id, id));
      });
      changed(id);
    },

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

    /**
     * Idempotent and race-safe: the unique (student, course) key decides, not a prior read. A new enrolment is one
     * statement after the session (ADR 019, session 15): the insert takes the course only while it is published,
     * and tells whether the course has required published items. Without them the new row's defaults are what the
     * progress function would write (0 of 0, active), so it is not run; with them it is. Nothing inserted (enrolled
     * already, or the course is not published) falls back to the checks and the existing row, so answers and
     * errors are unchanged.
     */
    async enrol(studentId: string, courseId: string): Promise<Enrolment> {
      const inserted = (await db.execute(sql`
        insert into ${enrolments} (student_id, course_id)
        select ${studentId}, c.id from ${courses} c where c.id = ${courseId} and c.status = 'published'
        on conflict do nothing
        returning status, progress_percent, completed_items, total_items, last_item_id, created_at, completed_at,
          exists (select 1 from ${courseItems} ci
                   where ci.course_id = ${courseId} and ci.published and ci.required) as has_curriculum`)) as unknown as {
        rows: NewEnrolmentRow[];
      };
      const created = inserted.rows[0];
      if (created) {
        // Enrolment counts show on the course's page and order the popular shelf.
        changed(courseId);
        if (!created.has_curriculum || !options.refreshProgress) return newEnrolment(courseId, created);
        await options.refreshProgress(courseId, studentId);
      } else {
        await publishedCourse(courseId);
      }
      const [existing] = await db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)))
        .limit(1);
      return toEnrolment(existing!);
    },

    enrolments: enrolmentPage,

    /** The student's enrolment list as sent (`write`: the route's serializer), kept until it changes. */
    async enrolmentsJson(studentId: string, query: EnrolmentListQuery, write: (page: EnrolmentPage) => string) {
      const key = `${studentId}\n${query.status}\n${query.page}\n${query.pageSize}`;
      const kept = await keptEnrolmentPages.get(key, async () => {
        const page = await enrolmentPage(studentId, query);
        enrolmentPages.shows(studentId, new Set(page.items.map((item) => item.course.teacher.id)));
        return { owner: studentId, value: preparedJson(write(page)) };
      });
      return kept.value;
    },

    /**
     * Marks the caller's enrolment completed: only for a course without a curriculum (one with lessons is
     * completed by completing its required lessons: 409 here).
     */
    async complete(studentId: string, courseId: string): Promise<Enrolment> {
      const head = await repo.findCourseHead(courseId);
      if (!head) throw notFound(COURSE_NOT_FOUND);
      const where = and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId));
      const [current] = await db.select().from(enrolments).where(where).limit(1);
      if (!current) throw notFound(NOT_ENROLLED);
      if (current.status === 'completed') return toEnrolment(current);
      if (await options.hasCurriculum?.(courseId)) throw conflict(CURRICULUM_MESSAGES.hasCurriculum);
      const [updated] = await db
        .update(enrolments)
        .set({ status: 'completed', progressPercent: 100, completedAt: new Date(), updatedAt: new Date() })
        .where(where)
        .returning();
      return toEnrolment(updated!);
    },
  };
}

export type CourseService = ReturnType<typeof createCourseService>;
