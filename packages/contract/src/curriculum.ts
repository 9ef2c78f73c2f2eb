import { ENROLMENT_STATUSES } from './constants/courses.js';
import { COURSE_ITEM_KINDS, CURRICULUM_LIMITS, LOCK_REASONS } from './constants/curriculum.js';
import { DateTimeSchema, IdSchema, optionalText, requiredText, textInput } from './common.js';
import { VideoLinkSchema } from './courses.js';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

export const SectionParamsSchema = z.object({ id: IdSchema, sectionId: IdSchema });
export const ItemParamsSchema = z.object({ id: IdSchema, itemId: IdSchema });
export const AttachmentParamsSchema = z.object({ id: IdSchema, itemId: IdSchema, attachmentId: IdSchema });
export const LessonFileParamsSchema = z.object({ name: z.string().max(200) });

/** PostgreSQL text cannot hold NUL: requiredText / optionalText / textInput refuse it as a field error. */
const titleText = (max: number) => requiredText(max);
const plainText = (max: number) => optionalText(max);

const VersionSchema = z.number().int().min(1);
const DurationSchema = z
  .number()
  .int()
  .min(0, { error: 'must be at least 0' })
  .max(CURRICULUM_LIMITS.durationMinutes, { error: `must be at most ${CURRICULUM_LIMITS.durationMinutes}` });

/** POST /api/courses/:id/sections — appended at the end. */
export const CreateSectionBodySchema = z.strictObject({
  title: titleText(CURRICULUM_LIMITS.sectionTitle),
  summary: plainText(CURRICULUM_LIMITS.sectionSummary).default(''),
});
export type CreateSectionBody = z.input<typeof CreateSectionBodySchema>;

/** PATCH /api/courses/:id/sections/:sectionId — `version` is the one the editor read (409 when stale). */
export const UpdateSectionBodySchema = z.strictObject({
  version: VersionSchema,
  title: titleText(CURRICULUM_LIMITS.sectionTitle).optional(),
  summary: plainText(CURRICULUM_LIMITS.sectionSummary).optional(),
});
export type UpdateSectionBody = z.input<typeof UpdateSectionBodySchema>;

/** POST .../sections/:sectionId/move and .../items/:itemId/move: the 0-based place in the target list. */
export const MoveSectionBodySchema = z.strictObject({ position: z.number().int().min(0) });
export type MoveSectionBody = z.input<typeof MoveSectionBodySchema>;
export const MoveItemBodySchema = z.strictObject({ sectionId: IdSchema, position: z.number().int().min(0) });
export type MoveItemBody = z.input<typeof MoveItemBodySchema>;

const lessonFields = {
  title: titleText(CURRICULUM_LIMITS.itemTitle),
  /** Sanitised by the server (the rich-text allowlist plus images and code blocks). */
  bodyHtml: textInput().max(CURRICULUM_LIMITS.lessonBody * 2, { error: 'is too long' }),
  videoLink: VideoLinkSchema,
  durationMinutes: DurationSchema,
  preview: z.boolean(),
  published: z.boolean(),
};

/** POST /api/courses/:id/sections/:sectionId/lessons — appended to the section, a draft unless said otherwise. */
export const CreateLessonBodySchema = z.strictObject({
  title: lessonFields.title,
  bodyHtml: lessonFields.bodyHtml.default(''),
  videoLink: lessonFields.videoLink.default(''),
  durationMinutes: lessonFields.durationMinutes.default(0),
  preview: lessonFields.preview.default(false),
  published: lessonFields.published.default(false),
});
export type CreateLessonBody = z.input<typeof CreateLessonBodySchema>;

/** PATCH /api/courses/:id/lessons/:itemId — only the fields sent change; `version` as read (409 when stale). */
export const UpdateLessonBodySchema = z.strictObject({
  version: VersionSchema,
  title: lessonFields.title.optional(),
  bodyHtml: lessonFields.bodyHtml.optional(),
  videoLink: lessonFields.videoLink.optional(),
  durationMinutes: lessonFields.durationMinutes.optional(),
  preview: lessonFields.preview.optional(),
  published: lessonFields.published.optional(),
});
export type UpdateLessonBody = z.input<typeof UpdateLessonBodySchema>;

/** PATCH /api/courses/:id/curriculum — the curriculum's settings (ADR 029). */
export const UpdateCurriculumBodySchema = z.strictObject({
  /** Sequential mode: an enrolled student opens an item once every required item before it is complete. */
  sequential: z.boolean(),
});
export type UpdateCurriculumBody = z.input<typeof UpdateCurriculumBodySchema>;

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

/** A student's progress in a course, from the one progress function: completed / required published items. */
export const ProgressSchema = z.object({
  completedItems: z.number().int(),
  totalItems: z.number().int(),
  /** floor(100 × completed / total); without a curriculum 0, or 100 once marked completed. */
  percent: z.number().int(),
  status: z.enum(ENROLMENT_STATUSES),
  completedAt: DateTimeSchema.nullable(),
});
export type Progress = z.infer<typeof ProgressSchema>;

/** An item in the outline. Drafts appear only to the course's teacher and admins. */
export const OutlineItemSchema = z.object({
  id: IdSchema,
  kind: z.enum(COURSE_ITEM_KINDS),
  title: z.string(),
  durationMinutes: z.number().int(),
  preview: z.boolean(),
  required: z.boolean(),
  published: z.boolean(),
  /** For authors' editors: the version to send with the next edit. */
  version: z.number().int(),
  /** The caller may not open it (not enrolled and not a preview lesson; or, in sequential mode, not yet). */
  locked: z.boolean(),
  /**
   * Why it is locked: `enrol` (enrol to open it) or `sequence` (sequential mode: `blockedBy` must be completed
   * first); null when open.
   */
  lockReason: z.enum(LOCK_REASONS).nullable(),
  /** Sequential mode: the earlier required item to complete first (its id), when `lockReason` is `sequence`. */
  blockedBy: IdSchema.nullable(),
  /** The caller completed it (enrolled students). */
  completed: z.boolean(),
});
export type OutlineItem = z.infer<typeof OutlineItemSchema>;

export const OutlineSectionSchema = z.object({
  id: IdSchema,
  title: z.string(),
  summary: z.string(),
  version: z.number().int(),
  items: z.array(OutlineItemSchema),
});
export type OutlineSection = z.infer<typeof OutlineSectionSchema>;

/**
 * GET /api/courses/:id/curriculum — the outline for everyone, and the player's payload for the caller:
 * enrolled students get their ticks, progress and where to resume.
 */
export const CurriculumSchema = z.object({
  courseId: IdSchema,
  /** Sequential mode (ADR 029): items open in order for enrolled students. */
  sequential: z.boolean(),
  sections: z.array(OutlineSectionSchema),
  /** Published lessons (for authors, every lesson) and their summed duration. */
  lessonCount: z.number().int(),
  totalMinutes: z.number().int(),
  viewer: z.object({
    canEdit: z.boolean(),
    enrolled: z.boolean(),
    /** The enrolled student's progress; null for everyone else. */
    progress: ProgressSchema.nullable(),
    /** Where "continue" opens: the last opened lesson, else the first not completed, else the first. */
    resumeItemId: IdSchema.nullable(),
  }),
});
export type Curriculum = z.infer<typeof CurriculumSchema>;

export const AttachmentSchema = z.object({
  id: IdSchema,
  filename: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  /** Download address (served as an attachment, never rendered in the page's origin). */
  url: z.string(),
  createdAt: DateTimeSchema,
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** GET /api/courses/:id/lessons/:itemId and the answer to lesson writes. */
export const LessonSchema = z.object({
  id: IdSchema,
  courseId: IdSchema,
  sectionId: IdSchema,
  kind: z.literal('lesson'),
  title: z.string(),
  /** Sanitised HTML: safe to render as is. */
  bodyHtml: z.string(),
  videoLink: z.string(),
  durationMinutes: z.number().int(),
  preview: z.boolean(),
  published: z.boolean(),
  required: z.boolean(),
  version: z.number().int(),
  attachments: z.array(AttachmentSchema),
  /** The caller completed it (enrolled students). */
  completed: z.boolean(),
  updatedAt: DateTimeSchema,
});
export type Lesson = z.infer<typeof LessonSchema>;

export const SectionSchema = OutlineSectionSchema.omit({ items: true });
export type Section = z.infer<typeof SectionSchema>;

/** POST /api/courses/:id/items/:itemId/completion. */
export const CompletionSchema = z.object({
  itemId: IdSchema,
  completedAt: DateTimeSchema,
  progress: ProgressSchema,
});
export type Completion = z.infer<typeof CompletionSchema>;
