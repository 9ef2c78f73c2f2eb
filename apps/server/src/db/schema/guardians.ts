import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A guardian linked to a student (issue 52, ADR 060): the guardian sees what the link allows of this child, from the
 * moment the link exists until it is deleted. A guardian may have several children, a student several guardians.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who made the link: the teacher or admin who sent the invitation (null once their account is gone). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The guardian left this child out of their weekly summary (ADR 070). */
    summaryMuted: boolean('summary_muted').notNull().default(false),
  },
  (t) => [
    // The guardian's children (and the check of one link) read this index; the student's guardians the next.
    uniqueIndex('guardian_links_pair_key').on(t.guardianId, t.studentId),
    index('guardian_links_student_idx').on(t.studentId),
  ],
);

/**
 * An invitation for a guardian of a student, sent by e-mail: only the digest of its token is stored. It is used
 * once (`used_at`), by a new account registered through it or a signed-in guardian with the same e-mail.
 */
export const guardianInvitations = pgTable(
  'guardian_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guardian_invitations_token_key').on(t.tokenHash),
    index('guardian_invitations_student_idx').on(t.studentId),
  ],
);

/** A guardian's choices (ADR 070): the weekly summary e-mail on (the default, no row) or off. */
export const guardianSettings = pgTable('guardian_settings', {
  guardianId: uuid('guardian_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weeklySummary: boolean('weekly_summary').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The weeks a guardian's summary went out (ADR 070): the row is written before the mail is sent, and its key
 * (guardian, ISO week such as 2030-W02) lets one process of many send it.
 */
export const guardianSummaries = pgTable(
  'guardian_summaries',
  {
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isoWeek: text('iso_week').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'guardian_summaries_pkey', columns: [t.guardianId, t.isoWeek] })],
);
