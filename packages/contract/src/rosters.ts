import { DateTimeSchema, IdSchema } from './common.js';
import { z } from './zod.js';

/*
 * Roster imports (issue 48.4, ADR 065): an admin uploads a plain CSV of users or a OneRoster 1.2 CSV zip, reads the
 * preview (what would be created, updated or left alone, and every refused row), then applies it as a job.
 */

export const ROSTER_LIMITS = {
  /** One CSV (the plain CSV, or one file inside the zip), in bytes. */
  csvBytes: 20 * 1024 * 1024,
  /** The uploaded zip, in bytes. */
  zipBytes: 50 * 1024 * 1024,
  /** Entries in the zip. */
  zipEntries: 32,
  /** The zip's files unpacked, together, in bytes. */
  unpackedBytes: 200 * 1024 * 1024,
  /** Refused rows kept in a report (the counts go on past it). */
  refusedListed: 1_000,
} as const;

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
  /** What the apply did, once done. */
  result: RosterReportSchema.nullable(),
  error: z.string().nullable(),
  createdAt: DateTimeSchema,
  finishedAt: DateTimeSchema.nullable(),
});
export type RosterImport = z.infer<typeof RosterImportSchema>;

export const RosterUploadQuerySchema = z.object({ format: z.enum(ROSTER_FORMATS) });
export const RosterApplyBodySchema = z.object({
  /** New accounts get the set-your-password mail; otherwise they sign in through the school's provider. */
  sendPasswordMail: z.boolean().default(false),
});
