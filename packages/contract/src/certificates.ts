import { BADGE_IDS, PROGRESS_GRID } from './constants/certificates.js';
import { DateTimeSchema, IdSchema, pageOf, PageQuerySchema, textInput } from './common.js';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// Certificates (docs/decisions/030-certificates-badges-progress-grid.md)
// ---------------------------------------------------------------------------------------------

/** `:code` of the certificate routes: any short text; an unknown or malformed one is a 404, never a 400. */
export const CertificateCodeParamsSchema = z.object({ code: textInput().max(64) });

/**
 * GET /api/certificates/:code — what the public verification page shows: the name, the course, the teacher and
 * the date. Nothing else about the student (no e-mail, no id, no username).
 */
export const PublicCertificateSchema = z.object({
  code: z.string(),
  studentName: z.string(),
  courseTitle: z.string(),
  teacherName: z.string(),
  issuedAt: DateTimeSchema,
});
export type PublicCertificate = z.infer<typeof PublicCertificateSchema>;

/** A certificate of the signed-in student, with its course and where to download the PDF. */
export const MyCertificateSchema = PublicCertificateSchema.extend({
  courseId: IdSchema,
  /** `/api/certificates/<code>/pdf` (needs the owner's or an admin's token). */
  pdfUrl: z.string(),
});
export type MyCertificate = z.infer<typeof MyCertificateSchema>;

/** GET /api/student/certificates — optionally the one of a course (`courseId`). */
export const MyCertificatesQuerySchema = PageQuerySchema.extend({ courseId: IdSchema.optional() });
export type MyCertificatesQuery = z.infer<typeof MyCertificatesQuerySchema>;

/** GET /api/student/certificates — newest first. */
export const MyCertificatesPageSchema = pageOf(MyCertificateSchema);
export type MyCertificatesPage = z.infer<typeof MyCertificatesPageSchema>;

// ---------------------------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------------------------

export const BadgeSchema = z.object({
  id: z.enum(BADGE_IDS),
  earned: z.boolean(),
  /** When it was earned; null when not earned, or when the facts do not date it (an accepted answer). */
  earnedAt: DateTimeSchema.nullable(),
});
export type Badge = z.infer<typeof BadgeSchema>;

/** GET /api/student/badges — every badge of the fixed set, earned or not, in the set's order. */
export const BadgesSchema = z.object({ earned: z.number().int(), badges: z.array(BadgeSchema) });
export type Badges = z.infer<typeof BadgesSchema>;

// ---------------------------------------------------------------------------------------------
// The teacher's progress grid
// ---------------------------------------------------------------------------------------------

export const ProgressGridQuerySchema = PageQuerySchema.extend({
  pageSize: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be at least 1' })
    .max(PROGRESS_GRID.maxPageSize, { error: `must be at most ${PROGRESS_GRID.maxPageSize}` })
    .default(PROGRESS_GRID.defaultPageSize),
  sort: z.enum(PROGRESS_GRID.sorts).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ProgressGridQuery = z.input<typeof ProgressGridQuerySchema>;

/** A column of the grid: a published item of the curriculum, in outline order. */
export const ProgressGridItemSchema = z.object({
  id: IdSchema,
  title: z.string(),
  sectionTitle: z.string(),
  kind: z.string(),
  required: z.boolean(),
});
export type ProgressGridItem = z.infer<typeof ProgressGridItemSchema>;

export const ItemStateSchema = z.enum(['completed', 'opened', 'not_started']);
export type ItemState = z.infer<typeof ItemStateSchema>;

/** A row: an enrolled student, their progress, and the state of every column (same order as `columns`). */
export const ProgressGridRowSchema = z.object({
  studentId: IdSchema,
  name: z.string(),
  username: z.string(),
  status: z.enum(['active', 'completed']),
  percent: z.number().int(),
  completedItems: z.number().int(),
  totalItems: z.number().int(),
  enrolledAt: DateTimeSchema,
  /** The latest of enrolment, lesson opened and item completed. */
  lastActivityAt: DateTimeSchema,
  states: z.array(ItemStateSchema),
});
export type ProgressGridRow = z.infer<typeof ProgressGridRowSchema>;

/** GET /api/courses/:id/progress-grid — one page of students, with the columns. */
export const ProgressGridSchema = pageOf(ProgressGridRowSchema).extend({
  courseId: IdSchema,
  courseTitle: z.string(),
  /** The columns, in outline order (`items` are the rows: a page of students). */
  columns: z.array(ProgressGridItemSchema),
  /** True when the curriculum has more published items than the grid shows (PROGRESS_GRID.maxItems). */
  itemsTruncated: z.boolean(),
});
export type ProgressGrid = z.infer<typeof ProgressGridSchema>;
