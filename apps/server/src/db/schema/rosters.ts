import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A roster import (issue 48.4, ADR 065): a plain CSV or a OneRoster 1.2 CSV zip, parsed into `roster_import_rows`,
 * previewed (`preview`: counts and refused rows), then applied by the `rosters.apply` job (`queued` → `running` →
 * `done` | `failed`), `processed` of `total` rows as its progress.
 */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    format: text('format', { enum: ['csv', 'oneroster'] }).notNull(),
    /** OneRoster's manifest: bulk (the whole roster) or delta (changes, with `tobedeleted` rows). */
    mode: text('mode', { enum: ['bulk', 'delta'] }).notNull(),
    status: text('status', { enum: ['preview', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('preview'),
    /** New accounts get the set-your-password mail (else they sign in through the school's provider). */
    sendPasswordMail: boolean('send_password_mail').notNull().default(false),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    /** { counts, refused } of the preview, then of the apply. */
    preview: jsonb('preview').notNull().default({}),
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('roster_imports_created_idx').on(t.createdAt),
    check('roster_imports_status_check', sql`${t.status} in ('preview', 'queued', 'running', 'done', 'failed')`),
  ],
);

/** One parsed record of an import (a user, a class or an enrolment), in file order: never the file itself. */
export const rosterImportRows = pgTable(
  'roster_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => rosterImports.id, { onDelete: 'cascade' }),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** 1 users, 2 classes, 3 enrolments: applied in that order. */
    stage: integer('stage').notNull(),
    file: text('file').notNull(),
    line: integer('line').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.stage, t.seq] })],
);

/** A roster's identifier (OneRoster sourcedId, or the plain CSV's e-mail / class name) → the Lyceum user or class. */
export const rosterLinks = pgTable(
  'roster_links',
  {
    kind: text('kind', { enum: ['user', 'class'] }).notNull(),
    sourcedId: text('sourced_id').notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.sourcedId] }), index('roster_links_target_idx').on(t.targetId)],
);
