import { randomBytes } from 'node:crypto';
import {
  CURRICULUM_LIMITS,
  CURRICULUM_MESSAGES,
  type Attachment,
  type Completion,
  type CreateLessonBody,
  type CreateSectionBody,
  type Curriculum,
  type Lesson,
  type OutlineSection,
  type Progress,
  type Section,
  sequenceLockedMessage,
  type UpdateCurriculumBody,
  type UpdateLessonBody,
  type UpdateSectionBody,
} from '@lyceum/contract';
import { and, asc, eq, gt, max, sql, type SQL } from 'drizzle-orm';
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
import { conflict, fieldError, forbidden, HttpError, notFound } from '#lib/errors.js';
import { KEPT_LIST_TTL_MS, keptByKey, keptPerOwner } from '#lib/kept-by-key.js';
import { groupedWrites } from '#lib/grouped-writes.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import { sequenceBlocker } from '#lib/sequence.js';
import { cleanFilename } from '#lib/stored-files.js';
import type { SniffedAttachment } from './files.js';
import { progressOf, refreshProgress } from './progress.js';
import { sanitizeLessonHtml } from './sanitize.js';

export const COURSE_NOT_FOUND = 'Course not found';
export const SECTION_NOT_FOUND = 'Section not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const ITEM_NOT_FOUND = 'Item not found';
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';
export const NOT_YOUR_COURSE = 'You can only change the curriculum of your own courses';
export const NOT_ENROLLED = 'You are not enrolled in this course';
export const LESSON_FILES_PATH = '/api/lesson-files';

/** The caller's relation to a course, read in one query. */
interface Access {
  courseId: string;
  teacherId: string;
  status: 'draft' | 'published';
  sequential: boolean;
  canEdit: boolean;
  enrolment: typeof enrolments.$inferSelect | null;
}

/** An attachment as the lesson visit's json_agg gives it (its time as text). */
interface AttachmentJson {
  id: string;
  name: string;
  filename: string;
  contentType: string;
  bytes: number;
  createdAt: string;
}

function sanitizedBody(html: string): string {
  const clean = sanitizeLessonHtml(html);
  if (clean.length > CURRICULUM_LIMITS.lessonBody) {
    throw fieldError('bodyHtml', `must be at most ${CURRICULUM_LIMITS.lessonBody} characters`);
  }
  return clean;
}

/** A SQL uuid[] literal of these ids, as parameters. */
function uuidArray(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`array[]::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

function toAttachment(row: {
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

export interface CurriculumDeps {
  /**
   * The database's word that a course's outline changed (db/client.ts `watchCourses`, migration 0038): each course's
   * published outline is kept until then, shared by its visitors and students. Without it every read runs.
   */
  watchCourses?: (onChange: (courseId: string) => void) => () => void;
  /** The same for a student's completions (`watchStudents`, migration 0031): their ticks are kept until then. */
  watchStudents?: (onChange: (studentId: string) => void) => () => void;
}

/** The memory the kept outlines may take in one process: a 600-item course counts about 100 KB. */
const KEPT_OUTLINE_BYTES = 16 * 1024 * 1024;
/** The memory enrolled students' outlines with ticks may take in one process, as sent (their JSON and its compressed copies). */
const KEPT_CURRICULA_BYTES = 32 * 1024 * 1024;

/** Nothing completed (a visitor's or an author's view). */
const NONE: ReadonlySet<string> = new Set();

export function createCurriculumService(db: Db, deps: CurriculumDeps = {}) {
  /**
   * A course's sections with their items, in outline order: only what the outline shows. The section's columns come
   * with each of its items (600 rows for a large course), and mapping its timestamps for every row was a tenth of
   * this read's time (ADR 019, session 11). Drafts only for the course's authors.
   */
  function outlineRows(courseId: string, withDrafts: boolean) {
    return db
      .select({
        section: {
          id: courseSections.id,
          title: courseSections.title,
          summary: courseSections.summary,
          version: courseSections.version,
        },
        item: {
          id: courseItems.id,
          kind: courseItems.kind,
          title: courseItems.title,
          durationMinutes: courseItems.durationMinutes,
          preview: courseItems.preview,
          required: courseItems.required,
          published: courseItems.published,
          version: courseItems.version,
        },
      })
      .from(courseSections)
      .leftJoin(
        courseItems,
        and(
          eq(courseItems.sectionId, courseSections.id),
          // Redundant for the result, but it lets the planner reach the course's items by course_items_course_idx:
          // without it, it scanned every course's items (123 ms on 60,000 items; issue 20's bench).
          eq(courseItems.courseId, courseId),
          withDrafts ? undefined : eq(courseItems.published, true),
        ),
      )
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position), asc(courseSections.id), asc(courseItems.position), asc(courseItems.id));
  }
  type OutlineRow = Awaited<ReturnType<typeof outlineRows>>[number];

  /**
   * Each course's published outline, kept until the database says a section or an item of it changed (ADR 019,
   * session 20): every visitor and student of a course reads the same rows. Handed out as they are: never changed.
   */
  const outlines = keptByKey<OutlineRow[]>({
    ttlMs: KEPT_LIST_TTL_MS,
    maxBytes: KEPT_OUTLINE_BYTES,
    bytesOf: (rows) =>
      rows.reduce(
        (sum, r) => sum + 160 + r.section.title.length + r.section.summary.length + (r.item?.title.length ?? 0),
        0,
      ),
  });
  const stopCourses = deps.watchCourses?.((courseId) =>
    courseId === '*' ? outlines.clear() : outlines.forget(courseId),
  );
  const publishedOutline = (courseId: string) =>
    stopCourses ? outlines.get(courseId, Date.now(), () => outlineRows(courseId, false)) : outlineRows(courseId, false);

  /** A student's completed items of a course, kept under the student until the database says they changed. */
  const completions = keptPerOwner<ReadonlySet<string>>(deps.watchStudents, { bytesOf: (done) => 40 * done.size });
  const completedIn = async (studentId: string, courseId: string) =>
    (
      await completions.get(`${studentId}:${courseId}`, async () => {
        const rows = await db
          .select({ id: itemCompletions.itemId })
          .from(itemCompletions)
          .innerJoin(courseItems, eq(courseItems.id, itemCompletions.itemId))
          .where(and(eq(itemCompletions.studentId, studentId), eq(courseItems.courseId, courseId)));
        return { owner: studentId, value: new Set(rows.map((row) => row.id)) as ReadonlySet<string> };
      })
    ).value;

  /** The outline's rows for `access` (drafts for its authors) and the student's completed items. */
  async function outlineFor(access: Access) {
    const studentId = access.enrolment ? access.enrolment.studentId : null;
    const [rows, done] = await Promise.all([
      access.canEdit ? outlineRows(access.courseId, true) : publishedOutline(access.courseId),
      studentId ? completedIn(studentId, access.courseId) : NONE,
    ]);
    return { rows, done };
  }

  /** The outline a viewer sees: their locks, ticks, progress and place to resume. */
  function curriculumOf(access: Access, rows: OutlineRow[], done: ReadonlySet<string>): Curriculum {
    const courseId = access.courseId;
    const sections: OutlineSection[] = [];
    const byId = new Map<string, OutlineSection>();
    let lessonCount = 0;
    let totalMinutes = 0;
    // Sequential mode, for an enrolled student: everything after the first required item not yet completed
    // is locked (free-preview lessons stay open, as they are for visitors).
    const ordered = Boolean(access.enrolment) && !access.canEdit && access.sequential;
    let blocker: string | null = null;
    const lockOf = (preview: boolean) => {
      if (access.canEdit || preview) return { locked: false, lockReason: null, blockedBy: null };
      if (!access.enrolment) return { locked: true, lockReason: 'enrol' as const, blockedBy: null };
      if (blocker !== null) return { locked: true, lockReason: 'sequence' as const, blockedBy: blocker };
      return { locked: false, lockReason: null, blockedBy: null };
    };
    for (const row of rows) {
      let section = byId.get(row.section.id);
      if (!section) {
        section = { ...toSection(row.section), items: [] };
        byId.set(row.section.id, section);
        sections.push(section);
      }
      if (!row.item) continue;
      if (row.item.kind === 'lesson') lessonCount += 1;
      totalMinutes += row.item.durationMinutes;
      section.items.push({
        id: row.item.id,
        kind: row.item.kind,
        title: row.item.title,
        durationMinutes: row.item.durationMinutes,
        preview: row.item.preview,
        required: row.item.required,
        published: row.item.published,
        version: row.item.version,
        ...lockOf(row.item.preview),
        completed: done.has(row.item.id),
      });
      if (ordered && blocker === null && row.item.required && !done.has(row.item.id)) blocker = row.item.id;
    }
    const visible = access.canEdit ? sections : sections.filter((s) => s.items.length > 0);
    const items = visible.flatMap((s) => s.items);
    let resumeItemId: string | null = null;
    if (access.enrolment && items.length > 0) {
      const last = access.enrolment.lastItemId;
      const open = items.filter((i) => !i.locked);
      resumeItemId = open.find((i) => i.id === last)?.id ?? open.find((i) => !i.completed)?.id ?? open[0]?.id ?? null;
    }
    return {
      courseId,
      sequential: access.sequential,
      sections: visible,
      lessonCount,
      totalMinutes,
      viewer: {
        canEdit: access.canEdit,
        enrolled: access.enrolment !== null,
        progress: access.enrolment ? progressOf(access.enrolment) : null,
        resumeItemId,
      },
    };
  }

  /**
   * An enrolled student's outline with ticks as sent (ADR 019, session 24): a large course's is 150 KB of JSON, and
   * building, serializing and compressing it was the request's whole cost. Kept per student and course with what it
   * was made from: the kept outline and completions (the same objects until the database says they changed) and what
   * this request's access statement read (the course's settings, the enrolment's progress and place to resume).
   */
  const studentCurricula = keptByKey<{
    rows: OutlineRow[];
    done: ReadonlySet<string>;
    stamp: string;
    json: PreparedJson;
  }>({ ttlMs: KEPT_LIST_TTL_MS, maxBytes: KEPT_CURRICULA_BYTES, bytesOf: (page) => 2 * page.json.body.length });

  /**
   * The statements the lesson player runs on every visit, built once (ADR 019, session 21): building the drizzle
   * queries was a third of opening a lesson's time in Node, and the visit's four statements are now two. A
   * transaction (marking complete, authoring) builds its own on its connection.
   */
  const courseId$ = sql.placeholder('courseId');
  const itemId$ = sql.placeholder('itemId');
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
  /**
   * A student's visit to a lesson in one statement: the course and the caller's enrolment (as `accessOf` reads
   * them), the lesson with the caller's completion, and its attachments.
   */
  const visitPrepared = db
    .select({
      ...accessSelection,
      item: courseItems,
      lesson: lessons,
      completedAt: itemCompletions.completedAt,
      files: sql<AttachmentJson[]>`(
        select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'filename', a.filename,
          'contentType', a.content_type, 'bytes', a.bytes, 'createdAt', a.created_at) order by a.created_at, a.id),
          '[]'::json)
        from ${lessonAttachments} a where a.item_id = ${courseItems.id})`,
    })
    .from(courses)
    .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.studentId, studentId$)))
    .leftJoin(
      courseItems,
      and(eq(courseItems.id, itemId$), eq(courseItems.courseId, courses.id), eq(courseItems.kind, 'lesson')),
    )
    .leftJoin(lessons, eq(lessons.itemId, courseItems.id))
    .leftJoin(
      itemCompletions,
      and(eq(itemCompletions.itemId, courseItems.id), eq(itemCompletions.studentId, studentId$)),
    )
    .where(eq(courses.id, courseId$))
    .limit(1)
    .prepare('lyceum_curriculum_visit');
  /**
   * Each lesson opened is the enrolment's new place to resume: the opens that arrive together are written in one
   * statement and one commit (lib/grouped-writes.ts), each request answered once its own is written. A commit per
   * open was what opening a lesson cost the database (ADR 019, session 24). Of one enrolment's opens in a group the
   * last is where it resumes; the earlier ones are recorded as opened (item_opens), as the trigger on
   * `last_item_id` records the last (migration 0018).
   */
  const resumes = groupedWrites<{ enrolmentId: string; itemId: string }>(async (opens) => {
    const list = [...opens.values()];
    const ids = `{${list.map((open) => open.enrolmentId).join(',')}}`;
    const items = `{${list.map((open) => open.itemId).join(',')}}`;
    await db.execute(sql`with opened as (
        select id, item_id, ord from unnest(${ids}::uuid[], ${items}::uuid[]) with ordinality as o(id, item_id, ord)
      ), earlier as (
        insert into item_opens (student_id, item_id, opened_at)
        select e.student_id, o.item_id, now() from opened o join ${enrolments} e on e.id = o.id
         where o.ord < (select max(l.ord) from opened l where l.id = o.id)
        on conflict do nothing
      )
      update ${enrolments} set last_item_id = last.item_id, last_opened_at = now()
        from (select distinct on (id) id, item_id from opened order by id, ord desc) last
       where ${enrolments.id} = last.id`);
  });

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

  async function sectionIn(tx: Db, courseId: string, sectionId: string) {
    const [section] = await tx
      .select()
      .from(courseSections)
      .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
      .limit(1);
    if (!section) throw notFound(SECTION_NOT_FOUND);
    return section;
  }

  async function itemIn(tx: Db, courseId: string, itemId: string) {
    const [item] = await tx
      .select()
      .from(courseItems)
      .where(and(eq(courseItems.id, itemId), eq(courseItems.courseId, courseId)))
      .limit(1);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    return item;
  }

  async function nextItemPosition(tx: Db, sectionId: string): Promise<number> {
    const [row] = await tx
      .select({ last: max(courseItems.position) })
      .from(courseItems)
      .where(eq(courseItems.sectionId, sectionId));
    return (row?.last ?? -1) + 1;
  }

  /** Writes positions 0..n-1 in the order of `ids` (one statement), optionally moving them into `sectionId`. */
  async function renumber(tx: Db, table: 'course_sections' | 'course_items', ids: string[], sectionId?: string) {
    if (ids.length === 0) return;
    const target = sql.identifier(table);
    const moveTo = sectionId ? sql`, section_id = ${sectionId}` : sql``;
    await tx.execute(sql`
      update ${target} as t set position = o.ord - 1, updated_at = now() ${moveTo}
      from unnest(${uuidArray(ids)}) with ordinality as o(id, ord)
      where t.id = o.id and (t.position <> o.ord - 1 ${sectionId ? sql`or t.section_id <> ${sectionId}` : sql``})`);
  }

  /** One lesson (as its author reads it in a transaction) with a student's completion. */
  async function loadLesson(executor: Db, courseId: string, itemId: string, studentId: string | null) {
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

  type LessonRow = NonNullable<Awaited<ReturnType<typeof loadLesson>>>;

  async function lessonView(executor: Db, row: LessonRow): Promise<Lesson> {
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

  function lessonFrom(row: LessonRow, files: Parameters<typeof toAttachment>[0][]): Lesson {
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

  async function authoredLesson(tx: Db, courseId: string, itemId: string): Promise<Lesson> {
    const row = await loadLesson(tx, courseId, itemId, null);
    if (!row) throw notFound(LESSON_NOT_FOUND);
    return lessonView(tx, row);
  }

  function toSection(row: Pick<typeof courseSections.$inferSelect, 'id' | 'title' | 'summary' | 'version'>): Section {
    return { id: row.id, title: row.title, summary: row.summary, version: row.version };
  }

  return {
    /**
     * The outline for everyone and the player's payload for the caller: the course with the caller's enrolment,
     * then (together) the course's published outline and the student's completions, each kept until the database
     * says it changed, so a repeat is one statement after authentication. Drafts (and sections with nothing
     * published) are left out for everyone but the course's authors, who read theirs every time.
     */
    async curriculum(courseId: string, user: SessionUser | null): Promise<Curriculum> {
      const access = await accessOf(courseId, user);
      const { rows, done } = await outlineFor(access);
      return curriculumOf(access, rows, done);
    },

    /**
     * The outline as JSON (`write` serializes it): an enrolled student's is kept as sent while what it is made from
     * is the same (`studentCurricula`).
     */
    async curriculumJson(
      courseId: string,
      user: SessionUser | null,
      write: (page: Curriculum) => string,
    ): Promise<PreparedJson> {
      const access = await accessOf(courseId, user);
      const { rows, done } = await outlineFor(access);
      const make = () => preparedJson(write(curriculumOf(access, rows, done)));
      if (!access.enrolment || access.canEdit) return make();
      const key = `${access.enrolment.studentId}\n${courseId}`;
      const enrolment = access.enrolment;
      const stamp = JSON.stringify([access.status, access.sequential, enrolment.lastItemId, progressOf(enrolment)]);
      const now = Date.now();
      const kept = studentCurricula.peek(key, now);
      if (kept && kept.rows === rows && kept.done === done && kept.stamp === stamp) return kept.json;
      const json = make();
      // Kept with its inputs, compared by identity: no change can slip between them and the bytes.
      studentCurricula.keep(key, now, { rows, done, stamp, json }, studentCurricula.mark());
      return json;
    },

    /**
     * A lesson: published ones for enrolled students, preview ones for anyone, every one for its authors.
     * Opening it records it as the enrolled student's place to resume.
     */
    async lesson(courseId: string, itemId: string, user: SessionUser | null): Promise<Lesson> {
      const [visit] = await visitPrepared.execute({ courseId, itemId, studentId: user?.id ?? null });
      const access = accessFrom(visit, user);
      const row =
        visit?.item && visit.lesson
          ? { item: visit.item, lesson: visit.lesson, completedAt: access.enrolment ? visit.completedAt : null }
          : null;
      if (!row || (!row.item.published && !access.canEdit)) throw notFound(LESSON_NOT_FOUND);
      if (!access.canEdit && !access.enrolment && !row.item.preview) {
        if (!user) throw new HttpError(401, CURRICULUM_MESSAGES.notEnrolled);
        throw forbidden(CURRICULUM_MESSAGES.notEnrolled);
      }
      if (access.enrolment && !access.canEdit && access.sequential && !row.item.preview) {
        const blocker = await sequenceBlocker(db, courseId, itemId, access.enrolment.studentId);
        if (blocker) throw forbidden(sequenceLockedMessage(blocker.title));
      }
      if (access.enrolment && access.enrolment.lastItemId !== itemId) {
        const enrolmentId = access.enrolment.id;
        await resumes.write(`${enrolmentId}\n${itemId}`, { enrolmentId, itemId });
      }
      return lessonFrom(
        row,
        visit!.files.map((file) => ({ ...file, createdAt: new Date(file.createdAt) })),
      );
    },

    /** The enrolled caller's progress in a course. */
    async progress(courseId: string, user: SessionUser): Promise<Progress> {
      const access = await accessOf(courseId, user);
      if (!access.enrolment) throw forbidden(NOT_ENROLLED);
      return progressOf(access.enrolment);
    },

    /**
     * Marks a published item completed for the enrolled caller. Idempotent and race-safe: the enrolment row is
     * locked first, the (student, item) key keeps one row, and progress (with the course's completion when this
     * was the last required item) is recomputed in the same transaction.
     */
    async complete(courseId: string, itemId: string, user: SessionUser): Promise<Completion> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const access = await accessOf(courseId, user, tx);
        if (!access.enrolment) throw forbidden(NOT_ENROLLED);
        const [item] = await tx
          .select({ id: courseItems.id, preview: courseItems.preview })
          .from(courseItems)
          .where(
            and(
              eq(courseItems.id, itemId),
              eq(courseItems.courseId, courseId),
              eq(courseItems.published, true),
              eq(courseItems.kind, 'lesson'),
            ),
          )
          .limit(1);
        if (!item) throw notFound(ITEM_NOT_FOUND);
        if (access.sequential && !access.canEdit && !item.preview) {
          const blocker = await sequenceBlocker(tx, courseId, itemId, user.id);
          if (blocker) throw forbidden(sequenceLockedMessage(blocker.title));
        }
        await tx
          .select({ id: enrolments.id })
          .from(enrolments)
          .where(eq(enrolments.id, access.enrolment.id))
          .for('update');
        await tx.insert(itemCompletions).values({ studentId: user.id, itemId }).onConflictDoNothing();
        const [completion] = await tx
          .select({ completedAt: itemCompletions.completedAt })
          .from(itemCompletions)
          .where(and(eq(itemCompletions.studentId, user.id), eq(itemCompletions.itemId, itemId)));
        const [progress] = await refreshProgress(tx, courseId, user.id);
        const { studentId: _studentId, ...rest } = progress!;
        return { itemId, completedAt: completion!.completedAt.toISOString(), progress: rest };
      });
    },

    /** Computes one enrolment's progress (a new enrolment in a course that has a curriculum). */
    async refreshProgress(courseId: string, studentId: string): Promise<void> {
      await refreshProgress(db, courseId, studentId);
    },

    /** Whether a course has a published curriculum (then completion is the lessons', not the student's word). */
    async hasCurriculum(courseId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: courseItems.id })
        .from(courseItems)
        .where(and(eq(courseItems.courseId, courseId), eq(courseItems.published, true), eq(courseItems.required, true)))
        .limit(1);
      return Boolean(row);
    },

    // --- Authoring (the course's teacher and admins) -----------------------------------------

    /** The curriculum's settings (sequential mode); answers with the outline as its author now sees it. */
    async updateSettings(user: SessionUser, courseId: string, body: UpdateCurriculumBody): Promise<Curriculum> {
      await authoring(user, courseId, async (tx) => {
        await tx
          .update(courses)
          .set({ sequential: body.sequential, updatedAt: new Date() })
          .where(eq(courses.id, courseId));
      });
      return this.curriculum(courseId, user);
    },

    async createSection(user: SessionUser, courseId: string, body: CreateSectionBody): Promise<Section> {
      return authoring(user, courseId, async (tx) => {
        const [stats] = await tx
          .select({ last: max(courseSections.position), n: sql<number>`count(*)::int` })
          .from(courseSections)
          .where(eq(courseSections.courseId, courseId));
        if ((stats?.n ?? 0) >= CURRICULUM_LIMITS.sectionsPerCourse) {
          throw new HttpError(409, `A course has at most ${CURRICULUM_LIMITS.sectionsPerCourse} sections`);
        }
        const [row] = await tx
          .insert(courseSections)
          .values({ courseId, title: body.title, summary: body.summary ?? '', position: (stats?.last ?? -1) + 1 })
          .returning();
        return toSection(row!);
      });
    },

    async updateSection(user: SessionUser, courseId: string, sectionId: string, body: UpdateSectionBody) {
      return authoring(user, courseId, async (tx) => {
        const current = await sectionIn(tx, courseId, sectionId);
        if (current.version !== body.version) throw conflict(CURRICULUM_MESSAGES.conflict);
        const [row] = await tx
          .update(courseSections)
          .set({
            title: body.title,
            summary: body.summary,
            version: sql`${courseSections.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(courseSections.id, sectionId), eq(courseSections.version, body.version)))
          .returning();
        if (!row) throw conflict(CURRICULUM_MESSAGES.conflict);
        return toSection(row);
      });
    },

    /** Deletes a section with its items (and their completions); progress is recomputed. */
    async deleteSection(user: SessionUser, courseId: string, sectionId: string): Promise<void> {
      await authoring(user, courseId, async (tx) => {
        await sectionIn(tx, courseId, sectionId);
        await tx.delete(courseSections).where(eq(courseSections.id, sectionId));
        await refreshProgress(tx, courseId);
      });
    },

    async moveSection(user: SessionUser, courseId: string, sectionId: string, position: number) {
      return authoring(user, courseId, async (tx) => {
        const current = await sectionIn(tx, courseId, sectionId);
        const order = await tx
          .select({ id: courseSections.id })
          .from(courseSections)
          .where(eq(courseSections.courseId, courseId))
          .orderBy(asc(courseSections.position), asc(courseSections.id));
        const ids = order.map((s) => s.id).filter((id) => id !== sectionId);
        ids.splice(Math.min(position, ids.length), 0, sectionId);
        await renumber(tx, 'course_sections', ids);
        return toSection(current);
      });
    },

    async createLesson(user: SessionUser, courseId: string, sectionId: string, body: CreateLessonBody) {
      const bodyHtml = sanitizedBody(body.bodyHtml ?? '');
      return authoring(user, courseId, async (tx) => {
        await sectionIn(tx, courseId, sectionId);
        const position = await nextItemPosition(tx, sectionId);
        if (position >= CURRICULUM_LIMITS.itemsPerSection) {
          const [n] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(courseItems)
            .where(eq(courseItems.sectionId, sectionId));
          if ((n?.n ?? 0) >= CURRICULUM_LIMITS.itemsPerSection) {
            throw new HttpError(409, `A section has at most ${CURRICULUM_LIMITS.itemsPerSection} items`);
          }
        }
        const [item] = await tx
          .insert(courseItems)
          .values({
            courseId,
            sectionId,
            position,
            kind: 'lesson',
            title: body.title,
            durationMinutes: body.durationMinutes ?? 0,
            preview: body.preview ?? false,
            published: body.published ?? false,
          })
          .returning({ id: courseItems.id, published: courseItems.published });
        await tx.insert(lessons).values({ itemId: item!.id, bodyHtml, videoLink: body.videoLink ?? '' });
        if (item!.published) await refreshProgress(tx, courseId);
        return authoredLesson(tx, courseId, item!.id);
      });
    },

    async updateLesson(user: SessionUser, courseId: string, itemId: string, body: UpdateLessonBody) {
      const bodyHtml = body.bodyHtml === undefined ? undefined : sanitizedBody(body.bodyHtml);
      return authoring(user, courseId, async (tx) => {
        const current = await itemIn(tx, courseId, itemId);
        if (current.kind !== 'lesson') throw notFound(LESSON_NOT_FOUND);
        if (current.version !== body.version) throw conflict(CURRICULUM_MESSAGES.conflict);
        const [row] = await tx
          .update(courseItems)
          .set({
            title: body.title,
            durationMinutes: body.durationMinutes,
            preview: body.preview,
            published: body.published,
            version: sql`${courseItems.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(courseItems.id, itemId), eq(courseItems.version, body.version)))
          .returning({ published: courseItems.published });
        if (!row) throw conflict(CURRICULUM_MESSAGES.conflict);
        if (bodyHtml !== undefined || body.videoLink !== undefined) {
          await tx
            .update(lessons)
            .set({ bodyHtml, videoLink: body.videoLink, updatedAt: new Date() })
            .where(eq(lessons.itemId, itemId));
        }
        if (row.published !== current.published) await refreshProgress(tx, courseId);
        return authoredLesson(tx, courseId, itemId);
      });
    },

    /** Deletes an item (its completions and attachments go with it); progress is recomputed. */
    async deleteItem(user: SessionUser, courseId: string, itemId: string): Promise<void> {
      await authoring(user, courseId, async (tx) => {
        const item = await itemIn(tx, courseId, itemId);
        await tx.delete(courseItems).where(eq(courseItems.id, itemId));
        if (item.published) await refreshProgress(tx, courseId);
      });
    },

    /** Moves an item to a 0-based place in a section of the same course (its own or another). */
    async moveItem(
      user: SessionUser,
      courseId: string,
      itemId: string,
      target: { sectionId: string; position: number },
    ) {
      return authoring(user, courseId, async (tx) => {
        await itemIn(tx, courseId, itemId);
        await sectionIn(tx, courseId, target.sectionId);
        const order = await tx
          .select({ id: courseItems.id })
          .from(courseItems)
          .where(eq(courseItems.sectionId, target.sectionId))
          .orderBy(asc(courseItems.position), asc(courseItems.id));
        const ids = order.map((i) => i.id).filter((id) => id !== itemId);
        if (ids.length >= CURRICULUM_LIMITS.itemsPerSection) {
          throw new HttpError(409, `A section has at most ${CURRICULUM_LIMITS.itemsPerSection} items`);
        }
        ids.splice(Math.min(target.position, ids.length), 0, itemId);
        await renumber(tx, 'course_items', ids, target.sectionId);
        await tx
          .update(courseItems)
          .set({ version: sql`${courseItems.version} + 1` })
          .where(eq(courseItems.id, itemId));
        return authoredLesson(tx, courseId, itemId);
      });
    },

    /** Copies a lesson (as a draft, attachments included) right after the original. */
    async duplicateItem(user: SessionUser, courseId: string, itemId: string): Promise<Lesson> {
      return authoring(user, courseId, async (tx) => {
        const item = await itemIn(tx, courseId, itemId);
        if (item.kind !== 'lesson') throw notFound(LESSON_NOT_FOUND);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(courseItems)
          .where(eq(courseItems.sectionId, item.sectionId));
        if ((count?.n ?? 0) >= CURRICULUM_LIMITS.itemsPerSection) {
          throw new HttpError(409, `A section has at most ${CURRICULUM_LIMITS.itemsPerSection} items`);
        }
        await tx
          .update(courseItems)
          .set({ position: sql`${courseItems.position} + 1` })
          .where(and(eq(courseItems.sectionId, item.sectionId), gt(courseItems.position, item.position)));
        const title = `${item.title.slice(0, CURRICULUM_LIMITS.itemTitle - 7)} (copy)`;
        const [copy] = await tx
          .insert(courseItems)
          .values({
            courseId,
            sectionId: item.sectionId,
            position: item.position + 1,
            kind: 'lesson',
            title,
            required: item.required,
            published: false,
            preview: item.preview,
            durationMinutes: item.durationMinutes,
          })
          .returning({ id: courseItems.id });
        await tx.execute(sql`
          insert into lessons (item_id, body_html, video_link)
          select ${copy!.id}, body_html, video_link from lessons where item_id = ${itemId}`);
        await tx.execute(sql`
          insert into lesson_attachments (item_id, name, filename, content_type, bytes, data, created_at)
          select ${copy!.id}, replace(gen_random_uuid()::text, '-', '') || substring(name from '[.][a-z0-9]+$'),
                 filename, content_type, bytes, data, created_at
          from lesson_attachments where item_id = ${itemId}`);
        return authoredLesson(tx, courseId, copy!.id);
      });
    },

    // --- Attachments -------------------------------------------------------------------------

    async addAttachment(
      user: SessionUser,
      courseId: string,
      itemId: string,
      file: SniffedAttachment,
    ): Promise<Attachment> {
      return authoring(user, courseId, async (tx) => {
        const item = await itemIn(tx, courseId, itemId);
        if (item.kind !== 'lesson') throw notFound(LESSON_NOT_FOUND);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(lessonAttachments)
          .where(eq(lessonAttachments.itemId, itemId));
        if ((count?.n ?? 0) >= CURRICULUM_LIMITS.attachmentsPerLesson) {
          throw new HttpError(409, `A lesson has at most ${CURRICULUM_LIMITS.attachmentsPerLesson} attachments`);
        }
        const [row] = await tx
          .insert(lessonAttachments)
          .values({
            itemId,
            name: `${randomBytes(16).toString('hex')}.${file.extension}`,
            filename: cleanFilename(file.filename, file.extension, CURRICULUM_LIMITS.attachmentFilename, 'attachment'),
            contentType: file.contentType,
            bytes: file.data.byteLength,
            data: file.data,
          })
          .returning();
        return toAttachment(row!);
      });
    },

    async deleteAttachment(user: SessionUser, courseId: string, itemId: string, attachmentId: string) {
      await authoring(user, courseId, async (tx) => {
        await itemIn(tx, courseId, itemId);
        const deleted = await tx
          .delete(lessonAttachments)
          .where(and(eq(lessonAttachments.id, attachmentId), eq(lessonAttachments.itemId, itemId)))
          .returning({ id: lessonAttachments.id });
        if (deleted.length === 0) throw notFound(ATTACHMENT_NOT_FOUND);
      });
    },

    /** A stored attachment by its random name (the address is the capability; see the ADR). */
    async file(name: string) {
      if (name.length > 100 || !/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/.test(name)) return undefined;
      const [row] = await db
        .select({
          filename: lessonAttachments.filename,
          contentType: lessonAttachments.contentType,
          data: lessonAttachments.data,
        })
        .from(lessonAttachments)
        .where(eq(lessonAttachments.name, name))
        .limit(1);
      return row;
    },

    /** Stops listening for changes (the app's close). */
    close() {
      stopCourses?.();
      completions.stop();
    },
  };
}

export type CurriculumService = ReturnType<typeof createCurriculumService>;
