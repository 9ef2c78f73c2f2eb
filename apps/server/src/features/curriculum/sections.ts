import {
  CURRICULUM_LIMITS,
  CURRICULUM_MESSAGES,
  type CreateSectionBody,
  type Curriculum,
  type Section,
  type UpdateCurriculumBody,
  type UpdateSectionBody,
} from '@lyceum/contract';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { courseSections, courses } from '#db/schema/index.js';
import { conflict, HttpError } from '#lib/errors.js';
import { refreshProgress } from './progress.js';
import { type CurriculumAccess, renumber, sectionIn, toSection } from './context.js';

/** Authoring the outline's frame (the course's teacher and admins): the curriculum's settings and its sections. */
export function createSectionAuthoring(
  { authoring }: CurriculumAccess,
  outline: { curriculum(courseId: string, user: SessionUser | null): Promise<Curriculum> },
) {
  return {
    /** The curriculum's settings (sequential mode); answers with the outline as its author now sees it. */
    async updateSettings(user: SessionUser, courseId: string, body: UpdateCurriculumBody): Promise<Curriculum> {
      await authoring(user, courseId, async (tx) => {
        await tx
          .update(courses)
          .set({ sequential: body.sequential, updatedAt: new Date() })
          .where(eq(courses.id, courseId));
      });
      return outline.curriculum(courseId, user);
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
  };
}
