import { CURRICULUM_MESSAGES, type Enrolment, type EnrolmentPage } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { courseItems, courses, enrolments } from '#db/schema/index.js';
import { conflict, notFound } from '#lib/errors.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { pageResult } from '#lib/pages.js';
import { pagesShowingCourses } from '#lib/pages-showing-courses.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import { COURSE_NOT_FOUND, NOT_ENROLLED, type CourseContext } from './course-context.js';
import { toEnrolment, type Paging } from './repository.js';

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

type EnrolmentListQuery = { status: 'all' | 'active' | 'completed' } & Paging;

/** A student's enrolments: enrolling, the list (kept as sent), marking a course without a curriculum completed. */
export function createEnrolment({ db, repo, options, changed, publishedCourse, onClose }: CourseContext) {
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

  onClose(() => keptEnrolmentPages.stop());

  /** The student's enrolments (all, active or completed), most recent first. */
  async function enrolmentPage(studentId: string, query: EnrolmentListQuery): Promise<EnrolmentPage> {
    const status = query.status === 'all' ? undefined : query.status;
    const result = await repo.enrolmentPage(studentId, status, query);
    return pageResult(result.items, query, result.total);
  }

  return {
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
