import {
  CURRICULUM_LIMITS,
  CURRICULUM_MESSAGES,
  type CreateLessonBody,
  type Lesson,
  type UpdateLessonBody,
} from '@lyceum/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { courseItems, lessons } from '#db/schema/index.js';
import { conflict, HttpError, notFound } from '#lib/errors.js';
import { refreshProgress } from './progress.js';
import {
  authoredLesson,
  type CurriculumAccess,
  itemIn,
  LESSON_NOT_FOUND,
  nextItemPosition,
  renumber,
  sanitizedBody,
  sectionIn,
} from './context.js';

/** Authoring lessons (the course's teacher and admins): writing them, and moving, copying and deleting items. */
export function createLessonAuthoring({ authoring }: CurriculumAccess) {
  return {
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
  };
}
