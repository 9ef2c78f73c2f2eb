import { CURRICULUM_LIMITS, type Attachment, type Lesson, type Section } from '@lyceum/contract';
import { and, asc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import {
  courseItems,
  courseSections,
  courses,
  enrolments,
  itemCompletions,
  lessonAttachments,
  lessons,
} from '#db/schema/index.js';
import { fieldError, forbidden, notFound } from '#lib/errors.js';
import { sanitizeLessonHtml } from './sanitize.js';

/*
 * What the curriculum's use cases share (ADR 039's shape): the caller's access to a course (one statement, built
 * once), the authoring transaction, and the reads and row mappers of sections, items and lessons.
 */

export const COURSE_NOT_FOUND = 'Course not found';
export const SECTION_NOT_FOUND = 'Section not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const ITEM_NOT_FOUND = 'Item not found';
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';
export const NOT_YOUR_COURSE = 'You can only change the curriculum of your own courses';
export const NOT_ENROLLED = 'You are not enrolled in this course';
export const LESSON_FILES_PATH = '/api/lesson-files';

/** The caller's relation to a course, read in one query. */
export interface Access {
  courseId: string;
  teacherId: string;
  status: 'draft' | 'published';
  sequential: boolean;
  canEdit: boolean;
  enrolment: typeof enrolments.$inferSelect | null;
}

/** An attachment as the lesson visit's json_agg gives it (its time as text). */
export interface AttachmentJson {
  id: string;
  name: string;
  filename: string;
  contentType: string;
  bytes: number;
  createdAt: string;
}

export function sanitizedBody(html: string): string {
  const clean = sanitizeLessonHtml(html);
  if (clean.length > CURRICULUM_LIMITS.lessonBody) {
    throw fieldError('bodyHtml', `must be at most ${CURRICULUM_LIMITS.lessonBody} characters`);
  }
  return clean;
}

/** A SQL uuid[] literal of these ids, as parameters. */
export function uuidArray(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`array[]::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

export function toAttachment(row: {
  id: string;
  name: string;
  filename: string;
  contentType: string;
  bytes: number;
  createdAt: Date;
}): Attachment {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    bytes: row.bytes,
    url: `${LESSON_FILES_PATH}/${row.name}`,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSection(
  row: Pick<typeof courseSections.$inferSelect, 'id' | 'title' | 'summary' | 'version'>,
): Section {
  return { id: row.id, title: row.title, summary: row.summary, version: row.version };
}

export async function sectionIn(tx: Db, courseId: string, sectionId: string) {
  const [section] = await tx
    .select()
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
    .limit(1);
  if (!section) throw notFound(SECTION_NOT_FOUND);
  return section;
}

export async function itemIn(tx: Db, courseId: string, itemId: string) {
  const [item] = await tx
    .select()
    .from(courseItems)
    .where(and(eq(courseItems.id, itemId), eq(courseItems.courseId, courseId)))
    .limit(1);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  return item;
}

export async function nextItemPosition(tx: Db, sectionId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(courseItems.position) })
    .from(courseItems)
    .where(eq(courseItems.sectionId, sectionId));
  return (row?.last ?? -1) + 1;
}

/** Writes positions 0..n-1 in the order of `ids` (one statement), optionally moving them into `sectionId`. */
export async function renumber(tx: Db, table: 'course_sections' | 'course_items', ids: string[], sectionId?: string) {
  if (ids.length === 0) return;
  const target = sql.identifier(table);
  const moveTo = sectionId ? sql`, section_id = ${sectionId}` : sql``;
  await tx.execute(sql`
    update ${target} as t set position = o.ord - 1, updated_at = now() ${moveTo}
    from unnest(${uuidArray(ids)}) with ordinality as o(id, ord)
    where t.id = o.id and (t.position <> o.ord - 1 ${sectionId ? sql`or t.section_id <> ${sectionId}` : sql``})`);
}

/** One lesson (as its author reads it in a transaction) with a student's completion. */
export async function loadLesson(executor: Db, courseId: string, itemId: string, studentId: string | null) {
  const [row] = await executor
    .select({ item: courseItems, lesson: lessons, completedAt: itemCompletions.completedAt })
    .from(courseItems)
    .innerJoin(lessons, eq(lessons.itemId, courseItems.id))
    .leftJoin(
      itemCompletions,
      and(eq(itemCompletions.itemId, courseItems.id), eq(itemCompletions.studentId, studentId ?? courseItems.id)),
    )
    .where(and(eq(courseItems.id, itemId), eq(courseItems.courseId, courseId), eq(courseItems.kind, 'lesson')))
    .limit(1);
  return row;
}

export type LessonRow = NonNullable<Awaited<ReturnType<typeof loadLesson>>>;

export async function lessonView(executor: Db, row: LessonRow): Promise<Lesson> {
  const files = await executor
    .select({
      id: lessonAttachments.id,
      name: lessonAttachments.name,
      filename: lessonAttachments.filename,
      contentType: lessonAttachments.contentType,
      bytes: lessonAttachments.bytes,
      createdAt: lessonAttachments.createdAt,
    })
    .from(lessonAttachments)
    .where(eq(lessonAttachments.itemId, row.item.id))
    .orderBy(asc(lessonAttachments.createdAt), asc(lessonAttachments.id));
  return lessonFrom(row, files);
}

export function lessonFrom(row: LessonRow, files: Parameters<typeof toAttachment>[0][]): Lesson {
  return {
    id: row.item.id,
    courseId: row.item.courseId,
    sectionId: row.item.sectionId,
    kind: 'lesson',
    title: row.item.title,
    bodyHtml: row.lesson.bodyHtml,
    videoLink: row.lesson.videoLink,
    durationMinutes: row.item.durationMinutes,
    preview: row.item.preview,
    published: row.item.published,
    required: row.item.required,
    version: row.item.version,
    attachments: files.map(toAttachment),
    completed: row.completedAt !== null,
    updatedAt: (row.item.updatedAt > row.lesson.updatedAt ? row.item.updatedAt : row.lesson.updatedAt).toISOString(),
  };
}

export async function authoredLesson(tx: Db, courseId: string, itemId: string): Promise<Lesson> {
  const row = await loadLesson(tx, courseId, itemId, null);
  if (!row) throw notFound(LESSON_NOT_FOUND);
  return lessonView(tx, row);
}

/** The caller's access to a course (its statement built once) and the authoring transaction. */
export function createCurriculumAccess(db: Db) {
  /**
   * The access statement is built once, like the lesson visit's (learning.ts, ADR 019 session 21); a transaction
   * (marking complete, authoring) builds its own on its connection.
   */
  const courseId$ = sql.placeholder('courseId');
  const studentId$ = sql.placeholder('studentId');
  const accessSelection = {
    course: { id: courses.id, teacherId: courses.teacherId, status: courses.status, sequential: courses.sequential },
    enrolment: enrolments,
  };
  const accessQuery = (executor: Db, courseId: unknown, studentId: unknown) =>
    executor
      .select(accessSelection)
      .from(courses)
      .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.studentId, studentId as string)))
      .where(eq(courses.id, courseId as string))
      .limit(1);
  const accessPrepared = accessQuery(db, courseId$, studentId$).prepare('lyceum_curriculum_access');
  type AccessRow = Awaited<ReturnType<typeof accessPrepared.execute>>[number];

  /** The course and the caller's relation to it; 404 for a missing course or a draft the caller may not see. */
  async function accessOf(courseId: string, user: SessionUser | null, executor: Db = db): Promise<Access> {
    const studentId = user?.id ?? null;
    const [row] =
      executor === db
        ? await accessPrepared.execute({ courseId, studentId })
        : await accessQuery(executor, courseId, studentId);
    return accessFrom(row, user);
  }

  function accessFrom(row: Pick<AccessRow, 'course' | 'enrolment'> | undefined, user: SessionUser | null): Access {
    if (!row) throw notFound(COURSE_NOT_FOUND);
    const canEdit = Boolean(user) && (row.course.teacherId === user!.id || user!.role === 'admin');
    // Students enrolled in a course that was unpublished keep reading it (ADR 018); nobody else sees a draft.
    const enrolledStudent = user?.role === 'student' && Boolean(row.enrolment);
    if (row.course.status !== 'published' && !canEdit && !enrolledStudent) throw notFound(COURSE_NOT_FOUND);
    return {
      courseId: row.course.id,
      teacherId: row.course.teacherId,
      status: row.course.status,
      sequential: row.course.sequential,
      canEdit,
      enrolment: user?.role === 'student' ? row.enrolment : null,
    };
  }

  /**
   * Runs a curriculum change: in one transaction that first locks the course row (so concurrent structure edits
   * of one course queue instead of interleaving positions), after checking the caller is its teacher or an admin.
   */
  async function authoring<T>(user: SessionUser, courseId: string, change: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const [course] = await tx
        .select({ teacherId: courses.teacherId })
        .from(courses)
        .where(eq(courses.id, courseId))
        .for('update');
      if (!course) throw notFound(COURSE_NOT_FOUND);
      if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      return change(tx as unknown as Db);
    });
  }

  return { accessSelection, accessOf, accessFrom, authoring };
}

export type CurriculumAccess = ReturnType<typeof createCurriculumAccess>;
