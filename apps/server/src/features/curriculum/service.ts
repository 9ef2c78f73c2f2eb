import { type Curriculum, type OutlineSection } from '@lyceum/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courseItems, courseSections, itemCompletions } from '#db/schema/index.js';
import { KEPT_LIST_TTL_MS, keptByKey, keptPerOwner } from '#lib/kept-by-key.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import { progressOf } from './progress.js';
import { type Access, createCurriculumAccess, toSection } from './context.js';
import { createLearning } from './learning.js';
import { createSectionAuthoring } from './sections.js';
import { createLessonAuthoring } from './lessons.js';
import { createAttachments } from './attachments.js';

export {
  ATTACHMENT_NOT_FOUND,
  COURSE_NOT_FOUND,
  ITEM_NOT_FOUND,
  LESSON_FILES_PATH,
  LESSON_NOT_FOUND,
  NOT_ENROLLED,
  NOT_YOUR_COURSE,
  SECTION_NOT_FOUND,
} from './context.js';

/*
 * The curriculum's service, by use case (ADR 039): reading the outline (here: its kept outlines and ticks),
 * learning (learning.ts), authoring sections (sections.ts) and lessons (lessons.ts), attachments (attachments.ts),
 * over the shared access checks and rows of context.ts.
 */

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

/**
 * A course's sections with their items, in outline order: only what the outline shows. The section's columns come
 * with each of its items (600 rows for a large course), and mapping its timestamps for every row was a tenth of
 * this read's time (ADR 019, session 11). Drafts only for the course's authors.
 */
function outlineRows(db: Db, courseId: string, withDrafts: boolean) {
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

/** The outline as everyone reads it: each course's published outline and each student's ticks, kept. */
function createOutlineReads(db: Db, deps: CurriculumDeps, { accessOf }: ReturnType<typeof createCurriculumAccess>) {
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
    stopCourses
      ? outlines.get(courseId, Date.now(), () => outlineRows(db, courseId, false))
      : outlineRows(db, courseId, false);

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
      access.canEdit ? outlineRows(db, access.courseId, true) : publishedOutline(access.courseId),
      studentId ? completedIn(studentId, access.courseId) : NONE,
    ]);
    return { rows, done };
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

    /** Whether a course has a published curriculum (then completion is the lessons', not the student's word). */
    async hasCurriculum(courseId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: courseItems.id })
        .from(courseItems)
        .where(and(eq(courseItems.courseId, courseId), eq(courseItems.published, true), eq(courseItems.required, true)))
        .limit(1);
      return Boolean(row);
    },

    /** Stops listening for changes (the app's close). */
    close() {
      stopCourses?.();
      completions.stop();
    },
  };
}

export function createCurriculumService(db: Db, deps: CurriculumDeps = {}) {
  const access = createCurriculumAccess(db);
  const outline = createOutlineReads(db, deps, access);
  return {
    ...outline,
    ...createLearning(db, access),
    ...createSectionAuthoring(access, outline),
    ...createLessonAuthoring(access),
    ...createAttachments(db, access),
  };
}

export type CurriculumService = ReturnType<typeof createCurriculumService>;
