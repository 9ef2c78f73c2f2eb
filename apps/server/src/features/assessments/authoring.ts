import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  CURRICULUM_LIMITS,
  type Assessment,
  type AssessmentPartInput,
  type CreateAssessmentInput,
  type UpdateAssessmentInput,
} from '@lyceum/contract';
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { hashPassword } from '#auth/passwords.js';
import type { Db } from '#db/client.js';
import { assessmentParts, assessments, attempts, courseItems, courseSections, questions } from '#db/schema/index.js';
import { badRequest, conflict, fieldError, notFound } from '#lib/errors.js';
import { refreshProgress } from '#lib/progress.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';
import { confirmAnswersShownEarly } from './answer-release.js';
import {
  assertTeacher,
  authoring,
  iso,
  loadAuthored,
  partsView,
  toDate,
  type AssessmentContext,
  type ItemRow,
} from './assessment-shared.js';
import { notifyRelease, type AssessmentRow } from './grading.js';

const SECTION_NOT_FOUND = 'Section not found';
const STALE =
  'Someone else saved this in the meantime (another tab or person). Reload to see their version, then make your change again.';
/** Settings that decide when the correct answers reach a student with attempts left (ADR 046). */
const KEY_TIMING_FIELDS = ['releaseAnswers', 'attemptsAllowed', 'opensAt', 'dueAt', 'closesAt'] as const;

function cleanInstructions(html: string): string {
  const clean = sanitizeAboutHtml(html);
  if (clean.length > ASSESSMENT_LIMITS.instructions)
    throw fieldError('instructions', `must be at most ${ASSESSMENT_LIMITS.instructions} characters`);
  return clean;
}

async function toAssessment(executor: Db, row: { assessment: AssessmentRow; item: ItemRow }): Promise<Assessment> {
  const { assessment: a, item } = row;
  const { parts, questionCount } = await partsView(executor, a);
  const [attemptRow] = await executor.select({ n: count() }).from(attempts).where(eq(attempts.assessmentId, a.itemId));
  return {
    id: a.itemId,
    courseId: a.courseId,
    sectionId: item.sectionId,
    kind: a.kind,
    title: item.title,
    instructions: a.instructions,
    points: a.points,
    passingPercent: a.passingPercent,
    timeLimitMinutes: a.timeLimitMinutes,
    attemptsAllowed: a.attemptsAllowed,
    countingRule: a.countingRule,
    opensAt: iso(a.opensAt),
    dueAt: iso(a.dueAt),
    closesAt: iso(a.closesAt),
    latePenaltyPercentPerDay: a.latePenaltyPercentPerDay,
    shuffleQuestions: a.shuffleQuestions,
    shuffleChoices: a.shuffleChoices,
    layout: a.layout,
    releaseScore: a.releaseScore,
    releaseAnswers: a.releaseAnswers,
    releaseFeedback: a.releaseFeedback,
    releasedAt: iso(a.releasedAt),
    anonymousGrading: a.anonymousGrading,
    requiredForCompletion: a.requiredForCompletion,
    hasPassword: a.passwordHash !== null,
    published: item.published,
    parts,
    questionCount,
    attemptCount: attemptRow?.n ?? 0,
    version: item.version,
    updatedAt: (a.updatedAt > item.updatedAt ? a.updatedAt : item.updatedAt).toISOString(),
  };
}

/** Bumps the item's version if it is still `version` (409 otherwise), with the item changes given. */
async function bumpItem(t: Db, itemId: string, version: number, changes: Partial<typeof courseItems.$inferInsert>) {
  const [item] = await t
    .update(courseItems)
    .set({ ...changes, version: sql`${courseItems.version} + 1`, updatedAt: new Date() })
    .where(and(eq(courseItems.id, itemId), eq(courseItems.version, version)))
    .returning();
  if (!item) throw conflict(STALE);
  return item;
}

function settingsOf(input: Partial<CreateAssessmentInput>) {
  const values: Partial<typeof assessments.$inferInsert> = {};
  if (input.kind !== undefined) values.kind = input.kind;
  if (input.instructions !== undefined) values.instructions = cleanInstructions(input.instructions);
  if (input.points !== undefined) values.points = input.points;
  if (input.passingPercent !== undefined) values.passingPercent = input.passingPercent;
  if (input.timeLimitMinutes !== undefined) values.timeLimitMinutes = input.timeLimitMinutes;
  if (input.attemptsAllowed !== undefined) values.attemptsAllowed = input.attemptsAllowed;
  if (input.countingRule !== undefined) values.countingRule = input.countingRule;
  if (input.opensAt !== undefined) values.opensAt = toDate(input.opensAt);
  if (input.dueAt !== undefined) values.dueAt = toDate(input.dueAt);
  if (input.closesAt !== undefined) values.closesAt = toDate(input.closesAt);
  if (input.latePenaltyPercentPerDay !== undefined) values.latePenaltyPercentPerDay = input.latePenaltyPercentPerDay;
  if (input.shuffleQuestions !== undefined) values.shuffleQuestions = input.shuffleQuestions;
  if (input.shuffleChoices !== undefined) values.shuffleChoices = input.shuffleChoices;
  if (input.layout !== undefined) values.layout = input.layout;
  if (input.releaseScore !== undefined) values.releaseScore = input.releaseScore;
  if (input.releaseAnswers !== undefined) values.releaseAnswers = input.releaseAnswers;
  if (input.releaseFeedback !== undefined) values.releaseFeedback = input.releaseFeedback;
  if (input.anonymousGrading !== undefined) values.anonymousGrading = input.anonymousGrading;
  if (input.requiredForCompletion !== undefined) values.requiredForCompletion = input.requiredForCompletion;
  return values;
}

/** Authoring an assessment's settings (the course's teacher, admins): create, read, change, release. */
export function createAuthoringSettings({ db, now }: AssessmentContext) {
  return {
    async create(user: SessionUser, courseId: string, sectionId: string, input: CreateAssessmentInput) {
      return authoring(db, user, courseId, async (t) => {
        const [section] = await t
          .select({ id: courseSections.id })
          .from(courseSections)
          .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
          .limit(1);
        if (!section) throw notFound(SECTION_NOT_FOUND);
        const [last] = await t
          .select({ last: max(courseItems.position), n: count() })
          .from(courseItems)
          .where(eq(courseItems.sectionId, sectionId));
        if ((last?.n ?? 0) >= CURRICULUM_LIMITS.itemsPerSection)
          throw conflict(`A section has at most ${CURRICULUM_LIMITS.itemsPerSection} items`);
        const [item] = await t
          .insert(courseItems)
          .values({
            courseId,
            sectionId,
            position: (last?.last ?? -1) + 1,
            kind: 'assessment',
            title: input.title,
            required: input.requiredForCompletion !== 'none',
            published: false,
          })
          .returning();
        const [assessment] = await t
          .insert(assessments)
          .values({
            itemId: item!.id,
            courseId,
            ...settingsOf(input),
            passwordHash: input.password ? await hashPassword(input.password) : null,
          })
          .returning();
        return toAssessment(t, { assessment: assessment!, item: item! });
      });
    },

    async get(user: SessionUser, courseId: string, itemId: string): Promise<Assessment> {
      await assertTeacher(db, user, courseId);
      return toAssessment(db, await loadAuthored(db, courseId, itemId));
    },

    async update(user: SessionUser, courseId: string, itemId: string, input: UpdateAssessmentInput) {
      return authoring(db, user, courseId, async (t) => {
        const current = await loadAuthored(t, courseId, itemId);
        const merged = {
          opensAt: input.opensAt !== undefined ? input.opensAt : iso(current.assessment.opensAt),
          dueAt: input.dueAt !== undefined ? input.dueAt : iso(current.assessment.dueAt),
          closesAt: input.closesAt !== undefined ? input.closesAt : iso(current.assessment.closesAt),
        };
        const [o, d, c] = [toDate(merged.opensAt), toDate(merged.dueAt), toDate(merged.closesAt)];
        if (o && d && d < o) throw fieldError('dueAt', 'must not be before the opening date');
        if (o && c && c <= o) throw fieldError('closesAt', 'must be after the opening date');
        if (d && c && c < d) throw fieldError('closesAt', 'must not be before the due date');
        const required =
          input.requiredForCompletion !== undefined ? input.requiredForCompletion !== 'none' : current.item.required;
        const item = await bumpItem(t, itemId, input.version, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          required,
        });
        const values = settingsOf(input as Partial<CreateAssessmentInput>);
        if (input.password !== undefined)
          values.passwordHash = input.password === null ? null : await hashPassword(input.password);
        const [assessment] = await t
          .update(assessments)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(assessments.itemId, itemId))
          .returning();
        // Showing the key to students with attempts left waits for the teacher's confirmation (ADR 046).
        if (KEY_TIMING_FIELDS.some((key) => input[key] !== undefined))
          await confirmAnswersShownEarly(t, current.assessment, assessment!, now(), input.confirm ?? false);
        if (item.published && required !== current.item.required) await refreshProgress(t, courseId);
        return toAssessment(t, { assessment: assessment!, item });
      });
    },

    /**
     * Releases what the "manual" policies hold back (released = false takes it back); 409 when it would show the
     * correct answers to students with attempts left, until `confirm` (ADR 046).
     */
    async release(user: SessionUser, courseId: string, itemId: string, released: boolean, confirm = false) {
      return authoring(db, user, courseId, async (t) => {
        const { item, assessment: before } = await loadAuthored(t, courseId, itemId);
        const at = now();
        const [assessment] = await t
          .update(assessments)
          .set({ releasedAt: released ? at : null, updatedAt: new Date() })
          .where(eq(assessments.itemId, itemId))
          .returning();
        if (released) await confirmAnswersShownEarly(t, before, assessment!, at, confirm);
        if (released) await notifyRelease(t, assessment!, before.releasedAt !== null);
        return toAssessment(t, { assessment: assessment!, item });
      });
    },
  };
}

/** Authoring an assessment's place and content: moved, removed, its parts replaced, published. */
export function createAuthoringLayout({ db }: AssessmentContext) {
  return {
    /**
     * Moves the assessment to a 0-based place in a section of the same course (its own or another): the same
     * rule as the curriculum's lesson move (positions rewritten in one statement, the course row locked).
     */
    async move(user: SessionUser, courseId: string, itemId: string, target: { sectionId: string; position: number }) {
      return authoring(db, user, courseId, async (t) => {
        await loadAuthored(t, courseId, itemId);
        const [section] = await t
          .select({ id: courseSections.id })
          .from(courseSections)
          .where(and(eq(courseSections.id, target.sectionId), eq(courseSections.courseId, courseId)))
          .limit(1);
        if (!section) throw notFound(SECTION_NOT_FOUND);
        const order = await t
          .select({ id: courseItems.id })
          .from(courseItems)
          .where(eq(courseItems.sectionId, target.sectionId))
          .orderBy(asc(courseItems.position), asc(courseItems.id));
        const ids = order.map((i) => i.id).filter((id) => id !== itemId);
        if (ids.length >= CURRICULUM_LIMITS.itemsPerSection)
          throw conflict(`A section has at most ${CURRICULUM_LIMITS.itemsPerSection} items`);
        ids.splice(Math.min(target.position, ids.length), 0, itemId);
        const list = sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
        await t.execute(sql`
          update course_items as t set position = o.ord - 1, section_id = ${target.sectionId}, updated_at = now()
          from unnest(array[${list}]) with ordinality as o(id, ord)
          where t.id = o.id and (t.position <> o.ord - 1 or t.section_id <> ${target.sectionId})`);
        const [item] = await t
          .update(courseItems)
          .set({ version: sql`${courseItems.version} + 1` })
          .where(eq(courseItems.id, itemId))
          .returning();
        const { assessment } = await loadAuthored(t, courseId, itemId);
        return toAssessment(t, { assessment, item: item! });
      });
    },

    async remove(user: SessionUser, courseId: string, itemId: string): Promise<void> {
      await authoring(db, user, courseId, async (t) => {
        const { item } = await loadAuthored(t, courseId, itemId);
        await t.delete(courseItems).where(eq(courseItems.id, itemId));
        if (item.published) await refreshProgress(t, courseId);
      });
    },

    /** Replaces every part; fixed questions must belong to the course's bank (400 naming the unknown ones). */
    async replaceParts(
      user: SessionUser,
      courseId: string,
      itemId: string,
      body: { version: number; parts: AssessmentPartInput[] },
    ) {
      return authoring(db, user, courseId, async (t) => {
        await loadAuthored(t, courseId, itemId);
        const ids = [...new Set(body.parts.flatMap((p) => (p.mode === 'fixed' ? p.questionIds : [])))];
        if (ids.length) {
          const found = await t
            .select({ id: questions.id })
            .from(questions)
            .where(and(inArray(questions.id, ids), eq(questions.courseId, courseId)));
          const known = new Set(found.map((q) => q.id));
          const unknown = ids.filter((id) => !known.has(id));
          if (unknown.length)
            throw badRequest(`These questions are not in this course's bank: ${unknown.join(', ')}`, [
              { path: 'parts', message: `unknown questions: ${unknown.join(', ')}` },
            ]);
        }
        const item = await bumpItem(t, itemId, body.version, {});
        await t.delete(assessmentParts).where(eq(assessmentParts.assessmentId, itemId));
        if (body.parts.length)
          await t
            .insert(assessmentParts)
            .values(
              body.parts.map((part, position) =>
                part.mode === 'fixed'
                  ? { assessmentId: itemId, position, mode: 'fixed' as const, questionIds: part.questionIds }
                  : { assessmentId: itemId, position, mode: 'draw' as const, drawTag: part.tag, drawCount: part.count },
              ),
            );
        const [assessment] = await t
          .update(assessments)
          .set({ updatedAt: new Date() })
          .where(eq(assessments.itemId, itemId))
          .returning();
        return toAssessment(t, { assessment: assessment!, item });
      });
    },

    /** Publishes (needs at least one question) or unpublishes the item; progress is recomputed. */
    async publish(user: SessionUser, courseId: string, itemId: string, body: { version: number; published: boolean }) {
      return authoring(db, user, courseId, async (t) => {
        const current = await loadAuthored(t, courseId, itemId);
        if (body.published) {
          const { questionCount } = await partsView(t, current.assessment);
          if (questionCount === 0) throw conflict(ASSESSMENT_MESSAGES.noQuestions);
        }
        const item = await bumpItem(t, itemId, body.version, { published: body.published });
        if (current.item.published !== body.published) await refreshProgress(t, courseId);
        return toAssessment(t, { assessment: current.assessment, item });
      });
    },
  };
}
