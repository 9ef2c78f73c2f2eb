import {
  CURRICULUM_MESSAGES,
  type Completion,
  type Lesson,
  type Progress,
  sequenceLockedMessage,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courseItems, courses, enrolments, itemCompletions, lessonAttachments, lessons } from '#db/schema/index.js';
import { forbidden, HttpError, notFound } from '#lib/errors.js';
import { groupedWrites } from '#lib/grouped-writes.js';
import { sequenceBlocker } from '#lib/sequence.js';
import { progressOf, refreshProgress } from './progress.js';
import {
  type AttachmentJson,
  type CurriculumAccess,
  ITEM_NOT_FOUND,
  LESSON_NOT_FOUND,
  lessonFrom,
  NOT_ENROLLED,
} from './context.js';

/**
 * A learner in a course: opening a lesson (one statement, built once, and the place to resume written in groups),
 * their progress, and marking an item complete.
 */
export function createLearning(db: Db, { accessSelection, accessOf, accessFrom }: CurriculumAccess) {
  const courseId$ = sql.placeholder('courseId');
  const itemId$ = sql.placeholder('itemId');
  const studentId$ = sql.placeholder('studentId');
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

  return {
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
  };
}
