import {
  COURSE_HELD_MESSAGE,
  LIMITS,
  type Course,
  type CourseStatus,
  type CreateCourseInput,
  type UpdateCourseInput,
} from '@lyceum/contract';
import { count, eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { courses, enrolments } from '#db/schema/index.js';
import { HttpError, fieldError, forbidden, notFound } from '#lib/errors.js';
import { COURSE_NOT_FOUND, FIRST_PUBLISHED, type CourseContext } from './course-context.js';
import { sanitizeAboutHtml } from './sanitize.js';

/**
 * A validated new course. The category is text here: /api's schema limits it to the catalogue's categories,
 * the v1 API (v1-api.md E11) to any text of at most 100 characters.
 */
export type NewCourse = Omit<CreateCourseInput, 'category'> & { category: string };

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

/** Writing courses: created, changed, published or held by an admin, deleted. */
export function createAuthoring({ db, repo, changed, ownedCourse, loadCourse }: CourseContext) {
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

  return {
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
  };
}
