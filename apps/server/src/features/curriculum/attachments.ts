import { randomBytes } from 'node:crypto';
import { CURRICULUM_LIMITS, type Attachment } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { lessonAttachments } from '#db/schema/index.js';
import { HttpError, notFound } from '#lib/errors.js';
import { cleanFilename } from '#lib/stored-files.js';
import type { SniffedAttachment } from './files.js';
import { ATTACHMENT_NOT_FOUND, type CurriculumAccess, itemIn, LESSON_NOT_FOUND, toAttachment } from './context.js';

/** A lesson's attachments: added and deleted by its authors, served by their random name. */
export function createAttachments(db: Db, { authoring }: CurriculumAccess) {
  return {
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
  };
}
