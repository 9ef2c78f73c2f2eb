import { DateTimeSchema, IdSchema } from './common.js';
import { z } from './zod.js';

/*
 * SCORM 1.2 / 2004 packages as lessons (issue 50.1, ADR 067): a teacher uploads a package's .zip as a lesson of a
 * section (or replaces a lesson's package), learners launch its SCOs, the runtime in the package's frame commits
 * their CMI data, and the teacher reads each learner's status, score and time.
 */

export const SCORM_LIMITS = {
  /** The uploaded zip, in bytes. */
  uploadBytes: 512 * 1024 * 1024,
  /** Entries in the zip. */
  zipEntries: 20_000,
  /** The zip's files unpacked, together, in bytes (zip bombs are refused before anything inflates). */
  unpackedBytes: 1024 * 1024 * 1024,
  /** One file unpacked, in bytes (it is stored as one row: ADR 067). */
  entryBytes: 64 * 1024 * 1024,
  /** imsmanifest.xml unpacked, in bytes. */
  manifestBytes: 4 * 1024 * 1024,
  /** Items of the default organization (the lesson's table of contents). */
  items: 1_000,
  /** suspend_data, in characters (SCORM 1.2 says 4,096 and 2004 64,000: real packages write more; kept). */
  suspendData: 1_000_000,
  /** Interactions kept per SCO attempt. */
  interactions: 500,
  /** Elements of one commit. */
  commitElements: 20_000,
  /** A commit's body, in bytes. */
  commitBytes: 4 * 1024 * 1024,
  /** Learners of one report page. */
  reportPage: 100,
} as const;

export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];
export const SCORM_COMPLETION = ['completed', 'incomplete', 'not attempted', 'unknown'] as const;
export const SCORM_SUCCESS = ['passed', 'failed', 'unknown'] as const;

export const ScormItemParamsSchema = z.object({ id: IdSchema, itemId: IdSchema });
export const ScormTokenParamsSchema = z.object({ token: z.string().min(20).max(400) });

/** One entry of a package's table of contents: an item of its default organization, in document order. */
export const ScormTocEntrySchema = z.object({
  identifier: z.string(),
  title: z.string(),
  /** 0 for the organization's own items, 1 for their children… */
  depth: z.number().int(),
  /** The file it launches (with the item's parameters), relative to the package; null for a heading. */
  launch: z.string().nullable(),
  /** A SCO talks to the runtime (and has an attempt per learner); an asset is only shown. */
  sco: z.boolean(),
  /** The learner's completion and success in it (SCOs of a learner's own view; null otherwise). */
  completion: z.enum(SCORM_COMPLETION).nullable(),
  success: z.enum(SCORM_SUCCESS).nullable(),
});
export type ScormTocEntry = z.infer<typeof ScormTocEntrySchema>;

export const ScormPackageSchema = z.object({
  id: IdSchema,
  itemId: IdSchema,
  courseId: IdSchema,
  version: z.enum(SCORM_VERSIONS),
  /** As the manifest's metadata says it (e.g. "2004 4th Edition"), or what the namespaces imply. */
  schemaVersion: z.string(),
  title: z.string(),
  files: z.number().int(),
  bytes: z.number().int(),
  toc: z.array(ScormTocEntrySchema),
  uploadedAt: DateTimeSchema,
});
export type ScormPackage = z.infer<typeof ScormPackageSchema>;

/** POST …/scorm/launch (a learner) and …/scorm/preview (an author): which item of the table of contents. */
export const ScormLaunchBodySchema = z.strictObject({
  /** The item's identifier; default: the first item that launches something. */
  item: z.string().max(500).optional(),
});
export type ScormLaunchBody = z.input<typeof ScormLaunchBodySchema>;

export const ScormLaunchSchema = z.object({
  packageId: IdSchema,
  item: z.string(),
  /** The SCO's page at the package's isolated path, to open in a sandboxed frame (valid for `expiresAt`). */
  url: z.string(),
  /** The token of this launch: the path segment of `url`, and the key of the runtime's state and commits. */
  token: z.string(),
  /** The learner's attempt, null for an author's preview (its commits are not kept). */
  attemptId: IdSchema.nullable(),
  expiresAt: DateTimeSchema,
});
export type ScormLaunch = z.infer<typeof ScormLaunchSchema>;

/** The CMI data model elements of an attempt, flattened ("cmi.core.lesson_status": "passed"). */
export const ScormCmiSchema = z.record(z.string().max(200), z.union([z.string(), z.number(), z.boolean()]));
export type ScormCmi = z.infer<typeof ScormCmiSchema>;

/**
 * POST /api/scorm/runtime/:token/commit: the flattened elements as the runtime renders them (its empty arrays and
 * objects included, which are ignored).
 */
export const ScormCommitBodySchema = z.record(z.string().max(300), z.unknown());
export type ScormCommitBody = z.infer<typeof ScormCommitBodySchema>;

/** GET /api/scorm/runtime/:token: what the runtime initialises the SCO with (to resume where the learner left). */
export const ScormStateSchema = z.object({
  version: z.enum(SCORM_VERSIONS),
  attemptId: IdSchema.nullable(),
  /** Elements to load before the SCO initialises (the learner's last state, entry, total time, launch data). */
  cmi: ScormCmiSchema,
});
export type ScormState = z.infer<typeof ScormStateSchema>;

export const ScormCommitResultSchema = z.object({
  saved: z.boolean(),
  completion: z.enum(SCORM_COMPLETION),
  success: z.enum(SCORM_SUCCESS),
  /** The lesson now counts as completed for the learner's progress. */
  lessonCompleted: z.boolean(),
});
export type ScormCommitResult = z.infer<typeof ScormCommitResultSchema>;

export const ScormReportQuerySchema = z.object({
  /** The cursor of the previous page (`next`). */
  after: z.string().max(600).optional(),
  limit: z.coerce.number().int().min(1).max(SCORM_LIMITS.reportPage).default(50),
});

export const ScormReportRowSchema = z.object({
  studentId: IdSchema,
  name: z.string(),
  /** Over the package's SCOs: not attempted, incomplete, or completed (every SCO completed or passed). */
  status: z.enum(['not attempted', 'incomplete', 'completed']),
  /** passed when every scored SCO passed, failed when one failed, else unknown. */
  success: z.enum(SCORM_SUCCESS),
  /** The mean of the SCOs' scores as a percentage (scaled, else raw within min–max), null without a score. */
  scorePercent: z.number().nullable(),
  /** Time spent, all sessions, in seconds. */
  totalSeconds: z.number(),
  /** SCOs completed or passed, of `scos`. */
  scosDone: z.number().int(),
  scos: z.number().int(),
  lastActivityAt: DateTimeSchema.nullable(),
});
export type ScormReportRow = z.infer<typeof ScormReportRowSchema>;

export const ScormReportSchema = z.object({
  rows: z.array(ScormReportRowSchema),
  /** The cursor of the next page, null on the last one. */
  next: z.string().nullable(),
});
export type ScormReport = z.infer<typeof ScormReportSchema>;

export const ScormUploadResultSchema = z.object({
  /** The lesson (a course item of kind `lesson` whose content is the package). */
  itemId: IdSchema,
  title: z.string(),
  package: ScormPackageSchema,
  /** On a replacement: learners' attempts kept (their SCO identifiers are in the new package) and dropped. */
  attemptsKept: z.number().int(),
  attemptsDropped: z.number().int(),
});
export type ScormUploadResult = z.infer<typeof ScormUploadResultSchema>;
