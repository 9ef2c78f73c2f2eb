import { IdSchema } from '../common.js';
import { z } from '../zod.js';
import { QUESTION_TYPES } from './common.js';

/*
 * QTI 2.1 / 3.0 question import and export (issue 50.4, docs/decisions/064-qti.md): one assessmentItem XML file or an
 * IMS content package (.zip with imsmanifest.xml) in; the bank (or chosen questions) out as a QTI 3.0 package.
 */

export { QTI_LIMITS } from '../constants/qti.js';

/** POST /api/courses/:id/questions/import-qti — `dryRun=true` previews without saving. */
export const ImportQtiQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** An item found: its file (in the package), its QTI identifier and the bank question it becomes. */
export const QtiImportedItemSchema = z.object({
  file: z.string(),
  identifier: z.string(),
  type: z.enum(QUESTION_TYPES),
  title: z.string(),
  points: z.number(),
  /** A question of the same type and prompt is already in the course's bank: importing adds it again. */
  duplicate: z.boolean(),
});
/** An item (or a file the manifest names) that was refused: where, and why in a teacher's words. */
export const QtiRefusedItemSchema = z.object({ file: z.string(), identifier: z.string(), reason: z.string() });
/** Something imported differently from the item's own rendering, without being refused. */
export const QtiNoticeSchema = z.object({ file: z.string(), identifier: z.string(), message: z.string() });

/** The answer of a QTI import: every item found and every item refused; `createdIds` is empty on a dry run. */
export const QtiImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** `item` (one XML file) or `package` (a zip with imsmanifest.xml). */
  source: z.enum(['item', 'package']),
  questions: z.array(QtiImportedItemSchema),
  refused: z.array(QtiRefusedItemSchema),
  notices: z.array(QtiNoticeSchema),
  createdIds: z.array(IdSchema),
});
export type QtiImportReport = z.infer<typeof QtiImportReportSchema>;
export type QtiImportedItem = z.infer<typeof QtiImportedItemSchema>;
export type QtiRefusedItem = z.infer<typeof QtiRefusedItemSchema>;
export type QtiNotice = z.infer<typeof QtiNoticeSchema>;
