import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { users } from './users.js';

/**
 * The job queue (lib/jobs.ts): one row per run. A runner claims due rows with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_until`), so several app processes never run one job twice at once; a crashed runner's lease expires and
 * the job runs again. `unique_key` makes an enqueue idempotent (a scheduled slot, a delivery) across processes.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    uniqueKey: text('unique_key'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_unique_key').on(t.uniqueKey),
    // The claim query: pending jobs by due time.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`status = 'pending'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`status <> 'pending'`),
  ],
);

/** One in-app notification of one user; `seq` orders a user's stream (the SSE event id). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    /** What the mail of this notification is waiting for: none, its own mail job, the daily digest; or sent. */
    mail: text('mail', { enum: ['none', 'immediate', 'digest', 'sent'] })
      .notNull()
      .default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    index('notifications_digest_idx')
      .on(t.userId, t.seq)
      .where(sql`mail = 'digest'`),
  ],
);

/** A user's e-mail choice for one event type; absent rows take the type's default (contract NOTIFICATION_TYPES). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    email: text('email', { enum: ['off', 'immediate', 'digest'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
