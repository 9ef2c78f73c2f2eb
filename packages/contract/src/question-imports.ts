import { DateTimeSchema, IdSchema } from './common.js';
import { ImportReportSchema } from './questions/index.js';
import { z } from './zod.js';

/*
 * A GIFT import being written (issue 55, ADR 040): `POST /api/courses/:id/questions/import` without dryRun answers
 * 202 with this, and `GET /api/question-imports/:id` follows it until `status` is done (or failed).
 */

export const QUESTION_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type QuestionImportStatus = (typeof QUESTION_IMPORT_STATUSES)[number];

export const QuestionImportSchema = z.object({
  id: IdSchema,
  courseId: IdSchema,
  status: z.enum(QUESTION_IMPORT_STATUSES),
  /** Questions to write, and how many are written so far (the progress). */
  total: z.number().int(),
  written: z.number().int(),
  /** The preview's report; `createdIds` grows as questions are written (all of them once done). */
  report: ImportReportSchema,
  /** Why the import stopped, when it failed (the questions written before stay). */
  error: z.string().nullable(),
  createdAt: DateTimeSchema,
  finishedAt: DateTimeSchema.nullable(),
});
export type QuestionImport = z.infer<typeof QuestionImportSchema>;
