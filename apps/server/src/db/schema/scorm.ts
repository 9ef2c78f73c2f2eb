import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ScormTocEntry } from '@lyceum/contract';
import { courseItems, bytea } from './curriculum.js';
import { courses } from './courses.js';
import { users } from './users.js';

/** What the package keeps of a table-of-contents entry beyond what the API shows (runtime data of the SCO). */
export interface StoredTocEntry extends Omit<ScormTocEntry, 'completion' | 'success'> {
  /** adlcp:dataFromLMS (2004) / adlcp:datafromlms (1.2): cmi.launch_data. */
  launchData?: string;
  /** adlcp:masteryscore (1.2): cmi.student_data.mastery_score. */
  masteryScore?: string;
  /** adlcp:completionThreshold (2004): cmi.completion_threshold. */
  completionThreshold?: string;
  /** imsss primary objective's minNormalizedMeasure when satisfiedByMeasure (2004): cmi.scaled_passing_score. */
  scaledPassingScore?: string;
}

/**
 * A SCORM package, the content of one lesson (issue 50.1, ADR 067): replacing it writes a new row (a new id, so a
 * new content path) and deletes the old one with its files. Attempts belong to the lesson, not to the package.
 */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    version: text('version', { enum: ['1.2', '2004'] }).notNull(),
    schemaVersion: text('schema_version').notNull(),
    title: text('title').notNull(),
    toc: jsonb('toc').$type<StoredTocEntry[]>().notNull(),
    files: integer('files').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorm_packages_item_idx').on(t.itemId),
    check('scorm_packages_version_check', sql`${t.version} in ('1.2', '2004')`),
  ],
);

/** The files of a package, one row each (ADR 067: in the database up to SCORM_LIMITS.entryBytes a file). */
export const scormFiles = pgTable(
  'scorm_files',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.path] })],
);

/**
 * A learner's attempt at one SCO of a SCORM lesson (one per learner and SCO identifier: a new package keeps the
 * attempts of the SCOs it still has). Status, score and times are columns (the report reads them); the rest of the
 * CMI data as sent.
 */
export const scormAttempts = pgTable(
  'scorm_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sco: text('sco').notNull(),
    completion: text('completion').notNull().default('not attempted'),
    success: text('success').notNull().default('unknown'),
    scoreRaw: doublePrecision('score_raw'),
    scoreMin: doublePrecision('score_min'),
    scoreMax: doublePrecision('score_max'),
    scoreScaled: doublePrecision('score_scaled'),
    progressMeasure: doublePrecision('progress_measure'),
    location: text('location').notNull().default(''),
    suspendData: text('suspend_data').notNull().default(''),
    exit: text('exit').notNull().default(''),
    /**
     * Seconds of the sessions before the current one, and of the current one; `session`: the launch key of the
     * current one and the sequence of its last commit kept ("key#n"), so that an older commit arriving late is not
     * applied over a newer one.
     */
    priorSeconds: doublePrecision('prior_seconds').notNull().default(0),
    sessionSeconds: doublePrecision('session_seconds').notNull().default(0),
    session: text('session').notNull().default(''),
    interactions: jsonb('interactions').$type<Record<string, string | number | boolean>[]>().notNull().default([]),
    commits: integer('commits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorm_attempts_learner_idx').on(t.itemId, t.studentId, t.sco),
    index('scorm_attempts_student_idx').on(t.studentId),
  ],
);
