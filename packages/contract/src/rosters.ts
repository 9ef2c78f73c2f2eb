import { DateTimeSchema, IdSchema } from './common.js';
import { ROSTER_LIMITS } from './constants/rosters.js';
import { z } from './zod.js';

/*
 * Roster imports (issue 48.4, ADR 065): an admin uploads a plain CSV of users or a OneRoster 1.2 CSV zip, reads the
 * preview (what would be created, updated or left alone, and every refused row), then applies it as a job.
 */

export { ROSTER_LIMITS };

export const ROSTER_FORMATS = ['csv', 'oneroster'] as const;
export const ROSTER_IMPORT_STATUSES = ['preview', 'queued', 'running', 'done', 'failed'] as const;

export const RosterCountSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  remove: z.number().int(),
});
export type RosterCount = z.infer<typeof RosterCountSchema>;

export const RosterRefusedRowSchema = z.object({ file: z.string(), line: z.number().int(), reason: z.string() });
export type RosterRefusedRow = z.infer<typeof RosterRefusedRowSchema>;

export const RosterReportSchema = z.object({
  users: RosterCountSchema,
  classes: RosterCountSchema,
  enrolments: RosterCountSchema,
  /** How many rows were refused; `refused` lists the first ROSTER_LIMITS.refusedListed of them. */
  refusedCount: z.number().int(),
  refused: z.array(RosterRefusedRowSchema),
});
export type RosterReport = z.infer<typeof RosterReportSchema>;

/** A course of a class's teacher, offered in the preview. */
export const RosterCourseSchema = z.object({
  id: IdSchema,
  title: z.string(),
  status: z.enum(['draft', 'published']),
});
export type RosterCourse = z.infer<typeof RosterCourseSchema>;

/** A teacher of the roster's classes: an existing account (with their courses) or one the import creates. */
export const RosterTeacherSchema = z.object({
  sourcedId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The existing account; null when the import creates it (only a new draft course can then be chosen). */
  userId: IdSchema.nullable(),
  /** Their first ROSTER_LIMITS.coursesPerTeacher courses, by title. */
  courses: z.array(RosterCourseSchema),
});
export type RosterTeacher = z.infer<typeof RosterTeacherSchema>;

/** A class of the roster, to be linked to a course in the preview. */
export const RosterClassSchema = z.object({
  sourcedId: z.string(),
  title: z.string(),
  /** Its teacher (one of the preview's `teachers`). */
  teacherSourcedId: z.string(),
  /** The Lyceum class an earlier import made of it; null when this import creates it. */
  classId: IdSchema.nullable(),
  /** The courses it already follows. */
  courseIds: z.array(IdSchema),
});
export type RosterClass = z.infer<typeof RosterClassSchema>;

export const RosterImportSchema = z.object({
  id: IdSchema,
  format: z.enum(ROSTER_FORMATS),
  mode: z.enum(['bulk', 'delta']),
  status: z.enum(ROSTER_IMPORT_STATUSES),
  sendPasswordMail: z.boolean(),
  /** Rows to apply and rows applied so far (the progress bar). */
  total: z.number().int(),
  processed: z.number().int(),
  preview: RosterReportSchema,
  /** The preview's classes (the first ROSTER_LIMITS.classesListed, by file order) and their teachers. */
  classes: z.array(RosterClassSchema),
  classCount: z.number().int(),
  teachers: z.array(RosterTeacherSchema),
  /** What the apply did, once done. */
  result: RosterReportSchema.nullable(),
  error: z.string().nullable(),
  createdAt: DateTimeSchema,
  finishedAt: DateTimeSchema.nullable(),
});
export type RosterImport = z.infer<typeof RosterImportSchema>;

export const RosterUploadQuerySchema = z.object({ format: z.enum(ROSTER_FORMATS) });
/** A class's course: one of its teacher's courses, or `new` (a draft course named after the class, theirs). */
export const RosterClassCourseSchema = z.object({
  classSourcedId: z.string().min(1).max(255),
  courseId: z.union([IdSchema, z.literal('new')]),
});
export type RosterClassCourse = z.infer<typeof RosterClassCourseSchema>;

export const RosterApplyBodySchema = z.object({
  /** New accounts get the set-your-password mail; otherwise they sign in through the school's provider. */
  sendPasswordMail: z.boolean().default(false),
  /** Classes of the preview linked to a course (each class at most once); the others keep the courses they have. */
  courses: z.array(RosterClassCourseSchema).max(ROSTER_LIMITS.classesListed).default([]),
});
export type RosterApplyBody = z.infer<typeof RosterApplyBodySchema>;
